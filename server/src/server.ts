// The language server: LSP wiring only. Each feature lives in its own
// module and is registered here; the verdicts come from src-shared.
// Documents keep their text in chunks (chunkedTextDocument.ts) and record
// their edits, so a `.prompts` model is updated per edit instead of
// re-parsed (models.ts, promptsIncremental.ts).

import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { languageIds, settingsSection, validationStatsRequest, type ValidationStatsResult } from '../../src-shared/protocol';
import { resolveSettings, type Settings } from '../../src-shared/settings';
import { chunkedDocuments } from './chunkedTextDocument';
import { registerDiagnosticsSupport } from './diagnostics';
import { guard } from './errorBoundary';
import { featureCapabilities, registerFeatureSupport } from './features';
import type { AnyLanguageService } from './languageService';
import { type IncrementalModels, ModelCache } from './models';
import { packService } from './pack/service';
import { promptsService } from './prompts/service';
import { promptsIncremental } from './promptsIncremental';

const connection = createConnection(ProposedFeatures.all);
const documents: TextDocuments<TextDocument> = new TextDocuments(chunkedDocuments);
const serviceList: AnyLanguageService[] = [packService as AnyLanguageService, promptsService as AnyLanguageService];
const incremental = new Map<string, IncrementalModels<unknown>>([[languageIds.prompts, promptsIncremental as IncrementalModels<unknown>]]);
const models = new ModelCache(new Map(serviceList.map((s) => [s.languageId, s])), incremental);
const logger = { error: (message: string) => connection.console.error(message) };
let canAskConfiguration = false;

connection.onInitialize((params) => {
  canAskConfiguration = params.capabilities.workspace?.configuration === true;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      ...featureCapabilities(serviceList),
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
  onError: (message) => logger.error(message),
});
registerFeatureSupport(connection, { documents, models, services: serviceList, settingsFor, logger });

connection.onDidChangeConfiguration(() => diagnostics.revalidateAll());
connection.onRequest(
  validationStatsRequest,
  guard(logger, 'validationStats', null, (): ValidationStatsResult => ({
    pid: process.pid,
    memory: process.memoryUsage(),
    validating: diagnostics.validating(),
    documents: diagnostics.stats(),
  })),
);

documents.listen(connection);
connection.listen();
