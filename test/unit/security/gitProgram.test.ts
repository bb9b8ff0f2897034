// The `git` the server and the command line start is found on PATH's
// absolute folders only: an empty or relative PATH entry (which means the
// working folder, the repository) is skipped, so a `git` a repository
// ships never runs, and a missing git is "missing", not whatever the
// working folder holds.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gitProgram, gitSpawn, nodeSpawner, nodeSyncSpawner, smallOutput } from '../../../src-node/git/command';

function executable(file: string, script: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
}

test('gitProgram takes the first absolute PATH folder holding an executable git, skipping empty and relative entries', () => {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'packs-git-program-')));
  try {
    const real = path.join(root, 'bin', 'git');
    executable(real, 'exit 0');
    mkdirSync(path.join(root, 'plain'));
    writeFileSync(path.join(root, 'plain', 'git'), 'not executable');
    assert.equal(gitProgram({ PATH: `:.:bin:${path.join(root, 'plain')}:${path.join(root, 'bin')}` }, 'linux'), real);
    assert.equal(gitProgram({ PATH: '.:bin:' }, 'linux'), undefined);
    assert.equal(gitProgram({}, 'linux'), undefined);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a git in the repository is never the one started, whatever PATH says about the working folder', async () => {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'packs-git-program-')));
  const marker = path.join(root, 'ran');
  try {
    const repo = path.join(root, 'repo');
    executable(path.join(repo, 'git'), `printf ran > '${marker}'`);
    const spawn = gitSpawn(['--version'], repo, smallOutput, { PATH: `.::${process.env['PATH'] ?? ''}` });
    for (const outcome of [await nodeSpawner(spawn), nodeSyncSpawner(spawn)]) {
      assert.equal(outcome.kind, 'exited');
      assert.match(outcome.kind === 'exited' ? outcome.stdout.toString() : '', /^git version /);
    }
    assert.equal(existsSync(marker), false, "the repository's git ran");
    const only = gitSpawn(['--version'], repo, smallOutput, { PATH: '.' });
    assert.deepEqual(await nodeSpawner(only), { kind: 'missing' });
    assert.deepEqual(nodeSyncSpawner(only), { kind: 'missing' });
    assert.equal(existsSync(marker), false, "the repository's git ran");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
