// The gate where CI runs it (issue 27): after a checkout, HEAD is the
// commit under test, so judging against HEAD passes every pushed hand edit
// and reworded pack. `--base REV` judges the working tree against REV (a
// first capture when the file is new there); a REV git cannot find (a
// typo, a shallow clone), a baseline that does not parse, a GIT_DIR whose
// work tree does not hold the file, and a missing git under `--strict`
// (exactly as under `--strict-edits`) are each "not checked", exit 2.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TempRepo } from '../../support/gitRepos';
import { committed, withLines } from '../../support/handEditFixtures';
import { distDir, examplesDir } from '../../support/paths';

function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1' }) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd, env, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.signal, null, 'the check finished');
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, all: `${r.stdout}${r.stderr}` };
}

const agentPack = fs.readFileSync(path.join(examplesDir, 'loom-9', 'coding-agent.pack'), 'utf8');
const reworded = agentPack.replace('You are careful rather than fast.', 'You are careful rather than quick.');
const retitled = withLines(10, 1, 'title = "Retitled"');

/** A repository whose second commit (the one CI checks out) carries an unlogged hand edit and a pack reworded under the same version. */
function pushed(): TempRepo {
  const repo = TempRepo.create();
  repo.write('prompts/main.prompts', committed);
  repo.write('packs/agent.pack', agentPack);
  repo.commitAll('base');
  repo.write('prompts/main.prompts', retitled);
  repo.write('packs/agent.pack', reworded);
  repo.commitAll('pushed');
  return repo;
}

test('against HEAD, the pushed commit passes itself; --base HEAD~1 fails it for the hand edit and the reworded pack', () => {
  const repo = pushed();
  try {
    const asBefore = cli(['check', '--strict', '--ci', 'prompts', 'packs'], repo.root);
    assert.equal(asBefore.code, 0, asBefore.all);
    const r = cli(['check', '--strict', '--ci', '--base', 'HEAD~1', 'prompts', 'packs'], repo.root);
    assert.equal(r.code, 1, r.all);
    assert.match(r.stdout, /^prompts\/main\.prompts:11:9: error prompts\/unlogged-edit: `title` changed since HEAD~1, and no \[\[edits\]\] entry records it$/m);
    assert.match(r.stdout, /^packs\/agent\.pack:\d+:1: error pack\/render-changed-version-unchanged: the render changed but the version did not: `[^`]+` is HEAD~1's version too/m);
    // The same with the merge-base form a pull request's job uses, and with --strict-edits/--strict-renders alone.
    repo.git('branch', 'target', 'HEAD~1');
    const mergeBase = cli(['check', '--strict-edits', '--strict-renders', '--base', 'target...', 'prompts', 'packs'], repo.root);
    assert.equal(mergeBase.code, 1, mergeBase.all);
    assert.match(mergeBase.stdout, /error prompts\/unlogged-edit: `title` changed since target\.\.\., /);
    assert.match(mergeBase.stdout, /error pack\/render-changed-version-unchanged: /);
  } finally {
    repo.dispose();
  }
});

test('a file new at the base is a first capture: said in a note under --strict-edits, and no pass without a word', () => {
  const repo = pushed();
  try {
    repo.write('captures/feature-x.prompts', committed);
    repo.commitAll('a new capture');
    const r = cli(['check', '--strict-edits', '--base', 'HEAD~1', 'captures/feature-x.prompts'], repo.root);
    assert.equal(r.code, 0, r.all);
    assert.match(r.stdout, /^captures\/feature-x\.prompts:1:1: information prompts\/hand-edits-unchecked: Hand edits: a first capture \(the file is new since HEAD~1\), so there are no hand edits to log$/m);
    // Never committed at all (untracked at HEAD): said too.
    repo.write('captures/draft.prompts', committed);
    const draft = cli(['check', '--strict-edits', 'captures/draft.prompts'], repo.root);
    assert.equal(draft.code, 0, draft.all);
    assert.match(draft.stdout, /draft\.prompts:1:1: information prompts\/hand-edits-unchecked: Hand edits: a first capture \(the file is new since HEAD\)/);
    assert.match(draft.stderr, /1 file checked: 0 errors, 0 warnings, 1 note\./);
  } finally {
    repo.dispose();
  }
});

test('a base git cannot find is "not checked" under a strict flag, naming what to fetch (a typo, or a shallow clone)', () => {
  const repo = pushed();
  const clone = path.join(path.dirname(repo.root), 'shallow');
  try {
    const typo = cli(['check', '--strict-edits', '--base', 'origin/mian', 'prompts'], repo.root);
    assert.equal(typo.code, 2, typo.all);
    assert.match(typo.stderr, /main\.prompts: not checked: --base origin\/mian is no commit git can find in the repository at .* \(a typo, or a branch or commit not fetched\).*`git fetch origin mian`/);
    const plain = cli(['check', '--base', 'origin/mian', 'prompts'], repo.root);
    assert.equal(plain.code, 0, plain.all);
    assert.match(plain.stdout, /information prompts\/hand-edits-unchecked: Hand edits off: --base origin\/mian is no commit git can find here/);

    // As actions/checkout and GitLab clone by default: one commit deep.
    execFileSync('git', ['clone', '--quiet', '--depth', '1', `file://${repo.root}`, clone]);
    const shallow = cli(['check', '--strict', '--base', 'HEAD~1', 'prompts', 'packs'], clone);
    assert.equal(shallow.code, 2, shallow.all);
    assert.match(shallow.stderr, /main\.prompts: not checked: --base HEAD~1 is no commit .*the clone is shallow and does not hold it.*--unshallow.*fetch-depth: 0/);
    assert.match(shallow.stderr, /agent\.pack: not checked: --base HEAD~1 is no commit .*--strict-renders/);
    execFileSync('git', ['fetch', '--quiet', '--deepen=1'], { cwd: clone });
    assert.equal(cli(['check', '--strict', '--base', 'HEAD~1', 'prompts', 'packs'], clone).code, 1, 'with the history fetched, the edits fail the job');
  } finally {
    repo.dispose();
  }
});

test('--base takes a revision, not an option', () => {
  const repo = pushed();
  try {
    const r = cli(['check', '--base', '--output=x', 'prompts'], repo.root);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--base takes a revision/);
  } finally {
    repo.dispose();
  }
});

test('a baseline that does not parse (or decode) is "not checked" under a strict flag, naming the commit', () => {
  const repo = TempRepo.create();
  try {
    repo.write('prompts/main.prompts', committed.replace('title = "', 'title = "unclosed\ntitle2 = "'));
    repo.write('packs/agent.pack', agentPack.replace('%% version', '%% versio'));
    repo.commitAll();
    const head = repo.git('rev-parse', 'HEAD').trim().slice(0, 12);
    repo.write('prompts/main.prompts', committed);
    repo.write('packs/agent.pack', agentPack);
    const plain = cli(['check', 'prompts/main.prompts'], repo.root);
    assert.equal(plain.code, 0, plain.all);
    const strict = cli(['check', '--strict-edits', 'prompts/main.prompts'], repo.root);
    assert.equal(strict.code, 2, strict.all);
    assert.match(strict.stderr, new RegExp(`main\\.prompts: not checked: its version at HEAD \\(commit ${head}\\) does not parse`));
    const pack = cli(['check', '--strict-renders', 'packs/agent.pack'], repo.root);
    assert.equal(pack.code, 2, pack.all);
    assert.match(pack.stderr, new RegExp(`agent\\.pack: not checked: its version at HEAD \\(commit ${head}\\) does not decode`));
  } finally {
    repo.dispose();
  }
});

test('--strict fails closed without git exactly as --strict-edits and --strict-renders do', () => {
  const repo = TempRepo.create();
  try {
    repo.write('prompts/main.prompts', committed);
    repo.write('packs/agent.pack', agentPack);
    repo.commitAll();
    repo.write('prompts/main.prompts', retitled);
    const noGit = { ...process.env, PATH: path.join(repo.root, 'no-such-folder') };
    const edits = cli(['check', '--strict-edits', 'prompts/main.prompts'], repo.root, noGit);
    const strict = cli(['check', '--strict', 'prompts/main.prompts'], repo.root, noGit);
    assert.equal(edits.code, 2, edits.all);
    assert.equal(strict.code, 2, strict.all);
    assert.equal(strict.stderr, edits.stderr);
    assert.match(strict.stderr, /main\.prompts: not checked: git is not installed/);
    const renders = cli(['check', '--strict-renders', 'packs/agent.pack'], repo.root, noGit);
    const strictPack = cli(['check', '--strict', 'packs/agent.pack'], repo.root, noGit);
    assert.equal(strictPack.code, 2, strictPack.all);
    assert.equal(strictPack.stderr, renders.stderr);
  } finally {
    repo.dispose();
  }
});

test('GIT_DIR and GIT_WORK_TREE (a bare store, a separate work tree) are honoured; a file outside that work tree is "not checked" under --strict-edits', () => {
  const repo = TempRepo.create(false);
  const parent = path.dirname(repo.root);
  const store = path.join(parent, 'store.git');
  const tree = repo.root;
  try {
    execFileSync('git', ['init', '--quiet', '--bare', store]);
    const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_DIR: store, GIT_WORK_TREE: tree };
    repo.write('prompts/main.prompts', committed);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=c@example.com', '-c', 'user.name=C', ...args], { cwd: tree, env, stdio: ['ignore', 'pipe', 'pipe'] });
    git('add', 'prompts/main.prompts');
    git('commit', '--quiet', '--no-gpg-sign', '-m', 'capture');
    repo.write('prompts/main.prompts', retitled);
    const without = cli(['check', '--strict-edits', 'prompts'], tree);
    assert.doesNotMatch(without.stdout, /unlogged-edit/, 'git finds no repository from the work tree alone');
    const r = cli(['check', '--strict-edits', 'prompts'], tree, env);
    assert.equal(r.code, 1, r.all);
    assert.match(r.stdout, /main\.prompts:11:9: error prompts\/unlogged-edit: `title` changed since HEAD/);
    const outside = path.join(parent, 'elsewhere');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'x.prompts'), committed);
    const away = cli(['check', '--strict-edits', path.join(outside, 'x.prompts')], tree, env);
    assert.equal(away.code, 2, away.all);
    assert.match(away.stderr, /x\.prompts: not checked: git failed \(GIT_DIR names .*store\.git, whose work tree .* does not hold the file\)/);
  } finally {
    repo.dispose();
  }
});

test("the CI recipe's command in a clone as the jobs check out: a pull request's commits fail against origin/main..., the merge-request SHA form too, and a one-commit clone is not checked", () => {
  const repo = TempRepo.create();
  const full = path.join(path.dirname(repo.root), 'full');
  const shallow = path.join(path.dirname(repo.root), 'shallow');
  try {
    repo.write('prompts/main.prompts', committed);
    repo.write('packs/agent.pack', agentPack);
    repo.commitAll('base');
    repo.git('checkout', '-q', '-b', 'feature');
    repo.write('prompts/main.prompts', retitled);
    repo.write('packs/agent.pack', reworded);
    repo.commitAll('pushed');
    // fetch-depth: 0 / GIT_DEPTH: 0: every branch's history, the target as origin/main.
    execFileSync('git', ['clone', '--quiet', '--branch', 'feature', `file://${repo.root}`, full]);
    const recipe = ['check', '--strict', '--ci', '--base', 'origin/main...', 'prompts/', 'packs/'];
    const r = cli(recipe, full);
    assert.equal(r.code, 1, r.all);
    assert.match(r.stdout, /prompts\/main\.prompts:11:9: error prompts\/unlogged-edit: /);
    assert.match(r.stdout, /packs\/agent\.pack:\d+:1: error pack\/render-changed-version-unchanged: /);
    const diffBase = execFileSync('git', ['merge-base', 'origin/main', 'HEAD'], { cwd: full, encoding: 'utf8' }).trim();
    assert.equal(cli(['check', '--strict', '--ci', '--base', diffBase, 'prompts/', 'packs/'], full).code, 1, "GitLab's CI_MERGE_REQUEST_DIFF_BASE_SHA");
    // The default checkout: one commit, no origin/main.
    execFileSync('git', ['clone', '--quiet', '--depth', '1', '--single-branch', '--branch', 'feature', `file://${repo.root}`, shallow]);
    const cut = cli(recipe, shallow);
    assert.equal(cut.code, 2, cut.all);
    assert.match(cut.stderr, /not checked: --base origin\/main\.\.\. is no commit .*the clone is shallow.*`git fetch origin main`/);
  } finally {
    repo.dispose();
  }
});
