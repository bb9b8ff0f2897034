// The command line as users install it: `npm pack` of cli/ (its prepack
// bundles dist/cli.js), the tarball installed into an empty project with
// the network shut (there is nothing to fetch), and `npx packs-and-prompts`
// run there on copies of the examples with the documented exit codes; the
// tokenizer, an optional peer it ships without: counts said to be
// estimates and token budgets not checked (exit 2) until the project
// installs gpt-tokenizer, then exact.
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { distDir, examplesDir, repoRoot } from '../../support/paths';

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
  assert.deepEqual(manifest.peerDependenciesMeta, { 'gpt-tokenizer': { optional: true } }, 'the tokenizer is not installed with it');
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

const pack = 'examples/loom-9/coding-agent.pack';
const npxCli = (...args: string[]) => run(npx, ['--no', '--', 'packs-and-prompts', ...args], { cwd: project });

test('without gpt-tokenizer: render --json says its count is an estimate and what to install (exit 0); the token budgets are not checked (exit 2)', () => {
  const r = npxCli('render', '--json', pack);
  assert.equal(r.status, 0, r.out);
  const out = JSON.parse(r.stdout);
  assert.equal(out.tokens.tokenizer, 'o200k_base');
  assert.equal(out.tokens.exact, false);
  assert.match(out.tokens.method, /an estimate .*the o200k_base encoder is not installed .*npm install --save-dev gpt-tokenizer@4\.0\.0/);
  assert.equal(out.tokens.count, Math.ceil([...out.render].length / 4.4));
  for (const budget of [['--max-render-tokens', '100000'], ['--min-cached-tokens', '1024']]) {
    const gate = npxCli('check', ...budget, pack);
    assert.equal(gate.status, 2, gate.out);
    assert.match(gate.out, new RegExp(`${budget[0]} not checked: the o200k_base encoder is not installed.*npm install --save-dev gpt-tokenizer@4\\.0\\.0`));
  }
  const chosen = npxCli('check', '--tokenizer', 'claude-estimate', '--max-render-tokens', '100000', pack);
  assert.equal(chosen.status, 0, `an estimate chosen on purpose is judged: ${chosen.out}`);
});

test('with gpt-tokenizer installed beside it: the counts are exact, the same as the extension\'s bundled encoders give', () => {
  const installed = path.join(project, 'node_modules', 'gpt-tokenizer');
  // The registry is shut: the repository's own copy of the pinned release, as `npm install gpt-tokenizer@4.0.0` would lay it out.
  cpSync(path.join(repoRoot, 'node_modules', 'gpt-tokenizer'), installed, { recursive: true });
  try {
    const r = npxCli('render', '--json', '--tokenizer', 'cl100k_base', pack);
    assert.equal(r.status, 0, r.out);
    const out = JSON.parse(r.stdout);
    const bundled = JSON.parse(spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'render', '--json', '--tokenizer', 'cl100k_base', path.join(project, pack)], { encoding: 'utf8' }).stdout);
    assert.deepEqual({ exact: out.tokens.exact, count: out.tokens.count, method: out.tokens.method }, { exact: true, count: bundled.tokens.count, method: undefined });
    assert.equal(npxCli('check', '--max-render-tokens', '100000', pack).status, 0);
    const over = npxCli('check', '--strict-renders', '--max-render-tokens', '10', pack);
    assert.equal(over.status, 1, over.out);
    assert.match(over.out, /render-over-token-budget: the render is over the budget of 10 tokens \(o200k_base\)/);
  } finally {
    rmSync(installed, { recursive: true, force: true });
  }
});
