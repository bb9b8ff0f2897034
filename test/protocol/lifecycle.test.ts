// The bundled server starts over stdio, answers initialize and shuts down
// cleanly: `shutdown` answered with null, then exit code 0 on `exit`, by
// itself (LSP: 0 after a shutdown, 1 without one). It does the same over
// Node's IPC channel, as VS Code's client starts it.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocumentSyncKind } from 'vscode-languageserver/node';
import { LspSession } from '../support/lspSession';
import { minimalValid } from '../support/promptsFixtures';

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

test('over IPC, as VS Code\'s client starts it: the server checks a file and, on exit, ends with code 0', async () => {
  const session = await LspSession.start({ transport: 'ipc' });
  try {
    const uri = 'file:///w/a.prompts';
    await session.open(uri, 'spec-prompts', minimalValid.replace('role = "user"', 'role = "usr"'));
    const found = await session.diagnosticsAt(uri, 1);
    assert.ok(found.some((d) => d.severity === 1), JSON.stringify(found));
    assert.deepEqual(await session.shutdown(), { answer: null, code: 0, signal: null });
  } finally {
    await session.stop();
  }
});
