// Packs against their committed version, in the server: the render
// discipline findings added to each pack's diagnostics (an unversioned
// render change, a render over the byte budget), the comparison the
// preview shows under its figures, the committed render the HEAD diff
// shows, and the workspace's environment files the client sends. Nothing
// is judged while the pack does not decode.

import * as l10n from '@vscode/l10n';
import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../../src-shared/finding';
import { compareRenders, type SpansOf } from '../../../src-shared/pack/prefix';
import type { Profile } from '../../../src-shared/pack/profiles';
import { checkRenderDiscipline } from '../../../src-shared/pack/renderDiscipline';
import {
  type BaselineComparison,
  baselinesChangedNotification,
  type CommittedRender,
  type RenderCommittedParams,
  renderCommittedRequest,
  type RenderedPack,
  workspaceEnvironmentsNotification,
  type WorkspaceEnvironmentsParams,
} from '../../../src-shared/protocol/pack';
import { languageIds } from '../../../src-shared/protocol/common';
import type { Settings } from '../../../src-shared/settings';
import { guard, type Logger } from '../errorBoundary';
import { type CommittedText, PackBaselines } from './baselines';
import { type NamedEnvironment, type PackEnvironments, resolveEnvironment } from './environments';
import type { PackModel } from './model';
import type { PackProfiles } from './profiles';

export interface RenderDisciplineDeps {
  readonly documents: TextDocuments<TextDocument>;
  readonly environments: PackEnvironments;
  readonly profiles: PackProfiles;
  readonly settingsFor: (uri: string) => Promise<Settings>;
  readonly committedText: CommittedText;
  readonly logger: Logger;
}

export interface RenderDisciplineSupport {
  /** The discipline findings of one pack version (none for other languages, or while the pack does not decode). */
  findings(document: TextDocument, model: unknown): Promise<Finding[]>;
  /** A render of the current version against HEAD's render for the same environment (`spans`: the render's own unless given). */
  compare(rendered: RenderedPack, model: PackModel, environment: NamedEnvironment, profile: Profile, spans?: SpansOf): Promise<BaselineComparison>;
  /** HEAD's render of the pack for an environment (kept per blob), or why there is none. */
  headRender(uri: string, environment: NamedEnvironment, profile: Profile): Promise<{ readonly kind: 'committed'; readonly text: string } | { readonly kind: 'off'; readonly reason: string }>;
  /** HEAD moved or trust changed: tell the client's views to ask again. */
  baselinesChanged(): void;
  /** Called when the workspace's environments change (every pack is judged again). */
  onEnvironmentsChanged(listener: () => void): void;
}

export function registerRenderDisciplineSupport(connection: Connection, deps: RenderDisciplineDeps): RenderDisciplineSupport {
  const baselines = new PackBaselines(deps.committedText);
  const listeners: (() => void)[] = [];

  async function findings(document: TextDocument, model: unknown): Promise<Finding[]> {
    if (document.languageId !== languageIds.pack) return [];
    const verdict = (model as PackModel).verdict;
    if (!verdict.ok) return [];
    // Taken before anything is awaited: the document object changes in place meanwhile.
    const { uri, version } = document;
    const settings = await deps.settingsFor(uri);
    const committed = await baselines.committed(uri);
    const profile = deps.profiles.choose(model as PackModel, settings, uri).profile;
    return checkRenderDiscipline({
      current: verdict.pack,
      baseline: committed.kind === 'baseline' ? committed.pack : undefined,
      environments: deps.environments.judged(),
      profile,
      settings: settings.pack,
      render: (pack, side, e) =>
        side === 'baseline' && committed.kind === 'baseline'
          ? baselines.baselineRender(committed, e.environment, profile)
          : baselines.currentRender(uri, version, pack, e.environment, profile),
    });
  }

  async function headRender(uri: string, environment: NamedEnvironment, profile: Profile): Promise<{ readonly kind: 'committed'; readonly text: string } | { readonly kind: 'off'; readonly reason: string }> {
    const committed = await baselines.committed(uri);
    return committed.kind === 'off' ? committed : { kind: 'committed', text: baselines.baselineRender(committed, environment.environment, profile) };
  }

  async function compare(rendered: RenderedPack, model: PackModel, environment: NamedEnvironment, profile: Profile, spans: SpansOf = rendered.spans): Promise<BaselineComparison> {
    const committed = await baselines.committed(rendered.uri);
    if (committed.kind === 'off') return committed;
    const head = { version: committed.pack.version, text: baselines.baselineRender(committed, environment.environment, profile) };
    return compareRenders(head, { version: model.all.pack.version, text: rendered.text, spans });
  }

  function profileFor(uri: string, settings: Settings): Profile {
    return deps.profiles.chooseForText(deps.documents.get(uri)?.getText() ?? '', settings, uri).profile;
  }

  async function renderCommitted(params: RenderCommittedParams): Promise<CommittedRender> {
    let environment = deps.environments.get(params.uri);
    if (params.environment !== undefined) {
      const resolved = resolveEnvironment(params.environment);
      if (!resolved.ok) return { kind: 'off', reason: l10n.t('not an environment: {0}', resolved.message) };
      environment = resolved.value;
    }
    const settings = await deps.settingsFor(params.uri);
    const committed = await baselines.committed(params.uri);
    if (committed.kind === 'off') return committed;
    return {
      kind: 'committed',
      text: baselines.baselineRender(committed, environment.environment, profileFor(params.uri, settings)),
      version: committed.pack.version,
      environment: { id: environment.id, label: environment.label },
    };
  }

  connection.onNotification(workspaceEnvironmentsNotification, (params: WorkspaceEnvironmentsParams) => {
    const valid: NamedEnvironment[] = [];
    for (const ref of params.environments ?? []) {
      const resolved = resolveEnvironment(ref);
      if (resolved.ok) valid.push(resolved.value);
      else deps.logger.error(`packs/workspaceEnvironments: ${ref?.id} is not an environment: ${resolved.message}`);
    }
    if (deps.environments.setWorkspace(valid)) for (const l of listeners) l();
  });
  // The failure's words are looked up when it happens: the bundle is configured at initialize, after this runs.
  const guardedRenderCommitted = guard(deps.logger, renderCommittedRequest, null, renderCommitted);
  connection.onRequest(renderCommittedRequest, async (params: RenderCommittedParams) => (await guardedRenderCommitted(params)) ?? { kind: 'off', reason: l10n.t('rendering failed; see the output log') });
  deps.documents.onDidClose((e) => baselines.forget(e.document.uri));

  return {
    findings,
    compare,
    headRender,
    baselinesChanged: () => void connection.sendNotification(baselinesChangedNotification, {}),
    onEnvironmentsChanged: (listener) => listeners.push(listener),
  };
}
