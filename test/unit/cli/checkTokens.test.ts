// `dist/cli.js` in tokens: `render --json` reports every example pack's
// exact o200k_base count (equal to js-tiktoken's, a port of OpenAI's
// tiktoken) and cl100k_base's, an estimate that says so, and in a git
// repository the tokens shared with HEAD's render and what OpenAI's cache
// keeps of them; `check --max-render-tokens` and `--min-cached-tokens`
// warn, and `--strict-renders` makes them fail the check, as CI runs it.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kRanks from 'js-tiktoken/ranks/o200k_base';
import cl100kRanks from 'js-tiktoken/ranks/cl100k_base';
import { TempRepo } from '../../support/gitRepos';
import { distDir, examplesDir } from '../../support/paths';

function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd, encoding: 'utf8', env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const o200k = new Tiktoken(o200kRanks);
const cl100k = new Tiktoken(cl100kRanks);
const count = (t: Tiktoken, text: string) => t.encode(text, [], []).length;

function packs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? packs(path.join(dir, e.name)) : e.name.endsWith('.pack') ? [path.join(dir, e.name)] : []));
}

test('render --json: every example pack that renders has its exact o200k_base count, and its count per section', () => {
  let rendered = 0;
  for (const file of packs(examplesDir)) {
    const r = cli(['render', '--json', file], examplesDir);
    if (r.code !== 0) continue;
    rendered++;
    const out = JSON.parse(r.stdout);
    const rel = path.relative(examplesDir, file);
    assert.deepEqual({ tokenizer: out.tokens.tokenizer, exact: out.tokens.exact }, { tokenizer: 'o200k_base', exact: true }, rel);
    assert.equal(out.tokens.count, count(o200k, out.render), `${rel}: the reference library's count`);
    const sum = out.tokens.sections.reduce((n: number, s: { tokens: number }) => n + s.tokens, 0);
    assert.ok(sum <= out.tokens.count && out.tokens.sections.length > 0, `${rel}: sections`);
  }
  assert.ok(rendered >= 4, 'the examples render');
});

test('render --json --tokenizer cl100k_base counts exactly too; claude-estimate says it is an estimate and how', () => {
  const file = path.join(examplesDir, 'loom-9', 'coding-agent.pack');
  const cl = JSON.parse(cli(['render', '--json', '--tokenizer', 'cl100k_base', file], examplesDir).stdout);
  assert.equal(cl.tokens.count, count(cl100k, cl.render));
  const byEnv = JSON.parse(cli(['render', '--json', file], examplesDir, { ...process.env, PACKS_AND_PROMPTS_TOKENIZER: 'cl100k_base' }).stdout);
  assert.equal(byEnv.tokens.tokenizer, 'cl100k_base', 'the environment variable picks the tokenizer');
  const estimate = JSON.parse(cli(['render', '--json', '--tokenizer', 'claude-estimate', file], examplesDir).stdout);
  assert.equal(estimate.tokens.exact, false);
  assert.match(estimate.tokens.method, /estimate.*characters ÷ 4\.4/);
  const bad = cli(['render', '--json', '--tokenizer', 'gpt2', file], examplesDir);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--tokenizer names no tokenizer: gpt2; tokenizers: o200k_base, cl100k_base, claude-estimate/);
});

// The canonical pack with a long first paragraph, so its render is past OpenAI's 1,024-token minimum.
const base = readFileSync(path.join(examplesDir, 'loom-9', 'coding-agent.pack'), 'utf8');
const long = base.replace('You are careful rather than fast.', `You are careful rather than fast. ${'Read the code before you change it, and run the checks after. '.repeat(150)}`);
const earlyEdit = long.replace('You are a coding agent', 'You are a software agent').replace('%% version coding-agent-9.2', '%% version coding-agent-9.3');
const lateEdit = long.replace('%% version coding-agent-9.2', '%% version coding-agent-9.3').trimEnd() + ' And say so.\n';

function repoWith(text: string): TempRepo {
  const repo = TempRepo.create();
  repo.write('agent.pack', text);
  repo.commitAll();
  return repo;
}

test('render --json in a repository: the tokens shared with HEAD\'s render, as the reference library finds them, and what stays cached', () => {
  const repo = repoWith(long);
  try {
    const head = JSON.parse(cli(['render', '--json', 'agent.pack'], repo.root).stdout);
    assert.ok(head.tokens.count > 2000, 'past the minimum');
    assert.equal(head.baseline.changed, false);
    assert.equal(head.baseline.cached, 1024 + Math.floor((head.tokens.count - 1024) / 128) * 128);
    repo.write('agent.pack', earlyEdit);
    const now = JSON.parse(cli(['render', '--json', 'agent.pack'], repo.root).stdout);
    const a = o200k.encode(head.render, [], []);
    const b = o200k.encode(now.render, [], []);
    let shared = 0;
    while (a[shared] === b[shared]) shared++;
    assert.deepEqual(
      { revision: now.baseline.revision, changed: now.baseline.changed, sharedTokens: now.baseline.sharedTokens, cached: now.baseline.cached, headCached: now.baseline.headCached },
      { revision: 'HEAD', changed: true, sharedTokens: shared, cached: 0, headCached: head.baseline.cached },
    );
    assert.ok(shared < 1024);
  } finally {
    repo.dispose();
  }
  const loose = TempRepo.create(false);
  try {
    loose.write('agent.pack', long);
    const out = JSON.parse(cli(['render', '--json', 'agent.pack'], loose.root).stdout);
    assert.equal(out.baseline.revision, 'HEAD');
    assert.equal(typeof out.baseline.off, 'string', 'outside a repository: why there is no comparison');
  } finally {
    loose.dispose();
  }
});

const tokenFindings = (stdout: string) => stdout.split('\n').filter((l) => /pack\/(render-over-token-budget|cached-prefix-shrunk)/.test(l));

test('check --max-render-tokens: a warning naming each environment over it; --strict-renders fails; 0 is no budget; a bad value is a usage error', () => {
  const loose = TempRepo.create(false);
  try {
    loose.write('agent.pack', base);
    const sizes = JSON.parse(cli(['render', '--json', 'agent.pack'], loose.root).stdout).tokens.count as number;
    const r = cli(['check', '--max-render-tokens', String(sizes - 1), 'agent.pack'], loose.root);
    const lines = tokenFindings(r.stdout);
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, new RegExp(`^agent\\.pack:2:1: warning pack/render-over-token-budget: the render is over the budget of ${(sizes - 1).toLocaleString('en-US')} tokens \\(o200k_base\\): .*${sizes.toLocaleString('en-US')} in `));
    assert.equal(r.code, 0);
    assert.equal(cli(['check', '--strict-renders', '--max-render-tokens', String(sizes - 1), 'agent.pack'], loose.root).code, 1);
    assert.deepEqual(tokenFindings(cli(['check', '--max-render-tokens', '100000', 'agent.pack'], loose.root).stdout), []);
    assert.deepEqual(tokenFindings(cli(['check', '--max-render-tokens', '0', 'agent.pack'], loose.root).stdout), [], '0: no budget');
    const bad = cli(['check', '--max-render-tokens', '2k', 'agent.pack'], loose.root);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--max-render-tokens takes a whole number of tokens/);
  } finally {
    loose.dispose();
  }
});

test('check --min-cached-tokens: an edit near the start that empties the cache warns, --strict-renders fails it; an edit at the end passes', () => {
  const repo = repoWith(long);
  try {
    repo.write('agent.pack', earlyEdit);
    const r = cli(['check', '--min-cached-tokens', '1024', 'agent.pack'], repo.root);
    const lines = tokenFindings(r.stdout);
    assert.equal(lines.length, 1, r.stdout);
    assert.match(lines[0]!, /^agent\.pack:2:1: warning pack\/cached-prefix-shrunk: the change leaves fewer than 1,024 tokens \(o200k_base\) of the render cached since HEAD's: 0 \(was [\d,]+; the edit changes token \d+\) in .*\(OpenAI: cached from 1,024 tokens, in steps of 128\)$/);
    assert.equal(r.code, 0);
    assert.equal(cli(['check', '--strict-renders', '--min-cached-tokens', '1024', 'agent.pack'], repo.root).code, 1);
    repo.write('agent.pack', lateEdit);
    const late = cli(['check', '--strict-renders', '--min-cached-tokens', '1024', 'agent.pack'], repo.root);
    assert.deepEqual(tokenFindings(late.stdout), [], late.stdout);
    assert.equal(late.code, 0);
  } finally {
    repo.dispose();
  }
});

test('--base REV: check --min-cached-tokens and render --json compare with the render at REV, the baseline --base gives every other rule', () => {
  const repo = repoWith(long);
  try {
    repo.git('tag', 'before');
    repo.write('agent.pack', earlyEdit);
    repo.commitAll('the early edit');
    // Against HEAD the pushed edit is its own baseline: nothing shrank.
    assert.deepEqual(tokenFindings(cli(['check', '--min-cached-tokens', '1024', 'agent.pack'], repo.root).stdout), []);
    const r = cli(['check', '--base', 'before', '--strict-renders', '--min-cached-tokens', '1024', 'agent.pack'], repo.root);
    const lines = tokenFindings(r.stdout);
    assert.equal(lines.length, 1, r.stdout);
    assert.match(lines[0]!, /error pack\/cached-prefix-shrunk: the change leaves fewer than 1,024 tokens \(o200k_base\) of the render cached since before's: 0 \(was [\d,]+;/);
    assert.equal(r.code, 1);
    const head = JSON.parse(cli(['render', '--json', 'agent.pack'], repo.root).stdout);
    assert.deepEqual({ revision: head.baseline.revision, changed: head.baseline.changed }, { revision: 'HEAD', changed: false });
    const since = JSON.parse(cli(['render', '--json', '--base', 'before', 'agent.pack'], repo.root).stdout);
    assert.deepEqual({ revision: since.baseline.revision, changed: since.baseline.changed, cached: since.baseline.cached }, { revision: 'before', changed: true, cached: 0 });
    const missing = cli(['render', '--json', '--base', 'origin/main', 'agent.pack'], repo.root);
    assert.equal(missing.code, 0, 'render prints the render; the comparison says why there is none');
    assert.match(JSON.parse(missing.stdout).baseline.off, /--base origin\/main is no commit git can find .*git fetch origin main/);
    const option = cli(['render', '--json', '--base', '--json', 'agent.pack'], repo.root);
    assert.equal(option.code, 2);
    assert.match(option.stderr, /--base takes a revision/);
  } finally {
    repo.dispose();
  }
});
