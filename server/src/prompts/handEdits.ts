// Hand edits in the server: the findings of each `.prompts` document
// against its committed version (added to its diagnostics), the status
// line per document, the fix request the client's commands send, the git
// folders the client watches (a moved HEAD re-checks every document), and
// workspace trust (untrusted: git never runs; trust.ts).

import * as l10n from '@vscode/l10n';
import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../../src-shared/finding';
import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { checkHandEdits, type HandEditVerdict, judgeable } from '../../../src-shared/prompts/handEdits/check';
import { computeFix, type FixRequest } from '../../../src-shared/prompts/handEdits/fixes';
import { describeState, type HandEditState } from '../../../src-shared/prompts/handEdits/status';
import {
  gitHeadMovedNotification,
  type HandEditFixParams,
  type HandEditFixResult,
  handEditFixRequest,
  handEditStatusNotification,
  type HandEditStatusParams,
  watchGitNotification,
  type WatchGitParams,
} from '../../../src-shared/protocol/prompts';
import { languageIds } from '../../../src-shared/protocol/common';
import { guard, type Logger } from '../errorBoundary';
import type { HeadText, NoBaseline } from '../../../src-node/git/repository';
import type { ModelCache } from '../models';
import type { WorkspaceTrust } from '../trust';
import type { FileLimits } from '../fileLimits';
import { refusalFinding } from '../../../src-shared/fileLimits';
import type { Settings } from '../../../src-shared/settings';
import type { Baselines } from './handEditsBaselines';

export interface HandEditDeps {
  readonly documents: TextDocuments<TextDocument>;
  readonly models: ModelCache;
  /** Where committed versions come from: git in the Node server, nothing in the browser's. */
  readonly baselines: Baselines;
  readonly now: () => Date;
  readonly logger: Logger;
  readonly trust: WorkspaceTrust;
  readonly settingsFor: (uri: string) => Promise<Settings>;
  readonly limits: FileLimits;
}

export interface HandEditSupport {
  /** The hand-edit findings of one document version (none for other languages). */
  findings(document: TextDocument, model: unknown): Promise<Finding[]>;
  /** The verdict on one version of a `.prompts` document, or why there is none (cached per version, as the diagnostics use it). */
  verdict(uri: string, version: number, model: PromptsDocument): Promise<HandEditVerdict | HandEditState>;
  /** Called when every document must be checked again (HEAD moved, trust granted). */
  onBaselinesChanged(listener: () => void): void;
  /** HEAD's version of any document's file, as text, under the same rules (packs compare their renders with it); its repository is watched. */
  committedText(uri: string): Promise<HeadText | NoBaseline>;
}

const changedMeanwhile = () => l10n.t('The file changed while the fix was being prepared; nothing was changed. Try again.');

export function registerHandEditSupport(connection: Connection, deps: HandEditDeps): HandEditSupport {
  const store = deps.baselines;
  const verdicts = new Map<string, { version: number; verdict: HandEditVerdict }>();
  const listeners: (() => void)[] = [];
  let watched = '';
  /** Counts moves of HEAD and trust changes, so a verdict from before one is not cached after it. */
  let generation = 0;

  const baselinesChanged = () => {
    generation++;
    verdicts.clear();
    for (const l of listeners) l();
  };

  const sendStatus = (uri: string, version: number, state: HandEditState) => {
    const params: HandEditStatusParams = {
      uri,
      version,
      state: state.kind === 'off' ? 'off' : state.unlogged > 0 ? 'unlogged' : 'checked',
      text: describeState(state, l10n),
    };
    void connection.sendNotification(handEditStatusNotification, params);
  };

  /** Tells the client the git folders to watch, when they are not the ones it watches already. */
  const updateWatches = async () => {
    const repositories = (await store.knownRepositories()).map((r) => ({
      gitDir: r.gitDir,
      commonDir: r.commonDir,
      ...(r.headRef !== undefined && { headRef: r.headRef }),
    }));
    const key = JSON.stringify(repositories);
    if (key === watched) return;
    watched = key;
    const params: WatchGitParams = { repositories };
    void connection.sendNotification(watchGitNotification, params);
  };

  /**
   * The verdict on one version of a document. The version is taken by the
   * caller before anything is awaited: the document object changes in place
   * while git answers, the model passed does not.
   */
  async function verdictFor(uri: string, version: number, model: PromptsDocument): Promise<HandEditVerdict | HandEditState> {
    const cached = verdicts.get(uri);
    if (cached && cached.version === version) return cached.verdict;
    const asked = generation;
    const baseline = await store.baseline(uri);
    if (baseline.kind === 'off') return baseline;
    await updateWatches();
    if (!judgeable(model)) return { kind: 'off', reason: 'documentUnparseable' };
    const verdict = checkHandEdits(baseline.doc, model);
    // A verdict against a HEAD that moved meanwhile is not kept.
    if (asked === generation) verdicts.set(uri, { version, verdict });
    return verdict;
  }

  async function findings(document: TextDocument, model: unknown): Promise<Finding[]> {
    if (document.languageId !== languageIds.prompts) return [];
    const { uri, version } = document;
    const result = await verdictFor(uri, version, model as PromptsDocument);
    if ('kind' in result) {
      sendStatus(uri, version, result);
      return [];
    }
    sendStatus(uri, version, { kind: 'checked', edits: result.edits.length, unlogged: result.unlogged.length });
    return [...result.findings];
  }

  async function fix(params: HandEditFixParams): Promise<HandEditFixResult> {
    const document = deps.documents.get(params.uri);
    if (!document || document.languageId !== languageIds.prompts) return { ok: false, message: l10n.t('Open the .prompts file first.') };
    if (document.version !== params.version) return { ok: false, message: changedMeanwhile() };
    const refusal = deps.limits.refusal(document, await deps.settingsFor(params.uri));
    if (refusal) return { ok: false, message: refusalFinding(refusal, 'prompts').message };
    if (deps.documents.get(params.uri)?.version !== params.version) return { ok: false, message: changedMeanwhile() };
    const model = deps.models.model(document) as PromptsDocument;
    // Every fix's entry records what its scope covers, so its reason is written from the whole verdict.
    const verdict = await verdictFor(params.uri, params.version, model);
    const unlogged = 'kind' in verdict ? [] : verdict.unlogged.map((e) => ({ session: e.session ?? null, turn: e.turn ?? null, what: e.what }));
    let request: FixRequest;
    if (params.fix.kind === 'recordAll') {
      if ('kind' in verdict) return { ok: false, message: l10n.t('Nothing to record. {0}.', describeState(verdict, l10n)) };
      request = { kind: 'record', edits: unlogged };
    } else request = params.fix;
    const author = await store.authorFor(params.uri);
    // Git was asked: the user may have typed meanwhile.
    if (deps.documents.get(params.uri)?.version !== params.version) return { ok: false, message: changedMeanwhile() };
    const result = computeFix(model, request, { now: deps.now(), author, unlogged });
    if (!result.ok) return result;
    return {
      ok: true,
      version: params.version,
      edits: result.edits.map((e) => ({ range: e.range, newText: e.newText })),
      ...(result.entry && { entry: { position: result.entry.position, snippet: result.entry.snippet } }),
    };
  }

  // The failure's words are looked up when it happens: the bundle is configured at initialize, after this runs.
  const guardedFix = guard(deps.logger, handEditFixRequest, null, fix);
  connection.onRequest(handEditFixRequest, async (params: HandEditFixParams) => (await guardedFix(params)) ?? { ok: false, message: l10n.t('The fix failed; see the output log.') });
  connection.onNotification(gitHeadMovedNotification, () => {
    store.invalidate();
    baselinesChanged();
  });
  deps.trust.onDidChange(() => baselinesChanged());
  deps.documents.onDidClose((e) => verdicts.delete(e.document.uri));

  return {
    findings,
    verdict: verdictFor,
    onBaselinesChanged(listener) {
      listeners.push(listener);
    },
    async committedText(uri) {
      const head = await store.headText(uri);
      // Watched even when the file is not committed yet: its first commit gives it a baseline.
      await updateWatches();
      return head;
    },
  };
}
