// The bundled server starts over stdio, answers initialize and shuts down cleanly.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocumentSyncKind } from 'vscode-languageserver/node';
import { LspSession } from '../support/lspSession';

test('the server answers initialize with incremental sync and its name', async () => {
  const session = await LspSession.start();
  try {
    assert.equal(session.initialized.serverInfo?.name, 'packs-and-prompts');
    assert.equal(session.initialized.capabilities.textDocumentSync, TextDocumentSyncKind.Incremental);
  } finally {
    await session.stop();
  }
});
