// The server in a trusted workspace whose repository is hostile (every git
// setting that runs a program points at a trap, see support/hostileRepo.ts):
// opening its `.prompts` files (awkward names included) and its pack makes
// the server read HEAD for each (the hand-edit and render findings show
// it did), and asking for workspace symbols reads the disk; the trap never
// springs.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { hostileRepo, lazyFetchAttacks, lazyFetchRepo } from '../support/hostileRepo';
import { handEditStatusNotification, type HandEditStatusParams } from '../../src-shared/protocol/prompts';
import { LspSession } from '../support/lspSession';

test('a trusted server reads HEAD in a hostile repository and runs none of its programs', async () => {
  const h = hostileRepo();
  const session = await LspSession.start({ rootPath: h.repo.root, initializationOptions: { workspaceTrusted: true } });
  try {
    for (const file of h.prompts) {
      const uri = pathToFileURL(file).href;
      await session.open(uri, 'spec-prompts', readFileSync(file, 'utf8'));
      await session.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'prompts/unlogged-edit'));
    }
    const pack = pathToFileURL(h.pack).href;
    await session.open(pack, 'loom-pack', readFileSync(h.pack, 'utf8'));
    await session.waitForDiagnostics(pack, (p) => p.diagnostics.some((d) => d.code === 'pack/render-changed-version-unchanged'));
    const symbols = await session.request<unknown[]>('workspace/symbol', { query: '' });
    assert.ok(symbols.length >= 3);
    assert.equal(h.sprung(), undefined, 'a program the repository names ran');
  } finally {
    await session.stop();
    h.dispose();
  }
});

for (const attack of lazyFetchAttacks) {
  test(`a trusted server in a partial clone whose missing blobs a fetch through ${attack} would bring: it fetches nothing and runs nothing`, async () => {
    const h = lazyFetchRepo(attack);
    assert.notEqual(h.controlRun(), '', `a plain git cat-file runs the ${attack} trap`);
    const session = await LspSession.start({ rootPath: h.repo.root, initializationOptions: { workspaceTrusted: true } });
    try {
      const prompts = pathToFileURL(h.prompts).href;
      const status = new Promise<HandEditStatusParams>((resolve) =>
        session.connection.onNotification(handEditStatusNotification, (p: HandEditStatusParams) => {
          if (p.uri === prompts) resolve(p);
        }),
      );
      await session.open(prompts, 'spec-prompts', readFileSync(h.prompts, 'utf8'));
      const said = await status;
      assert.equal(said.state, 'off');
      assert.match(said.text, /git failed/);
      const pack = pathToFileURL(h.pack).href;
      await session.open(pack, 'loom-pack', readFileSync(h.pack, 'utf8'));
      const diagnostics = await session.waitForDiagnostics(pack);
      assert.ok(!diagnostics.some((d) => d.code === 'pack/render-changed-version-unchanged'), 'no baseline, so no render comparison');
      assert.equal(h.sprung(), undefined, `a program the repository names ran through ${attack}`);
    } finally {
      await session.stop();
      h.dispose();
    }
  });
}
