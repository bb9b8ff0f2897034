// A frame that never completes, or is a byte short, through the real
// server on stdio (issue 28): it is dropped with a logged error after a
// bound, and the server answers the messages after it. Before, one frame a
// byte short left the server alive and deaf for good.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { testHooksVariable } from '../../server/src/testHooks';
import { LspSession, withDeadline } from '../support/lspSession';

const env = { [testHooksVariable]: '1', PACKS_AND_PROMPTS_FRAME_STALL_MS: '300' };

function frame(body: string, extra: number): string {
  return `Content-Length: ${Buffer.byteLength(body) + extra}\r\n\r\n${body}`;
}

const didOpen = (uri: string) => JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'loom-pack', version: 1, text: '%% loom-prompt-pack 1\n' } } });

for (const [what, extra] of [
  ['a byte short, with the next message right after it', 1],
  ['a Content-Length far past what ever arrives', 100_000],
] as const) {
  test(`a frame ${what} is dropped and logged, and the server answers what follows`, async () => {
    const session = await LspSession.start({ env });
    try {
      session.process.stdin!.write(frame(didOpen('file:///w/broken.pack'), extra));
      const symbols = await withDeadline(session.request('workspace/symbol', { query: '' }), 'an answer after the broken frame', 60_000);
      assert.ok(Array.isArray(symbols));
      await session.open('file:///w/after.pack', 'loom-pack', '%% loom-prompt-pack 1\n%% version v1\n');
      await withDeadline(session.diagnosticsAt('file:///w/after.pack', 1), 'diagnostics of a document opened after it', 60_000);
      assert.ok(session.logs.some((l) => /^Dropped a frame .*reading on at the next message\.$/.test(l)), session.logs.join('\n'));
    } finally {
      await session.stop();
    }
  });
}
