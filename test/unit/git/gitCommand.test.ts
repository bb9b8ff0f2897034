// Git is run safely: the exact argument lists (safety options first, `--`
// before paths), working folders, limits and environment each program asks
// for, seen through an injected spawner with canned answers; how answers
// map to "no baseline" reasons; and the real spawners' time limit, output
// cap and missing-git handling.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  blobOutput,
  type GitOutcome,
  type GitSpawn,
  gitEnvironment,
  gitSpawn,
  nodeSpawner,
  nodeSyncSpawner,
  safetyOptions,
  smallOutput,
} from '../../../src-node/git/command';
import { blobText, findRepository, headBlob, runSync, userEmail } from '../../../src-node/git/repository';

const ok = (stdout: string): GitOutcome => ({ kind: 'exited', code: 0, stdout: Buffer.from(stdout), stderr: '' });
const fails = (stderr: string, code = 128): GitOutcome => ({ kind: 'exited', code, stdout: Buffer.alloc(0), stderr });

/** A spawner that records each spawn and answers from `answers` in order. */
function scripted(...answers: GitOutcome[]): { spawner: (s: GitSpawn) => GitOutcome; calls: GitSpawn[] } {
  const calls: GitSpawn[] = [];
  return {
    calls,
    spawner: (s) => {
      calls.push(s);
      const next = answers.shift();
      assert.ok(next, `unexpected git call: ${s.args.join(' ')}`);
      return next;
    },
  };
}

const oid = 'a'.repeat(40);

test('every call starts with the safety options, and never runs through a shell', () => {
  assert.deepEqual(safetyOptions, [
    '-c',
    'core.fsmonitor=false',
    '-c',
    'core.hooksPath=/dev/null',
    '--no-pager',
    '--literal-pathspecs',
    '--no-replace-objects',
    '-c',
    'protocol.allow=never',
  ]);
  const s = gitSpawn(['status'], '/r', smallOutput, {});
  assert.equal(s.command, 'git');
  assert.deepEqual(s.args, [...safetyOptions, 'status']);
});

test('the environment drops what would point git elsewhere or inject configuration, and forbids prompts and optional locks', () => {
  const env = gitEnvironment({
    PATH: '/usr/bin',
    HOME: '/home/u',
    GIT_DIR: '/evil/.git',
    GIT_WORK_TREE: '/evil',
    GIT_INDEX_FILE: '/evil/index',
    GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='/evil/run'",
    GIT_CONFIG_COUNT: '1',
    GIT_EXEC_PATH: '/evil/libexec',
    GIT_SSH_COMMAND: 'evil',
    GIT_CONFIG_GLOBAL: '/home/u/.gitconfig-work',
    GIT_CONFIG_NOSYSTEM: '1',
  });
  assert.deepEqual(env, {
    PATH: '/usr/bin',
    HOME: '/home/u',
    GIT_CONFIG_GLOBAL: '/home/u/.gitconfig-work',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_ALLOW_PROTOCOL: '',
    GIT_NO_LAZY_FETCH: '1',
    LC_ALL: 'C',
  });
});

test('no transport is allowed, whatever protocol.<name>.allow an inherited environment or a repository says', () => {
  const env = gitEnvironment({ PATH: '/usr/bin', GIT_ALLOW_PROTOCOL: 'ext:file:ssh', GIT_NO_LAZY_FETCH: '0' });
  assert.equal(env.GIT_ALLOW_PROTOCOL, '');
  assert.equal(env.GIT_NO_LAZY_FETCH, '1');
});

test('finding the repository: rev-parse in the file\'s folder, then the branch HEAD points at', () => {
  const { spawner, calls } = scripted(ok('/r\n/r/.git\n/r/.git\n'), ok('refs/heads/feature/x\n'));
  const repository = runSync(findRepository('/r/prompts'), spawner);
  assert.deepEqual(repository, { root: '/r', gitDir: '/r/.git', commonDir: '/r/.git', headRef: 'refs/heads/feature/x' });
  assert.deepEqual(
    calls.map((c) => [c.args.slice(safetyOptions.length), c.cwd, c.timeoutMs, c.maxOutputBytes]),
    [
      [['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-dir', '--git-common-dir'], '/r/prompts', smallOutput.timeoutMs, smallOutput.maxOutputBytes],
      [['symbolic-ref', '--quiet', 'HEAD'], '/r', smallOutput.timeoutMs, smallOutput.maxOutputBytes],
    ],
  );
});

test('a detached HEAD has no branch to watch', () => {
  const { spawner } = scripted(ok('/r\n/r/.git\n/r/.git\n'), fails('', 1));
  assert.deepEqual(runSync(findRepository('/r'), spawner), { root: '/r', gitDir: '/r/.git', commonDir: '/r/.git', headRef: undefined });
});

test('the committed blob: ls-tree from the file\'s folder, the name after `--`, even one that looks like an option', () => {
  const { spawner, calls } = scripted(ok(`100644 blob ${oid}\tprompts/--help.prompts\0`));
  assert.deepEqual(runSync(headBlob('/r/prompts/--help.prompts'), spawner), { kind: 'blob', oid });
  assert.deepEqual(calls[0]!.args.slice(safetyOptions.length), ['ls-tree', '-z', '--full-name', 'HEAD', '--', '--help.prompts']);
  assert.equal(calls[0]!.cwd, '/r/prompts');
});

test('the blob\'s bytes: cat-file blob (no filters, no textconv) with the large limits; an id that is not one is not asked for', () => {
  const { spawner, calls } = scripted(ok('schema = "x"\n'));
  assert.deepEqual(runSync(blobText('/r', oid), spawner), { kind: 'text', text: 'schema = "x"\n' });
  assert.deepEqual(calls[0]!.args.slice(safetyOptions.length), ['cat-file', 'blob', oid]);
  assert.equal(calls[0]!.maxOutputBytes, blobOutput.maxOutputBytes);
  assert.equal(calls[0]!.timeoutMs, blobOutput.timeoutMs);
  assert.deepEqual(runSync(blobText('/r', '--output=x'), scripted().spawner), { kind: 'off', reason: 'gitFailed', detail: 'not an object id' });
});

test('the user\'s email: git config --get user.email in the repository', () => {
  const { spawner, calls } = scripted(ok('bob@example.com\n'));
  assert.equal(runSync(userEmail('/r'), spawner), 'bob@example.com');
  assert.deepEqual(calls[0]!.args.slice(safetyOptions.length), ['config', '--get', 'user.email']);
  assert.equal(runSync(userEmail('/r'), scripted(fails('', 1)).spawner), undefined);
});

test('answers that mean no baseline, each with its reason', () => {
  const reasonOf = (program: Generator<unknown, unknown, GitOutcome>, answer: GitOutcome) => {
    program.next();
    return program.next(answer).value;
  };
  assert.deepEqual(reasonOf(findRepository('/x'), { kind: 'missing' }), { kind: 'off', reason: 'noGit' });
  assert.deepEqual(reasonOf(findRepository('/x'), fails('fatal: not a git repository (or any of the parent directories): .git\n')), {
    kind: 'off',
    reason: 'notInRepository',
  });
  assert.deepEqual(reasonOf(findRepository('/x'), fails('fatal: detected dubious ownership in repository at \'/x\'\n')), {
    kind: 'off',
    reason: 'gitFailed',
    detail: "detected dubious ownership in repository at '/x'",
  });
  assert.deepEqual(reasonOf(headBlob('/r/a.prompts'), fails("fatal: Not a valid object name HEAD\n")), { kind: 'off', reason: 'noCommit' });
  assert.deepEqual(reasonOf(headBlob('/r/a.prompts'), ok('')), { kind: 'off', reason: 'untracked' });
  assert.deepEqual(reasonOf(headBlob('/r/sub'), ok(`160000 commit ${oid}\tsub\0`)), { kind: 'off', reason: 'untracked' });
  assert.deepEqual(reasonOf(blobText('/r', oid), { kind: 'failed', message: 'git timed out after 20 s' }), {
    kind: 'off',
    reason: 'gitFailed',
    detail: 'git timed out after 20 s',
  });
});

/** A folder holding an executable `git` that runs `script`, for the real spawners. */
function fakeGit(script: string): { env: NodeJS.ProcessEnv; dispose(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'packs-fake-git-'));
  writeFileSync(path.join(dir, 'git'), `#!/bin/sh\n${script}\n`);
  chmodSync(path.join(dir, 'git'), 0o755);
  return { env: { PATH: `${dir}:/usr/bin:/bin` }, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

test('the real spawners stop a git that runs past its time limit', async () => {
  const fake = fakeGit('exec sleep 30');
  try {
    const spawn = gitSpawn(['status'], os.tmpdir(), { timeoutMs: 100, maxOutputBytes: 1024 }, fake.env);
    assert.deepEqual(await nodeSpawner(spawn), { kind: 'failed', message: 'git timed out after 0.1 s' });
    assert.deepEqual(nodeSyncSpawner(spawn), { kind: 'failed', message: 'git timed out after 0.1 s' });
  } finally {
    fake.dispose();
  }
});

/** Whether process `pid` is gone (or a zombie waiting to be reaped: it runs nothing). */
function ended(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

test('a time-out or the output cap ends the whole process group: a helper git started does not live on', { skip: process.platform !== 'linux' && 'reads /proc' }, async () => {
  for (const [script, limits] of [
    ['sleep 30 & echo $! > "$PIDS"; exec sleep 30', { timeoutMs: 300, maxOutputBytes: 1024 }],
    ['sleep 30 & echo $! > "$PIDS"; exec head -c 100000 /dev/zero', { timeoutMs: 10_000, maxOutputBytes: 1000 }],
  ] as const) {
    const fake = fakeGit(script);
    const pids = path.join(os.tmpdir(), `packs-helper-${process.pid}-${Date.now()}`);
    try {
      const env = { ...fake.env, PIDS: pids };
      for (const run of [() => nodeSpawner(gitSpawn(['status'], os.tmpdir(), limits, env)), async () => nodeSyncSpawner(gitSpawn(['status'], os.tmpdir(), limits, env))]) {
        rmSync(pids, { force: true });
        assert.equal((await run()).kind, 'failed');
        const helper = Number(readFileSync(pids, 'utf8').trim());
        assert.ok(helper > 0);
        // The group was signalled before the spawner answered; the kernel needs a moment to deliver it.
        for (let i = 0; i < 200 && !ended(helper); i++) await new Promise((r) => setTimeout(r, 10));
        assert.ok(ended(helper), `the helper ${helper} git started still runs`);
      }
    } finally {
      rmSync(pids, { force: true });
      fake.dispose();
    }
  }
});

test('the real spawners stop a git whose output passes the cap', async () => {
  const fake = fakeGit('exec head -c 100000 /dev/zero');
  try {
    const spawn = gitSpawn(['cat-file', 'blob', oid], os.tmpdir(), { timeoutMs: 10_000, maxOutputBytes: 1000 }, fake.env);
    assert.deepEqual(await nodeSpawner(spawn), { kind: 'failed', message: "git's output passed 1000 bytes" });
    assert.deepEqual(nodeSyncSpawner(spawn), { kind: 'failed', message: "git's output passed 1000 bytes" });
  } finally {
    fake.dispose();
  }
});

test('the real spawners pass the arguments as they are, and say when git is missing or the folder is gone', async () => {
  const fake = fakeGit('for a in "$@"; do printf "%s\\n" "$a"; done; printf "%s" "$GIT_TERMINAL_PROMPT" >&2');
  try {
    const spawn = gitSpawn(['ls-tree', '--', 'a b;$(x)`y`.prompts'], os.tmpdir(), smallOutput, fake.env);
    for (const outcome of [await nodeSpawner(spawn), nodeSyncSpawner(spawn)]) {
      assert.equal(outcome.kind, 'exited');
      if (outcome.kind !== 'exited') continue;
      assert.deepEqual(outcome.stdout.toString().split('\n').slice(0, -1), [...safetyOptions, 'ls-tree', '--', 'a b;$(x)`y`.prompts']);
      assert.equal(outcome.stderr, '0');
    }
  } finally {
    fake.dispose();
  }
  const noGit = gitSpawn(['status'], os.tmpdir(), smallOutput, { PATH: path.join(os.tmpdir(), 'packs-no-such-folder') });
  assert.deepEqual(await nodeSpawner(noGit), { kind: 'missing' });
  assert.deepEqual(nodeSyncSpawner(noGit), { kind: 'missing' });
  const gone = gitSpawn(['status'], path.join(os.tmpdir(), 'packs-no-such-folder'), smallOutput);
  assert.equal((await nodeSpawner(gone)).kind, 'failed');
});
