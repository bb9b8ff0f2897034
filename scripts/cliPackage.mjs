// `prepack` of the command line's npm package (cli/package.json): bundles
// dist/cli.js for production (minified, no source map, no dependencies
// left to install) and copies in the licence and the JSON Schemas, so
// `cd cli && npm pack` (or `npm publish`) ships exactly what `files` names.
// Not the tokenizers' encoder chunks (3.7 MB minified, about 1.5 MB
// compressed): exact counts load gpt-tokenizer when the project installed
// it, an optional peer (src-node/tokens/loadEncoder.ts).
// The package's version must be the extension's: one release, one number.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { cliBundle } from './cliBundle.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = path.join(repoRoot, 'cli');
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));

const extension = read(path.join(repoRoot, 'package.json'));
const cli = read(path.join(packageDir, 'package.json'));
if (cli.version !== extension.version) {
  process.stderr.write(`cli/package.json is at ${cli.version}, the extension at ${extension.version}: give both the same version.\n`);
  process.exit(1);
}

rmSync(path.join(packageDir, 'dist'), { recursive: true, force: true });
await build({
  ...cliBundle,
  entryPoints: cliBundle.entryPoints.map((e) => path.join(repoRoot, e)),
  outfile: path.join(packageDir, 'dist', 'cli.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
});
copyFileSync(path.join(repoRoot, 'LICENSE'), path.join(packageDir, 'LICENSE'));
mkdirSync(path.join(packageDir, 'schemas'), { recursive: true });
for (const f of readdirSync(path.join(repoRoot, 'schemas')).filter((f) => f.endsWith('.schema.json'))) {
  copyFileSync(path.join(repoRoot, 'schemas', f), path.join(packageDir, 'schemas', f));
}
