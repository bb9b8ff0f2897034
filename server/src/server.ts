// The language server: LSP wiring only. Each feature lives in its own
// module and is registered here; the verdicts come from src-shared.

import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { settingsSection } from '../../src-shared/protocol';
import { resolveSettings, type Settings } from '../../src-shared/settings';
import { registerDiagnosticsSupport } from './diagnostics';
import { featureCapabilities, registerFeatureSupport } from './features';
import type { AnyLanguageService } from './languageService';
import { ModelCache } from './models';
import { PackEnvironments } from './pack/environments';
import { registerPackProtocolSupport } from './pack/protocol';
import { createPackService } from './pack/service';
import { promptsService } from './prompts/service';
import { diskWorkspaceFiles } from './workspaceFiles';
import { WorkspaceIndex } from './workspaceIndex';
import { clientFileWatcher } from './workspaceWatch';
import { nodeSpawner } from './gitCommand';
import { registerHandEditSupport } from './prompts/handEdits';
import { registerRenderDisciplineSupport } from './pack/renderDiscipline';
import { registerTrustSupport, WorkspaceTrust } from './trust';
import { trustedFiles } from './workspaceFiles';
import { connectionLogger } from './logger';
import { logUncaughtErrors } from './processGuards';
import { registerTestHooks } from './testHooks';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const packEnvironments = new PackEnvironments();
const packService = createPackService(packEnvironments);
const serviceList: AnyLanguageService[] = [packService as AnyLanguageService, promptsService as AnyLanguageService];
const models = new ModelCache(new Map(serviceList.map((s) => [s.languageId, s])));
const logger = connectionLogger(connection);
logUncaughtErrors(logger, process);
registerTestHooks(connection, logger, process.env);
let canAskConfiguration = false;
let canWatchFiles = false;
let workspaceFolders: string[] = [];
const trust = new WorkspaceTrust();
registerTrustSupport(connection, trust);
const handEdits = registerHandEditSupport(connection, { documents, models, spawner: nodeSpawner, now: () => new Date(), logger, trust });

connection.onInitialize((params) => {
  canAskConfiguration = params.capabilities.workspace?.configuration === true;
  canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
  workspaceFolders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
  trust.initialize(params);
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

const discipline = registerRenderDisciplineSupport(connection, { documents, environments: packEnvironments, settingsFor, committedText: (uri) => handEdits.committedText(uri), logger });
const diagnostics = registerDiagnosticsSupport(connection, documents, {
  debounceMs: 150,
  models,
  settingsFor,
  onError: (message) => logger.error(message),
  extraFindings: async (document, model) => [...(await handEdits.findings(document, model)), ...(await discipline.findings(document, model))],
});
handEdits.onBaselinesChanged(() => diagnostics.revalidateAll());
handEdits.onBaselinesChanged(() => discipline.baselinesChanged());
discipline.onEnvironmentsChanged(() => diagnostics.revalidateAll());
// Workspace files that are not open are read from disk (once the workspace is trusted); the client reports their changes once asked to watch them.
const workspace = new WorkspaceIndex(
  trustedFiles(diskWorkspaceFiles(() => workspaceFolders), trust),
  () => documents.all(),
  clientFileWatcher(connection, () => canWatchFiles, logger),
);
connection.onDidChangeWatchedFiles((p) => workspace.filesChanged(p.changes));
trust.onDidChange(() => workspace.forgetFiles());
registerFeatureSupport(connection, { documents, models, services: serviceList, settingsFor, logger, workspace });
registerPackProtocolSupport(connection, { documents, models, service: packService, environments: packEnvironments, settingsFor, logger, discipline });

connection.onDidChangeConfiguration(() => diagnostics.revalidateAll());

documents.listen(connection);
connection.listen();
