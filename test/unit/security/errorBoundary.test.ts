// The error boundary every handler runs in: a provider that throws is
// answered with the handler's neutral value and its stack is logged, a
// cancellation still reaches the client as a cancellation, and the next
// request is answered as usual. The providers are injected into the real
// feature registration through a connection that only records handlers.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocuments, type Connection, ResponseError, LSPErrorCodes } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { defaultSettings } from '../../../src-shared/settings';
import { guard } from '../../../server/src/errorBoundary';
import { registerFeatureSupport } from '../../../server/src/features';
import { FileLimits } from '../../../server/src/fileLimits';
import type { AnyLanguageService } from '../../../server/src/languageService';
import { ModelCache } from '../../../server/src/models';
import { WorkspaceIndex } from '../../../server/src/workspaceIndex';

/** A connection whose `onX(handler)` methods record the handler under `onX`. */
function recordingConnection(): { connection: Connection; handlers: Map<string, (...args: unknown[]) => Promise<unknown>> } {
  const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const connection = new Proxy({}, { get: (_, name) => (handler: (...args: unknown[]) => Promise<unknown>) => handlers.set(String(name), handler) });
  return { connection: connection as Connection, handlers };
}

test('a provider that throws: the neutral answer, its stack logged, and the next request answered', async () => {
  const logged: string[] = [];
  let calls = 0;
  const service: AnyLanguageService = {
    languageId: 'loom-pack',
    parse: (text) => text,
    check: () => [],
    hover: () => {
      calls++;
      if (calls === 1) throw new Error('hover broke');
      return { contents: 'fine' };
    },
    documentSymbols: () => {
      throw new TypeError('symbols broke');
    },
  };
  const { connection, handlers } = recordingConnection();
  const documents = new TextDocuments(TextDocument);
  documents.listen(connection);
  const document = { uri: 'file:///a.pack', languageId: 'loom-pack', version: 1, text: 'text' };
  await handlers.get('onDidOpenTextDocument')!({ textDocument: document });
  registerFeatureSupport(connection, {
    documents,
    models: new ModelCache(new Map([[service.languageId, service]])),
    services: [service],
    settingsFor: async () => defaultSettings,
    logger: { error: (m) => logged.push(m) },
    workspace: new WorkspaceIndex({ list: async () => [], read: async () => '' }, () => [], () => undefined),
    limits: new FileLimits(),
  });
  const at = { textDocument: { uri: document.uri }, position: { line: 0, character: 0 } };
  assert.equal(await handlers.get('onHover')!(at), null);
  assert.match(logged[0]!, /^hover failed: Error: hover broke\n\s+at /);
  assert.deepEqual(await handlers.get('onHover')!(at), { contents: 'fine' });
  assert.deepEqual(await handlers.get('onDocumentSymbol')!({ textDocument: { uri: document.uri } }), []);
  assert.match(logged[1]!, /^documentSymbol failed: TypeError: symbols broke\n\s+at /);
});

test('a cancellation passes the boundary as a cancellation, and is not logged', async () => {
  const logged: string[] = [];
  const handler = guard({ error: (m) => logged.push(m) }, 'slow', null, () => {
    throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
  });
  await assert.rejects(handler(), (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled);
  assert.deepEqual(logged, []);
});
