// The command line as a user runs it: dist/cli.js as a child process on the
// fixtures, its output byte for byte and its exit codes (0 fine, 1 errors,
// 2 usage or I/O).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decode } from '../../../src-shared/pack/decode';
import { parseEnvironmentFile } from '../../../src-shared/pack/environmentFile';
import { environmentPresets, findPreset } from '../../../src-shared/pack/presets';
import { render } from '../../../src-shared/pack/render';
import { distDir, fixturesDir } from '../../support/paths';
import { refFnv } from '../pack/support/reference';
import { tempDir as makeTempDir } from '../../support/tempDirs';

const cwd = path.join(fixturesDir, 'pack');

function cli(args: string[], dir = cwd) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd: dir, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tempDir = () => makeTempDir('packs-cli-');

test('check prints file:line:col: severity code: message, 1-based, and exits 1 on errors', () => {
  const r = cli(['check', 'corrupt.pack']);
  assert.equal(r.code, 1);
  assert.equal(
    r.stdout,
    [
      'corrupt.pack:5:1: error pack/bad-section-name: expected a section name of 1-64 characters from [a-z0-9_], got: Bad',
      'corrupt.pack:7:1: error pack/unknown-keyword: expected one of `loom-prompt-pack`, `version`, `section`, got: nonsense here',
      '',
    ].join('\n'),
  );
  assert.equal(r.stderr, '1 file checked: 2 errors, 0 warnings.\n');
});

test('check --json prints every finding with 0-based LSP positions', () => {
  const r = cli(['check', '--json', 'corrupt.pack', 'unknown-placeholder.pack']);
  assert.equal(r.code, 1);
  assert.equal(r.stderr, '');
  assert.deepEqual(JSON.parse(r.stdout), [
    {
      file: 'corrupt.pack',
      range: { start: { line: 4, character: 0 }, end: { line: 4, character: 14 } },
      severity: 'error',
      code: 'pack/bad-section-name',
      message: 'expected a section name of 1-64 characters from [a-z0-9_], got: Bad',
    },
    {
      file: 'corrupt.pack',
      range: { start: { line: 6, character: 0 }, end: { line: 6, character: 16 } },
      severity: 'error',
      code: 'pack/unknown-keyword',
      message: 'expected one of `loom-prompt-pack`, `version`, `section`, got: nonsense here',
    },
    {
      file: 'unknown-placeholder.pack',
      range: { start: { line: 18, character: 6 }, end: { line: 18, character: 16 } },
      severity: 'error',
      code: 'pack/unknown-placeholder',
      message: 'unknown placeholder `{workspac}`: loom-9 binds no such name, so it renders empty (did you mean `{workspace}`?)',
    },
  ]);
});

test('check walks directories in order and exits 0 when there are only warnings', () => {
  const r = cli(['check', 'good']);
  assert.equal(r.code, 0);
  assert.equal(
    r.stdout,
    [
      `${path.join('good', 'shaping.pack')}:2:1: warning pack/missing-section: missing section \`delegation\` (canonical in loom-9)`,
      `${path.join('good', 'shaping.pack')}:2:1: warning pack/missing-section: missing section \`conduct\` (canonical in loom-9)`,
      '',
    ].join('\n'),
  );
  assert.equal(r.stderr, '2 files checked: 0 errors, 2 warnings.\n');
  assert.equal(cli(['check', '--json', 'good/complete.pack']).stdout, '[]\n');
});

test('a directory walk skips node_modules and .git, and picks up packs by extension in any case or by first line', () => {
  const dir = tempDir();
  const pack = fs.readFileSync(path.join(cwd, 'corrupt.pack'));
  for (const p of ['b/z.pack', 'a.pack', 'node_modules/dep/x.pack', '.git/y.pack', 'b/agent.txt', 'c/UPPER.PACK']) {
    fs.mkdirSync(path.join(dir, path.dirname(p)), { recursive: true });
    fs.writeFileSync(path.join(dir, p), pack);
  }
  fs.writeFileSync(path.join(dir, 'b', 'notes.txt'), 'just notes\n');
  const files = (JSON.parse(cli(['check', '--json', '.'], dir).stdout) as { file: string }[]).map((f) => f.file);
  assert.deepEqual([...new Set(files)], ['a.pack', path.join('b', 'agent.txt'), path.join('b', 'z.pack'), path.join('c', 'UPPER.PACK')]);
});

test('a file named on the command line is recognised by its first line; an unknown one is a usage error', () => {
  const sniffed = cli(['check', 'sniffed.txt']);
  assert.equal(sniffed.code, 1, 'checked as a pack: an incomplete one');
  assert.match(sniffed.stdout, /^sniffed\.txt:2:1: error pack\/missing-fragment: /m);
  const r = cli(['check', 'notes.txt']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /cannot check notes\.txt: not a prompt pack/);
});

test('a path that cannot be read is named, and the exit is 2 even when other files were checked', () => {
  const r = cli(['check', 'corrupt.pack', 'missing.pack']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^cannot read missing\.pack: no such file or directory$/m);
  assert.match(r.stdout, /corrupt\.pack:5:1/);
});

test('usage errors exit 2 with the usage on stderr', () => {
  for (const args of [[], ['check'], ['frobnicate'], ['check', '--profile', 'loom-3', 'good'], ['check', '--nope', 'good'], ['check', '--profile'], ['render'], ['render', 'a.pack', 'b.pack']]) {
    const r = cli(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, /Usage:/, args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
  }
});

test('--strict-unknown and --profile are accepted, and the profile changes the verdict', () => {
  assert.equal(cli(['check', '--strict-unknown', 'good/complete.pack']).code, 0);
  const legacy = cli(['check', '--profile=loom-1', 'good/complete.pack']);
  assert.equal(legacy.code, 1, 'loom-1 has no {available_tools} bindings and wants the truncation fragment');
  assert.match(legacy.stdout, /pack\/missing-fragment: missing fragment `_repository_guidance_truncated`/);
});

test('positions are right for a CRLF file with a byte-order mark', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'crlf.pack'), '\uFEFF%% loom-prompt-pack 2\r\n%% version v\r\n%% section a\r\n  x {nope}\r\n');
  const r = cli(['check', '--json', 'crlf.pack'], dir);
  const found = JSON.parse(r.stdout) as { range: unknown; code: string }[];
  assert.deepEqual(
    found.map((f) => [f.code, f.range]),
    [['pack/bad-format-version', { start: { line: 0, character: 1 }, end: { line: 0, character: 22 } }]],
  );
  fs.writeFileSync(path.join(dir, 'crlf.pack'), '\uFEFF%% loom-prompt-pack 1\r\n%% version v\r\n%% section identity\r\n  x {nope}\r\n');
  assert.match(cli(['check', 'crlf.pack'], dir).stdout, /^crlf\.pack:4:5: error pack\/unknown-placeholder: /m);
});

test('render prints exactly the rendered prompt, with no added newline', () => {
  const text = fs.readFileSync(path.join(cwd, 'good', 'complete.pack'), 'utf8');
  const d = decode(text);
  assert.ok(d.ok);
  for (const preset of environmentPresets) {
    const r = cli(['render', 'good/complete.pack', '--preset', preset.id]);
    assert.equal(r.code, 0, preset.id);
    assert.equal(r.stdout, render(d.pack, preset.environment), preset.id);
    assert.ok(!r.stdout.endsWith('\n'));
    assert.equal(r.stderr, '');
  }
  assert.equal(cli(['render', 'good/complete.pack']).stdout, render(d.pack, environmentPresets[0]!.environment), 'the first preset by default');
});

test('render --env uses an environment file', () => {
  const env = parseEnvironmentFile(fs.readFileSync(path.join(cwd, 'envs', 'valid.packenv.json'), 'utf8'));
  assert.ok(env.ok);
  const d = decode(fs.readFileSync(path.join(cwd, 'good', 'complete.pack'), 'utf8'));
  assert.ok(d.ok);
  const r = cli(['render', 'good/complete.pack', '--env', 'envs/valid.packenv.json']);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, render(d.pack, env.environment));
  assert.match(r.stdout, /Guidance with \{shell\} inside\./);
});

test('render --json: the render, its UTF-8 size, the source and render digests, and the assessment', () => {
  const bytes = fs.readFileSync(path.join(cwd, 'unknown-placeholder.pack'));
  const r = cli(['render', 'unknown-placeholder.pack', '--preset', 'ci-platform-proxied', '--json']);
  assert.equal(r.code, 0);
  const out = JSON.parse(r.stdout);
  const d = decode(bytes.toString('utf8'));
  assert.ok(d.ok);
  const expected = render(d.pack, findPreset('ci-platform-proxied')!.environment);
  assert.equal(out.render, expected);
  assert.equal(out.bytes, Buffer.byteLength(expected, 'utf8'));
  assert.equal(out.digest, refFnv(bytes));
  assert.equal(out.renderDigest, refFnv(Buffer.from(expected, 'utf8')));
  assert.deepEqual(out.assess, {
    corrupting: [{ kind: 'UnknownPlaceholder', section: 'environment', name: 'workspac', message: 'unknown placeholder `{workspac}` in `environment` renders empty' }],
    shaping: [],
  });
});

test('the render digest is over the raw bytes: a byte-order mark counts', () => {
  const dir = tempDir();
  const body = fs.readFileSync(path.join(cwd, 'sniffed.txt'));
  fs.writeFileSync(path.join(dir, 'bom.pack'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]));
  const out = JSON.parse(cli(['render', 'bom.pack', '--json'], dir).stdout);
  assert.equal(out.digest, refFnv(fs.readFileSync(path.join(dir, 'bom.pack'))));
  assert.equal(out.render, 'Hi.');
});

test('a pack that does not decode: upstream\'s report on stderr, nothing on stdout, exit 1', () => {
  const r = cli(['render', 'corrupt.pack']);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'corruption at prompt/pack.decode (line 5): expected a section name of 1-64 characters from [a-z0-9_], got: Bad\n');
});

test('render refuses a bad environment file, naming each bad field', () => {
  const r = cli(['render', 'good/complete.pack', '--env', 'envs/invalid.packenv.json']);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.equal(
    r.stderr,
    [
      'envs/invalid.packenv.json: not a valid environment file:',
      '  platform: is required',
      '  shell: must be a string',
      '  enforcement: must be one of "FullyEnforced", "PlatformEnforced", "DegradedRefusing", "BestEffort"',
      '',
    ].join('\n'),
  );
});

test('render usage and I/O errors exit 2', () => {
  assert.equal(cli(['render', 'good/complete.pack', '--preset', 'nope']).code, 2);
  assert.match(cli(['render', 'good/complete.pack', '--preset', 'nope']).stderr, /unknown preset nope; presets: linux-enforced-offline/);
  assert.equal(cli(['render', 'good/complete.pack', '--preset', 'self-test-offline', '--env', 'envs/valid.packenv.json']).code, 2);
  assert.equal(cli(['render', 'good/complete.pack', '--env', 'envs/missing.json']).code, 2);
  const missing = cli(['render', 'nope.pack']);
  assert.equal(missing.code, 2);
  assert.equal(missing.stderr, 'cannot read nope.pack: no such file or directory\n');
});

test('render under loom-1 warns that PlatformEnforced does not exist there', () => {
  const r = cli(['render', 'good/complete.pack', '--profile', 'loom-1', '--preset', 'ci-platform-proxied']);
  assert.equal(r.code, 0);
  assert.match(r.stderr, /warning: loom-1 has no PlatformEnforced posture, so \{enforcement\} renders empty/);
  assert.ok(!r.stdout.includes('Platform enforced.'));
});

test('--help prints the usage and every preset, and exits 0', () => {
  const r = cli(['--help']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^Usage:/);
  for (const p of environmentPresets) assert.ok(r.stdout.includes(`${p.id} `) && r.stdout.includes(p.name), p.id);
  assert.equal(cli(['render', '--help']).code, 0);
});
