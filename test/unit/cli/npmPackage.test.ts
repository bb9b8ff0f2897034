// The command line as users install it: `npm pack` of cli/ (its prepack
// bundles dist/cli.js), the tarball installed into an empty project with
// the network shut (there is nothing to fetch), and `npx packs-and-prompts`
// run there on copies of the examples with the documented exit codes.
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { examplesDir, repoRoot } from '../../support/paths';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const extension = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));

// No registry to reach: a port on loopback nothing listens on, and npm's offline mode.
const offline = { ...process.env, npm_config_registry: 'http://127.0.0.1:9/', npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

function run(command: string, args: readonly string[], options: SpawnSyncOptions) {
  const r = spawnSync(command, args, { encoding: 'utf8', env: offline, ...options });
  return { status: r.status, out: `${String(r.stdout)}${String(r.stderr)}`, stdout: String(r.stdout) };
}

type Packed = { filename: string; size: number; entryCount: number; files: { path: string }[] };
let packed: Packed;
let tarball: string;
let project: string;

before(() => {
  const destination = mkdtempSync(path.join(tmpdir(), 'packs-npm-pack-'));
  const r = run(npm, ['pack', '--json', '--pack-destination', destination], { cwd: path.join(repoRoot, 'cli') });
  assert.equal(r.status, 0, r.out);
  [packed] = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as Packed[];
  tarball = path.join(destination, packed.filename);
  project = mkdtempSync(path.join(tmpdir(), 'packs-npm-project-'));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'a-team-repo', private: true }));
  const install = run(npm, ['install', '--no-save', tarball], { cwd: project });
  assert.equal(install.status, 0, install.out);
  cpSync(examplesDir, path.join(project, 'examples'), { recursive: true });
});

test('the tarball is the bundled command line, its README, licence and schemas: small, and nothing to install with it', () => {
  assert.deepEqual(packed.files.map((f) => f.path).sort(), [
    'LICENSE', 'README.md', 'dist/cli.js', 'package.json',
    'schemas/loomprofile.schema.json', 'schemas/packenv.schema.json', 'schemas/prompts.schema.json',
  ]);
  assert.ok(packed.entryCount <= 15, `${packed.entryCount} files`);
  assert.ok(statSync(tarball).size < 400 * 1024, `${statSync(tarball).size} bytes`);
  const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules', 'packs-and-prompts', 'package.json'), 'utf8'));
  assert.equal(manifest.name, extension.name);
  assert.equal(manifest.version, extension.version);
  assert.equal(manifest.dependencies, undefined);
});

const cases = [
  { args: ['--version'], status: 0, says: new RegExp(`^${extension.version.replace(/\./g, '\\.')}\\n$`) },
  { args: ['check', 'examples/loom-9', 'examples/prompts'], status: 0, says: /./ },
  { args: ['check', 'examples/broken'], status: 1, says: /fix-flaky-test\.prompts:\d+:\d+: error/ },
  { args: ['render', 'examples/loom-9/coding-agent.pack', '--env', 'examples/environments/ci-proxied.packenv.json'], status: 0, says: /\S/ },
  { args: ['check'], status: 2, says: /Usage:/ },
];

for (const { args, status, says } of cases) {
  test(`installed, \`npx packs-and-prompts ${args.join(' ')}\` exits ${status}`, () => {
    const r = run(npx, ['--no', '--', 'packs-and-prompts', ...args], { cwd: project });
    assert.equal(r.status, status, r.out);
    assert.match(args[0] === '--version' ? r.stdout : r.out, says);
  });
}
