// `dist/cli.js check` on packs in a git repository gives the editor's
// render-discipline findings (same codes, messages, positions): an edited
// body under the same version warns, a comment does not, and
// `--strict-renders` makes it an error so CI can refuse the change;
// `--max-render-bytes` names the environment and size, workspace
// `*.packenv.json` files included (found in the walked folders or the
// pack's repository); a broken environment file is noted and skipped.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { decode } from '../../../src-shared/pack/decode';
import { utf8Length } from '../../../src-shared/text/utf8';
import { parseEnvironmentFile } from '../../../src-shared/pack/environmentFile';
import { profileOf } from '../../../src-shared/pack/profiles';
import { render } from '../../../src-shared/pack/render';
import { checkRenderDiscipline, presetEnvironments } from '../../../src-shared/pack/renderDiscipline';
import { TempRepo } from '../../support/gitRepos';
import { distDir, examplesDir } from '../../support/paths';

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const committed = readFileSync(path.join(examplesDir, 'loom-9', 'coding-agent.pack'), 'utf8');
const edited = committed.replace('You are careful rather than fast.', 'You are careful rather than quick.');
const envFile = readFileSync(path.join(examplesDir, 'environments', 'ci-proxied.packenv.json'), 'utf8');
const disciplineOnly = (stdout: string) => stdout.split('\n').filter((l) => /pack\/render-/.test(l));

function repoWithPack(): TempRepo {
  const repo = TempRepo.create();
  repo.write('packs/agent.pack', committed);
  repo.write('envs/ci.packenv.json', envFile);
  repo.commitAll();
  return repo;
}

test('an edited body under the same version: the editor\'s warning; --strict-renders fails the check', () => {
  const repo = repoWithPack();
  try {
    repo.write('packs/agent.pack', edited);
    const d = decode(edited);
    const base = decode(committed);
    assert.ok(d.ok && base.ok);
    const env = parseEnvironmentFile(envFile);
    assert.ok(env.ok);
    const expected = checkRenderDiscipline({
      current: d.pack,
      baseline: base.pack,
      environments: [...presetEnvironments, { id: 'x', label: env.name ?? 'ci-proxied.packenv.json', environment: env.environment }],
      profile: profileOf('loom-9'),
      settings: { severity: {}, maxRenderBytes: null },
    });
    assert.equal(expected.length, 1);
    const f = expected[0]!;
    const plain = cli(['check', 'packs/agent.pack'], repo.root);
    assert.deepEqual(disciplineOnly(plain.stdout), [`packs/agent.pack:2:1: warning ${f.code}: ${f.message}`]);
    assert.match(f.message, /\(7 of 7 environments\)$/, 'the repository\'s environment file counts too');
    assert.equal(plain.code, 0);
    const strict = cli(['check', '--strict-renders', 'packs'], repo.root);
    assert.equal(strict.code, 1);
    assert.deepEqual(disciplineOnly(strict.stdout), [`packs/agent.pack:2:1: error ${f.code}: ${f.message}`]);

    repo.write('packs/agent.pack', edited.replace('%% version coding-agent-9.2', '%% version coding-agent-9.3'));
    assert.deepEqual(disciplineOnly(cli(['check', '--strict-renders', 'packs'], repo.root).stdout), [], 'bumped: fine');
  } finally {
    repo.dispose();
  }
});

test('a comment edited: nothing to say; a pack outside any repository: no comparison', () => {
  const repo = repoWithPack();
  try {
    repo.write('packs/agent.pack', committed.replace('%% # Sections render in this order;', '%% # Rendered in this order;'));
    const r = cli(['check', '--strict-renders', 'packs/agent.pack'], repo.root);
    assert.deepEqual(disciplineOnly(r.stdout), []);
    assert.equal(r.code, 0);
  } finally {
    repo.dispose();
  }
  const loose = TempRepo.create(false);
  try {
    loose.write('agent.pack', edited);
    const r = cli(['check', '--strict-renders', 'agent.pack'], loose.root);
    assert.deepEqual(disciplineOnly(r.stdout), []);
    assert.equal(r.code, 0);
  } finally {
    loose.dispose();
  }
});

test('--max-render-bytes: each environment over it, with its size; environment files from the walked folder; broken ones noted', () => {
  const loose = TempRepo.create(false);
  try {
    loose.write('agent.pack', committed);
    loose.write('ci.packenv.json', envFile);
    loose.write('broken.packenv.json', '{"name": "broken"}');
    const d = decode(committed);
    assert.ok(d.ok);
    const env = parseEnvironmentFile(envFile);
    assert.ok(env.ok);
    const sizes = [
      ...presetEnvironments.map((e) => ({ label: e.label, bytes: utf8Length(render(d.pack, e.environment)) })),
      { label: env.name!, bytes: utf8Length(render(d.pack, env.environment)) },
    ];
    const budget = Math.min(...sizes.map((s) => s.bytes));
    const over = sizes.filter((s) => s.bytes > budget).sort((a, b) => b.bytes - a.bytes);
    assert.ok(over.some((o) => o.label === env.name), 'the environment file is over the budget');
    const r = cli(['check', '--max-render-bytes', String(budget), '.'], loose.root);
    const formatted = (n: number) => n.toLocaleString('en-US');
    assert.deepEqual(disciplineOnly(r.stdout), [
      `agent.pack:2:1: warning pack/render-over-budget: the render is over the budget of ${formatted(budget)} bytes: ${over.map((o) => `${formatted(o.bytes)} bytes in ${o.label}`).join('; ')}`,
    ]);
    assert.equal(r.code, 0);
    assert.match(r.stderr, /broken\.packenv\.json: skipped as an environment: /);
    assert.equal(cli(['check', '--strict-renders', '--max-render-bytes', String(budget), '.'], loose.root).code, 1);
    assert.deepEqual(disciplineOnly(cli(['check', '--max-render-bytes', '0', '.'], loose.root).stdout), [], '0: no budget');
    const bad = cli(['check', '--max-render-bytes', '12kb', '.'], loose.root);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--max-render-bytes takes a whole number of bytes/);
  } finally {
    loose.dispose();
  }
});
