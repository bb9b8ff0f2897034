// `npm run try`: builds and packages the extension, installs the .vsix into
// the browser VS Code bundled in code-server (nothing else installed), opens
// a demo workspace copied to a temporary folder, and prints the local URL.
// Runs until Ctrl-C, then ends what it started and removes the folder: the
// workspace too, unless `--keep` (`npm run try -- --keep`) asks to keep it,
// edits made in the browser included. It says which, before and after.
import { readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { packageExtension } from './package.mjs';
import { buildDemoWorkspace } from './e2e/demoWorkspace.mjs';
import { freshStateDir } from './e2e/paths.mjs';
import { ProcessGroup } from './e2e/processes.mjs';
import { ensureToolchain, MissingPiece } from './e2e/toolchain.mjs';
import { folderUrl, startUserWorkbench } from './e2e/workbench.mjs';

async function main() {
  const toolchain = await ensureToolchain();
  process.stdout.write('Building and packaging...\n');
  const { vsix } = packageExtension({ quiet: true });
  const stateDir = freshStateDir('try');
  const group = new ProcessGroup();
  const verbose = process.argv.includes('--verbose');
  const keep = process.argv.includes('--keep');
  const log = (line) => verbose && process.stdout.write(`${line}\n`);
  let root;
  // Ctrl-C: ProcessGroup ends the servers; the temporary folder goes too (with --keep, all of it but the workspace).
  process.once('exit', () => {
    if (!keep || !root) return rmSync(stateDir, { recursive: true, force: true });
    for (const entry of readdirSync(stateDir)) {
      if (entry !== path.basename(root)) rmSync(path.join(stateDir, entry), { recursive: true, force: true });
    }
    process.stdout.write(`\nThe workspace, with your edits, is kept in:\n    ${root}\n`);
  });
  const demo = buildDemoWorkspace(stateDir);
  root = demo.root;
  const notes = demo.notes;
  const { origin } = await startUserWorkbench({ group, toolchain, stateDir, vsix, log });
  process.stdout.write(
    [
      '',
      `Packs & Prompts is installed in a browser VS Code. Open:`,
      '',
      `    ${folderUrl(origin, root)}`,
      '',
      `Workspace: ${root}`,
      ...notes.map((n) => `  - ${n}`),
      '',
      keep
        ? 'Press Ctrl-C to stop. The workspace is kept, with what you change in it.'
        : 'Press Ctrl-C to stop. The workspace is a temporary copy: Ctrl-C deletes it, with any edits made in\nthe browser. To keep it, start with: npm run try -- --keep',
      '',
    ].join('\n'),
  );
}

main().catch((e) => {
  process.stderr.write(`\nnpm run try failed: ${e instanceof MissingPiece ? e.message : (e.stack ?? e.message)}\n`);
  process.exit(1);
});
