// The release's local steps (docs/release.md), run by .ci/run and by the
// release workflow before anything is published: the production .vsix and
// `vsce ls` of what it holds, every relative link and image of the README
// and docs/ resolving to a file of the repository (the marketplace shows
// them through the repository field), the command line's npm tarball, and
// the release notes from the CHANGELOG. `--out DIR` keeps the .vsix, the
// tarball and notes.md there. Exits 1 on the first step that fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageExtension } from './package.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = outIndex === -1 ? mkdtempSync(path.join(tmpdir(), 'packs-release-')) : path.resolve(process.argv[outIndex + 1]);
mkdirSync(out, { recursive: true });

const problems = [];
const say = (line) => process.stdout.write(`${line}\n`);

// 1. The .vsix, and what vsce says it holds.
const { vsix, bytes, files } = packageExtension({ quiet: true });
const shipped = path.join(out, path.basename(vsix));
renameSync(vsix, shipped);
say(`${path.basename(shipped)}: ${(bytes / 1024).toFixed(1)} KiB, ${files.length} files (vsce ls)`);
for (const needed of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/client.js', 'dist/server.js', 'dist/cli.js', 'dist/web/client.js', 'dist/web/server.js', 'schemas/prompts.schema.json']) {
  if (!files.includes(needed)) problems.push(`the .vsix lacks ${needed}`);
}
for (const f of files) if (/\.map$|^(test|src-shared|server\/src|client\/src|node_modules)\//.test(f)) problems.push(`the .vsix ships ${f}`);

// 2. Relative links and images of the pages users read, as files of the repository.
const pages = ['README.md', 'CHANGELOG.md', 'cli/README.md', ...readdirSync(path.join(repoRoot, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
let links = 0;
for (const page of pages) {
  const text = readFileSync(path.join(repoRoot, page), 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, bang, target] of text.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:|^#/i.test(target)) continue;
    links++;
    const file = path.resolve(path.dirname(path.join(repoRoot, page)), decodeURIComponent(target.split('#')[0]));
    if (!existsSync(file)) problems.push(`${page}: ${target} is not a file of the repository`);
    else if (bang && page === 'README.md' && !/\.(png|jpe?g|gif)$/i.test(file)) problems.push(`${page}: ${target}: the marketplace shows PNG, JPEG and GIF images only`);
  }
}
say(`${links} relative links and images in ${pages.length} pages resolve`);

// 3. The command line's npm package.
const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: path.join(repoRoot, 'cli'), encoding: 'utf8' });
if (pack.status !== 0) problems.push(`npm pack in cli/ failed: ${pack.stderr}`);
else {
  const [{ filename, entryCount }] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')));
  const size = statSync(path.join(out, filename)).size;
  say(`${filename}: ${(size / 1024).toFixed(1)} KiB, ${entryCount} files (npm pack)`);
  if (size >= 400 * 1024 || entryCount > 15) problems.push(`${filename} is ${size} bytes in ${entryCount} files (at most 400 KiB, 15 files)`);
}

// 4. The release notes: the CHANGELOG's first section.
const changelog = readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8');
const [, first] = changelog.split(/^## /m);
if (!first?.trim()) problems.push('CHANGELOG.md has no section to release');
else writeFileSync(path.join(out, 'notes.md'), `## ${first.trim()}\n`);

for (const p of problems) process.stderr.write(`release check: ${p}\n`);
say(problems.length === 0 ? `release check: ready (${out})` : `release check: ${problems.length} problem(s)`);
process.exit(problems.length === 0 ? 0 : 1);
