// `packs/tokens` through the real server (dist/server.js, which loads the
// encoder chunk beside it): the count and the tokens per section equal
// `dist/cli.js render --json`'s for the same pack and tokenizer; an answer
// for a render digest the pack no longer renders to is `superseded`; a
// session that runs no git says why there is no cache comparison.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderRequest, tokensRequest, type RenderResult, type RenderTokens } from '../../src-shared/protocol/pack';
import { LspSession } from '../support/lspSession';
import { distDir, repoRoot } from '../support/paths';

const file = path.join(repoRoot, 'scripts', 'e2e', 'demo', 'packs', 'handbook-agent.pack');

function cliTokens(tokenizer: string) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'render', '--json', '--tokenizer', tokenizer, file], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout).tokens as { count: number; sections: { section: string; tokens: number }[] };
}

for (const tokenizer of ['o200k_base', 'cl100k_base'] as const) {
  test(`packs/tokens counts as render --json does (${tokenizer}), per section too`, async () => {
    const session = await LspSession.start({ settings: { pack: { tokenizer } } });
    try {
      const uri = pathToFileURL(file).href;
      await session.open(uri, 'loom-pack', readFileSync(file, 'utf8'));
      const rendered = await session.request<RenderResult>(renderRequest, { uri, maxChars: 200_000 });
      assert.ok(rendered.kind === 'rendered');
      const answer = await session.request<RenderTokens>(tokensRequest, { uri, renderDigest: rendered.renderDigest });
      assert.ok(answer.kind === 'counted', JSON.stringify(answer));
      const cli = cliTokens(tokenizer);
      assert.deepEqual({ tokenizer: answer.tokenizer, exact: answer.exact, tokens: answer.tokens, sections: answer.sections }, { tokenizer, exact: true, tokens: cli.count, sections: cli.sections });
      assert.ok(answer.cache.kind === 'off' && answer.cache.reason !== '', 'no trusted git in this session: the reason is said');
      const stale = await session.request<RenderTokens>(tokensRequest, { uri, renderDigest: 'not-this-render' });
      assert.equal(stale.kind, 'superseded');
    } finally {
      await session.stop();
    }
  });
}
