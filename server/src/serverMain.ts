// The language server's composition, the same in Node and in the browser:
// each feature lives in its own module and is registered here; the
// verdicts come from src-shared. What differs between the two hosts (git,
// the disk, the process) comes in as a `ServerHost` (server.ts for Node,
// browserServer.ts for the web worker).
// Documents keep their text in chunks (chunkedTextDocument.ts) and record
// their edits, so a `.prompts` model is updated per edit instead of
// re-parsed (models.ts, promptsIncremental.ts).

import { type Connection, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { languageIds, settingsSection, validationStatsRequest, type ValidationStatsResult } from '../../src-shared/protocol/common';
import { defaultSettings, resolveSettings, type Settings } from '../../src-shared/settings';
import { chunkedDocuments } from './chunkedTextDocument';
import { registerDiagnosticsSupport } from './diagnostics';
import { type ReadFileBytes, registerEncodingSupport } from './encoding';
import { guard } from './errorBoundary';
import { featureCapabilities, registerFeatureSupport } from './features';
import type { AnyLanguageService } from './languageService';
import { type IncrementalModels, ModelCache } from './models';
import { PackEnvironments } from './pack/environments';
import { PackProfiles, registerProfileSupport } from './pack/profiles';
import { registerPackProtocolSupport } from './pack/protocol';
import type { EncoderLoader } from './pack/tokens';
import { registerRenderDisciplineSupport } from './pack/renderDiscipline';
import { createPackService } from './pack/service';
import { registerHandEditSupport } from './prompts/handEdits';
import { registerReviewSupport } from './prompts/review';
import { createPromptsService } from './prompts/service';
import { type BundleSupport, registerBundleSupport } from './prompts/bundle';
import { BundleIndex } from './prompts/bundleIndex';
import { promptsIncremental } from './promptsIncremental';
import { trustedFiles, type WorkspaceFiles } from './workspaceFiles';
import { WorkspaceIndex } from './workspaceIndex';
import { clientFileWatcher } from './workspaceWatch';
import { registerTrustSupport, WorkspaceTrust } from './trust';
import { connectionLogger } from './logger';
import { FileLimits } from './fileLimits';
import { configureL10n } from './l10n';
import { registerTestHooks } from './testHooks';
import type { Baselines } from './prompts/handEditsBaselines';
import type { Logger } from './errorBoundary';


/** Resources whose settings are kept at most (a workspace's files are asked about too). */
const maxSettingsKept = 1000;

export interface ServerHost {
  /** Committed versions for hand edits and the render against HEAD. */
  baselines(trust: WorkspaceTrust): Baselines;
  /** The workspace's files that are not open (read only once trusted). */
  workspaceFiles(folders: () => readonly string[], maxBytes: number): WorkspaceFiles;
  /** The bytes of an open document's file, to find invalid UTF-8 its decoded text hides (none in the browser). */
  readonly readFileBytes: ReadFileBytes;
  /** Logs what nothing caught instead of ending the server. */
  guardUncaught(logger: Logger): void;
  /** The environment the test hooks read. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly pid: number;
  memory(): ValidationStatsResult['memory'];
  /** Loads a tokenizer's encoder, a chunk of its own, on the first count. */
  readonly loadEncoder: EncoderLoader;
}

export function startServer(connection: Connection, host: ServerHost): void {
  const documents: TextDocuments<TextDocument> = new TextDocuments(chunkedDocuments);
  const packEnvironments = new PackEnvironments();
  const packProfiles = new PackProfiles();
  const packService = createPackService(packEnvironments, packProfiles);
  // The bundle support needs the models, which need the services: the service asks for it when used.
  const late: { bundleSupport?: BundleSupport } = {};
  const promptsService = createPromptsService(() => late.bundleSupport!);
  const serviceList: AnyLanguageService[] = [packService as AnyLanguageService, promptsService as AnyLanguageService];
  const incremental = new Map<string, IncrementalModels<unknown>>([[languageIds.prompts, promptsIncremental as IncrementalModels<unknown>]]);
  const models = new ModelCache(new Map(serviceList.map((s) => [s.languageId, s])), incremental);
  const logger = connectionLogger(connection);
  host.guardUncaught(logger);
  const validationHold = registerTestHooks(connection, logger, host.env);
  let canAskConfiguration = false;
  let canWatchFiles = false;
  let workspaceFolders: string[] = [];
  const trust = new WorkspaceTrust();
  // The settings asked of the client (settingsFor), forgotten first when trust changes: what the other listeners ask then is asked anew.
  const askedSettings = new Map<string, Promise<Settings>>();
  trust.onDidChange(() => askedSettings.clear());
  const limits = new FileLimits();
  registerTrustSupport(connection, trust);
  const handEdits = registerHandEditSupport(connection, { documents, models, baselines: host.baselines(trust), now: () => new Date(), logger, trust, settingsFor, limits });

  connection.onInitialize((params) => {
    configureL10n(params.initializationOptions);
    canAskConfiguration = params.capabilities.workspace?.configuration === true;
    canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    workspaceFolders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    trust.initialize(params);
    return {
      capabilities: {
        // Saves are heard so a file whose invalid UTF-8 the editor replaced is read again (encoding.ts).
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        ...featureCapabilities(serviceList),
      },
      serverInfo: { name: 'packs-and-prompts' },
    };
  });

  /**
   * The settings of a resource, asked of the client once and kept until
   * they change (the client sends `workspace/didChangeConfiguration` for our
   * section) or trust does: each ask is a round trip to the client, which a
   * hover behind a large file's validation slices waited about 45 ms for.
   */
  function settingsFor(uri: string): Promise<Settings> {
    if (!canAskConfiguration) return Promise.resolve(resolveSettings(undefined));
    let settings = askedSettings.get(uri);
    if (!settings) {
      if (askedSettings.size >= maxSettingsKept) askedSettings.clear();
      // Untrusted, a setting that could hide a finding keeps its default (settings.ts).
      settings = connection.workspace.getConfiguration({ scopeUri: uri, section: settingsSection }).then((s: unknown) => resolveSettings(s, { trusted: trust.trusted }));
      askedSettings.set(uri, settings);
      // A failed ask is asked again next time.
      settings.catch(() => askedSettings.get(uri) === settings && askedSettings.delete(uri));
    }
    return settings;
  }

  const encoding = registerEncodingSupport(documents, host.readFileBytes, (uri) => diagnostics.revalidate([uri]));
  const discipline = registerRenderDisciplineSupport(connection, { documents, environments: packEnvironments, profiles: packProfiles, settingsFor, committedText: (uri) => handEdits.committedText(uri), logger });
  const diagnostics = registerDiagnosticsSupport(connection, documents, {
    debounceMs: 150,
    models,
    settingsFor,
    onError: (message) => logger.error(message),
    limits,
    ...(validationHold && { hold: validationHold }),
    extraFindings: async (document, model) => [
      ...(await encoding.findings(document)),
      ...(await handEdits.findings(document, model)),
      ...(await discipline.findings(document, model)),
      ...(await late.bundleSupport!.findings(document)),
    ],
  });
  handEdits.onBaselinesChanged(() => diagnostics.revalidateAll());
  handEdits.onBaselinesChanged(() => discipline.baselinesChanged());
  discipline.onEnvironmentsChanged(() => diagnostics.revalidateAll());
  registerProfileSupport(connection, packProfiles, () => diagnostics.revalidateAll());
  // Workspace files that are not open are read from disk (once the workspace is trusted); the client reports their changes once asked to watch them.
  const workspaceFiles = trustedFiles(host.workspaceFiles(() => workspaceFolders, defaultSettings.maxFileSizeMB * 1024 * 1024), trust);
  const workspace = new WorkspaceIndex(
    workspaceFiles,
    // A document too large or binary for the default limit is left out, as on disk; only those of the language asked about are measured (a large pack opening is no business of a .prompts bundle).
    (languageId) => documents.all().filter((d) => d.languageId === languageId && !limits.refusal(d, defaultSettings)),
    clientFileWatcher(connection, () => canWatchFiles, logger),
  );
  connection.onDidChangeWatchedFiles((p) => workspace.filesChanged(p.changes));
  trust.onDidChange(() => workspace.forgetFiles());
  // The bundle rules check open `.prompts` documents against every file of their bundle (only open ones while untrusted).
  const bundles = new BundleIndex({ workspace, files: workspaceFiles, documents, models, trust, logger });
  const bundleSupport = registerBundleSupport(connection, {
    documents,
    bundles,
    logger,
    revalidate: (uris) => diagnostics.revalidate(uris),
    othersDelayMs: 300,
    indexWaitMs: 500,
  });
  late.bundleSupport = bundleSupport;
  // A file changed on disk: the open `.prompts` documents are checked again against it.
  workspace.onDidChange(() => {
    diagnostics.revalidate(documents.all().filter((d) => d.languageId === languageIds.prompts).map((d) => d.uri));
    bundleSupport.filesChanged();
  });
  registerFeatureSupport(connection, { documents, models, services: serviceList, settingsFor, logger, workspace, limits });
  registerReviewSupport(connection, { documents, models, settingsFor, logger, limits, handEdits });
  registerPackProtocolSupport(connection, { documents, models, service: packService, environments: packEnvironments, settingsFor, logger, discipline, limits, loadEncoder: host.loadEncoder });

  connection.onDidChangeConfiguration(() => {
    askedSettings.clear();
    diagnostics.revalidateAll();
  });
  // Trust brings the restricted settings' own values.
  trust.onDidChange(() => diagnostics.revalidateAll());
  connection.onRequest(
    validationStatsRequest,
    guard(logger, 'validationStats', null, (): ValidationStatsResult => ({
      pid: host.pid,
      memory: host.memory(),
      validating: diagnostics.validating(),
      documents: diagnostics.stats(),
    })),
  );

  documents.listen(connection);
  connection.listen();
}
