// The pre-commit framework's hook (.pre-commit-hooks.yaml), run by the real
// `pre-commit` on a temporary repository that uses this one as its hook
// repository: a commit of a bad .prompts file fails, a good one passes, and
// staged files under prompts/ are judged in their bundle (a session id
// another file there holds, a .md there), and a pack named by its first
// line only (`system-prompt.md`) is checked while a file that is none of
// ours passes.
// The hook's first run installs and builds in pre-commit's clone: the build
// is the real one, and so is npm's check that the lock installs as it is
// (`npm ci --dry-run`), but the install itself links this repository's
// node_modules, the same lock installed by the same `npm ci` (.ci/run's
// first step), instead of unpacking 500 packages again (30 s of CPU, a
// quarter of the unit stage's). Skipped, saying so, where `pre-commit` is
// not installed (.ci/run installs Debian's).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { promptsFile } from '../../support/bundleFixtures';
import { examplesDir, repoRoot } from '../../support/paths';

const preCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
const skip = preCommit.status === 0 ? false : 'pre-commit is not installed (apt-get install pre-commit, or pip install pre-commit)';
const realNpm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();

/** An `npm` first on PATH that logs each call, and for `ci` has npm check the lock, then links node_modules. */
function npmShim(bin: string, calls: string): void {
  mkdirSync(bin, { recursive: true });
  const shim = path.join(bin, 'npm');
  writeFileSync(
    shim,
    `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\n[ "$1" = ci ] || exec '${realNpm}' "$@"\n'${realNpm}' ci --dry-run --no-audit --no-fund && ln -s '${path.join(repoRoot, 'node_modules')}' node_modules\n`,
  );
  chmodSync(shim, 0o755);
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
}

test('the pre-commit hook fails a commit of a bad .prompts file and passes a good one, and runs the bundle rules of prompts/', { skip, timeout: 600_000 }, (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'packs-pre-commit-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // The hook repository is this one at HEAD: a clone, so the test sees what is committed.
  const hooks = path.join(dir, 'hooks');
  execFileSync('git', ['clone', '--quiet', repoRoot, hooks]);
  const rev = git(hooks, 'rev-parse', 'HEAD').trim();
  const work = path.join(dir, 'work');
  git(dir, 'init', '--quiet', work);
  writeFileSync(path.join(work, '.pre-commit-config.yaml'), `repos:\n  - repo: ${hooks}\n    rev: ${rev}\n    hooks:\n      - id: packs-and-prompts\n`);
  const calls = path.join(dir, 'npm-calls');
  npmShim(path.join(dir, 'bin'), calls);
  const env = { ...process.env, PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env['PATH'] ?? ''}`, PRE_COMMIT_HOME: path.join(dir, 'cache'), GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com' };
  const run = (file: string) => {
    git(work, 'add', '.pre-commit-config.yaml', file);
    return spawnSync('pre-commit', ['run', '--files', file], { cwd: work, env, encoding: 'utf8' });
  };

  copyFileSync(path.join(examplesDir, 'broken', 'fix-flaky-test.prompts'), path.join(work, 'bad.prompts'));
  const bad = run('bad.prompts');
  assert.notEqual(bad.status, 0, `the bad file passed:\n${bad.stdout}${bad.stderr}`);
  assert.match(bad.stdout, /bad\.prompts:\d+:\d+: error /);
  assert.match(bad.stdout, /building the command line in .* \(first run only\)/);

  git(work, 'rm', '--cached', '--quiet', 'bad.prompts');
  rmSync(path.join(work, 'bad.prompts'));
  copyFileSync(path.join(examplesDir, 'prompts', 'feature-login.prompts'), path.join(work, 'good.prompts'));
  const good = run('good.prompts');
  assert.equal(good.status, 0, `the good file failed:\n${good.stdout}${good.stderr}`);
  assert.match(good.stdout, /Packs & Prompts check\.+Passed/);

  // The bundle: a committed trunk file, then staged files that break a rule across prompts/. `pre-commit run` takes
  // the staged files its pattern matches, as a commit does.
  mkdirSync(path.join(work, 'prompts'));
  writeFileSync(path.join(work, 'prompts', 'main.prompts'), promptsFile('main', [{ id: 'shared' }]));
  git(work, 'add', '.');
  git(work, 'commit', '--quiet', '--no-verify', '-m', 'trunk');
  const staged = (rel: string, text: string) => {
    writeFileSync(path.join(work, ...rel.split('/')), text);
    git(work, 'add', rel);
    const r = spawnSync('pre-commit', ['run'], { cwd: work, env, encoding: 'utf8' });
    git(work, 'rm', '--cached', '--quiet', rel);
    rmSync(path.join(work, ...rel.split('/')));
    return r;
  };
  const twice = staged('prompts/feature-x.prompts', promptsFile('feature/x', [{ id: 'shared' }]));
  assert.notEqual(twice.status, 0, `a session id in two files of prompts/ passed:\n${twice.stdout}${twice.stderr}`);
  assert.match(twice.stdout, /prompts\/feature-x\.prompts:\d+:\d+: error bundle\/duplicate-session-id: /);
  assert.doesNotMatch(twice.stdout, /prompts\/main\.prompts:/, 'findings in the staged files only');
  const markdown = staged('prompts/notes.md', '# notes\n');
  assert.notEqual(markdown.status, 0, `a .md under prompts/ passed:\n${markdown.stdout}${markdown.stderr}`);
  assert.match(markdown.stdout, /prompts\/notes\.md:1:1: error bundle\/markdown-in-prompts: /);
  const fine = staged('prompts/feature-y.prompts', promptsFile('feature/y', [{ id: 'own' }]));
  assert.equal(fine.status, 0, `a good file of the bundle failed:\n${fine.stdout}${fine.stderr}`);

  // A pack is a pack by its first line whatever its name; a file that is none of ours passes untouched.
  const pack = staged('system-prompt.md', readFileSync(path.join(examplesDir, 'broken', 'corrupt.pack'), 'utf8'));
  assert.notEqual(pack.status, 0, `a corrupt pack named .md passed:\n${pack.stdout}${pack.stderr}`);
  assert.match(pack.stdout, /system-prompt\.md:\d+:\d+: error pack\//);
  const other = staged('notes.txt', 'not a pack\n');
  assert.equal(other.status, 0, `a file that is none of ours failed:\n${other.stdout}${other.stderr}`);
  assert.deepEqual(readFileSync(calls, 'utf8').split('\n').filter(Boolean), ['ci --no-audit --no-fund'], 'the first run installed, once');
});
