// `npm run package`: a production build (minified, no source maps), then a
// .vsix by @vscode/vsce with only what a user needs (.vscodeignore is an
// allow-list; --no-dependencies since dist/ bundles are self-contained).
// Prints the package's path, size and file list. Other scripts import
// `packageExtension()` to get a fresh .vsix.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vsce = path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8', stdio: options.capture ? 'pipe' : 'inherit' });
  if (r.status !== 0) {
    throw new Error(`${path.basename(command)} ${args.join(' ')} failed (${r.status ?? r.signal})\n${r.stderr ?? ''}` +
      (r.error ? `\n${r.error.message}: run \`npm ci\` first` : ''));
  }
  return r.stdout;
}

/** Builds for production and packages; returns the .vsix path and what it holds. */
export function packageExtension({ quiet = false } = {}) {
  const { name, version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const vsix = path.join(repoRoot, `${name}-${version}.vsix`);
  // A clean dist/: a development build's source maps must not linger.
  rmSync(path.join(repoRoot, 'dist'), { recursive: true, force: true });
  run(process.execPath, ['scripts/build.mjs', '--production']);
  run(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix], { capture: quiet });
  const files = run(process.execPath, [vsce, 'ls', '--no-dependencies'], { capture: true }).trim().split('\n');
  return { vsix, bytes: statSync(vsix).size, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { vsix, bytes, files } = packageExtension();
    process.stdout.write(`\n${path.relative(repoRoot, vsix)}: ${(bytes / 1024).toFixed(1)} KiB, ${files.length} files\n${files.map((f) => `  ${f}`).join('\n')}\n`);
  } catch (e) {
    process.stderr.write(`Packaging failed: ${e.message}\n`);
    process.exit(1);
  }
}
