// The server's store of committed versions: nothing runs git while the
// workspace is untrusted; once trusted it reads HEAD's version from a real
// repository, keeps it until told HEAD moved, and then reads the new one.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import type { GitSpawn } from '../../../src-node/git/command';
import { nodeSpawner } from '../../../src-node/git/command';
import { BaselineStore } from '../../../server/src/prompts/handEditsBaselines';
import { TempRepo, testAuthor } from '../../support/gitRepos';
import { committed, withLines } from '../../support/handEditFixtures';

test('untrusted, the store never spawns git and says why', async () => {
  const spawned: GitSpawn[] = [];
  const trust = { trusted: false };
  const store = new BaselineStore(async (s) => {
    spawned.push(s);
    return { kind: 'missing' };
  }, trust);
  const uri = pathToFileURL('/tmp/some repo/a.prompts').href;
  assert.deepEqual(await store.baseline(uri), { kind: 'off', reason: 'untrusted' });
  assert.equal(await store.authorFor(uri), undefined);
  assert.deepEqual(spawned, []);
  trust.trusted = true;
  assert.deepEqual(await store.baseline(uri), { kind: 'off', reason: 'noGit' });
  assert.equal(spawned.length, 1);
});

test('a document that is not a file has no baseline', async () => {
  const store = new BaselineStore(nodeSpawner, { trusted: true });
  assert.deepEqual(await store.baseline('untitled:Untitled-1'), { kind: 'off', reason: 'notAFile' });
});

test('trusted, the store reads HEAD\'s version, keeps it, and reads again once HEAD moved', async () => {
  const repo = TempRepo.create();
  try {
    const file = repo.write('prompts/a.prompts', committed);
    repo.commitAll();
    let spawns = 0;
    const store = new BaselineStore(async (s) => {
      spawns++;
      return nodeSpawner(s);
    }, { trusted: true });
    const uri = pathToFileURL(file).href;
    const first = await store.baseline(uri);
    assert.equal(first.kind, 'baseline');
    assert.equal(first.kind === 'baseline' && first.doc.text, committed);
    assert.equal(first.kind === 'baseline' && first.repository.headRef, 'refs/heads/main');
    const afterFirst = spawns;
    await store.baseline(uri);
    assert.equal(spawns, afterFirst, 'kept: no git call the second time');
    assert.equal(await store.authorFor(uri), testAuthor);

    const edited = withLines(10, 1, 'title = "Committed later"');
    repo.write('prompts/a.prompts', edited);
    repo.commitAll('edit');
    const stale = await store.baseline(uri);
    assert.equal(stale.kind === 'baseline' && stale.doc.text, committed, 'until told, the old HEAD');
    store.invalidate();
    const moved = await store.baseline(uri);
    assert.equal(moved.kind === 'baseline' && moved.doc.text, edited);
    assert.deepEqual(
      (await store.knownRepositories()).map((r) => r.headRef),
      ['refs/heads/main'],
    );
  } finally {
    repo.dispose();
  }
});
