// The bundled server starts over stdio, answers initialize and shuts down
// cleanly: `shutdown` answered with null, then exit code 0 on `exit`, by
// itself (LSP: 0 after a shutdown, 1 without one).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocumentSyncKind } from 'vscode-languageserver/node';
import { LspSession } from '../support/lspSession';

test('the server answers initialize with incremental sync and its name', async () => {
  const session = await LspSession.start();
  try {
    assert.equal(session.initialized.serverInfo?.name, 'packs-and-prompts');
    assert.deepEqual(session.initialized.capabilities.textDocumentSync, { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } });
  } finally {
    await session.stop();
  }
});

test('the server answers shutdown with null and, on exit, ends by itself with code 0', async () => {
  const session = await LspSession.start();
  try {
    await session.open('file:///w/a.pack', 'loom-pack', '%% loom-prompt-pack 1\n%% version v1\n');
    await session.diagnosticsAt('file:///w/a.pack', 1);
    assert.deepEqual(await session.shutdown(), { answer: null, code: 0, signal: null });
  } finally {
    await session.stop();
  }
});
