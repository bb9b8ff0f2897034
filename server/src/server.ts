// The language server: LSP wiring only. Each feature lives in its own
// module and is registered here; the verdicts come from src-shared.

import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { settingsSection } from '../../src-shared/protocol';
import { resolveSettings, type Settings } from '../../src-shared/settings';
import { registerDiagnosticsSupport } from './diagnostics';
import type { AnyLanguageService } from './languageService';
import { ModelCache } from './models';
import { packService } from './pack/service';
import { promptsService } from './prompts/service';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const services = new Map<string, AnyLanguageService>(
  [packService as AnyLanguageService, promptsService as AnyLanguageService].map((s) => [s.languageId, s]),
);
const models = new ModelCache(services);
let canAskConfiguration = false;

connection.onInitialize((params) => {
  canAskConfiguration = params.capabilities.workspace?.configuration === true;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
    },
    serverInfo: { name: 'packs-and-prompts' },
  };
});

async function settingsFor(uri: string): Promise<Settings> {
  if (!canAskConfiguration) return resolveSettings(undefined);
  return resolveSettings(await connection.workspace.getConfiguration({ scopeUri: uri, section: settingsSection }));
}

const diagnostics = registerDiagnosticsSupport(connection, documents, {
  debounceMs: 150,
  models,
  settingsFor,
  onError: (message) => connection.console.error(message),
});

connection.onDidChangeConfiguration(() => diagnostics.revalidateAll());

documents.listen(connection);
connection.listen();
