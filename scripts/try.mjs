// `npm run try`: builds and packages the extension, installs the .vsix into
// the browser VS Code bundled in code-server (nothing else installed), opens
// a demo workspace copied to a temporary folder, and prints the local URL.
// Runs until Ctrl-C, then ends what it started and removes the folder.
import { rmSync } from 'node:fs';
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
  const log = (line) => verbose && process.stdout.write(`${line}\n`);
  // Ctrl-C: ProcessGroup ends the servers; the temporary folder goes too.
  process.once('exit', () => rmSync(stateDir, { recursive: true, force: true }));
  const { root, notes } = buildDemoWorkspace(stateDir);
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
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((e) => {
  process.stderr.write(`\nnpm run try failed: ${e instanceof MissingPiece ? e.message : (e.stack ?? e.message)}\n`);
  process.exit(1);
});
