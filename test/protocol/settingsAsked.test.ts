// The server asks the client for a resource's settings once and keeps them
// until they change (issue 31): each ask is a round trip, which a hover
// waited for behind a large file's validation slices. A settings change
// (`workspace/didChangeConfiguration`) is asked anew and applies.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity, type PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { LspSession, trusted } from '../support/lspSession';

const uri = 'file:///work/agent.pack';
const pack = '%% loom-prompt-pack 1\n%% version v1\n%% section main\nHello {nobody_knows_me}.\n';

/** The `workspace/configuration` requests the server has sent so far. */
function asks(session: LspSession): number {
  return session.sent.split('"method":"workspace/configuration"').length - 1;
}

test('a document\'s settings are asked once: hovers ask nothing more, and a settings change is asked anew and applies', async () => {
  const session = await LspSession.start({ ...trusted, settings: { pack: { severity: { 'pack/unknown-placeholder': 'information' } } } });
  try {
    await session.open(uri, 'loom-pack', pack);
    const first = await session.diagnosticsAt(uri, 1);
    assert.deepEqual(first.filter((d) => d.code === 'pack/unknown-placeholder').map((d) => d.severity), [DiagnosticSeverity.Information]);
    const before = asks(session);
    assert.ok(before >= 1);
    for (let i = 0; i < 5; i++) await session.request('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 8 } });
    assert.equal(asks(session), before, 'five hovers asked the client for no settings');

    session.setSettings({ pack: { severity: { 'pack/unknown-placeholder': 'error' } } });
    await session.waitForDiagnostics(uri, (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === 'pack/unknown-placeholder' && d.severity === DiagnosticSeverity.Error));
    assert.ok(asks(session) > before, 'the change was asked of the client');
  } finally {
    await session.stop();
  }
});
