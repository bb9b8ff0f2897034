// The pack requests and notifications outside standard LSP (see
// src-shared/protocol/pack.ts for who sends each and why): the environment the
// client chose per pack, the rendered prompt for the preview (with its
// comparison against HEAD's render), and the figures for the status bar.
// Each handler runs in the error boundary and reads the document's cached
// model.

import type { Connection, TextDocuments } from 'vscode-languageserver';
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  renderRequest,
  setEnvironmentNotification,
  summaryRequest,
  tokensRequest,
  type PackSummary,
  type RenderTokens,
  type TokensParams,
  type RenderParams,
  type RenderResult,
  type SetEnvironmentParams,
  type SummaryParams,
} from '../../../src-shared/protocol/pack';
import type { Settings } from '../../../src-shared/settings';
import type { FileLimits } from '../fileLimits';
import { guard, type Logger } from '../errorBoundary';
import type { ModelCache } from '../models';
import type { PackContext } from './context';
import { resolveEnvironment, type NamedEnvironment, type PackEnvironments } from './environments';
import type { PackModel } from './model';
import { provideRender, provideSummary } from './render';
import type { RenderSpan } from '../../../src-shared/pack/render';
import { renderWindow } from '../../../src-shared/pack/renderWindow';
import type { RenderDisciplineSupport } from './renderDiscipline';
import type { PackLanguageService } from './service';
import { type EncoderLoader, RenderTokenCounter } from './tokens';

export interface PackProtocolDeps {
  readonly documents: TextDocuments<TextDocument>;
  readonly models: ModelCache;
  readonly service: PackLanguageService;
  readonly environments: PackEnvironments;
  readonly settingsFor: (uri: string) => Promise<Settings>;
  readonly logger: Logger;
  /** Compares each render with HEAD's. */
  readonly discipline: RenderDisciplineSupport;
  readonly limits: FileLimits;
  /** Loads a tokenizer's encoder on the first count. */
  readonly loadEncoder: EncoderLoader;
}

export function registerPackProtocolSupport(connection: Connection, deps: PackProtocolDeps): void {
  async function context(uri: string): Promise<PackContext | undefined> {
    const document = deps.documents.get(uri);
    if (!document || document.languageId !== deps.service.languageId) return undefined;
    const settings = await deps.settingsFor(uri);
    // A pack too large or binary is not read: no render, no summary.
    if (deps.limits.refusal(document, settings)) return undefined;
    return deps.service.context({ document, model: deps.models.model(document) as PackModel, settings });
  }

  connection.onNotification(setEnvironmentNotification, (params: SetEnvironmentParams) => {
    const resolved = resolveEnvironment(params.environment);
    if (!resolved.ok) {
      deps.logger.error(`packs/setEnvironment for ${params.uri}: not an environment: ${resolved.message}`);
      return;
    }
    deps.environments.set(params.uri, resolved.value);
  });
  deps.documents.onDidClose((e) => deps.environments.forget(e.document.uri));

  const render = guard(deps.logger, renderRequest, null, async (params: RenderParams, environment: NamedEnvironment | undefined) => {
    const ctx = await context(params.uri);
    if (!ctx) return null;
    // The preview asks for what a person can read (and its provenance only); the compare views for the whole text.
    const windowed = typeof params.maxChars === 'number';
    const spansBefore = windowed && Number.isFinite(params.maxChars) ? Math.max(0, Math.floor(params.maxChars!)) : Infinity;
    const result = provideRender(ctx, environment, spansBefore);
    if (result.kind !== 'rendered') return result;
    const kept = result.spans;
    // The window's spans trace a difference inside them as the whole render's would; one past them needs the whole provenance.
    const spans = (at: number): readonly RenderSpan[] => {
      const last = kept[kept.length - 1];
      if (at < spansBefore && last !== undefined && last.end > at) return kept;
      const whole = provideRender(ctx, environment);
      return whole.kind === 'rendered' ? whole.spans : kept;
    };
    const compared = { ...result, baseline: await deps.discipline.compare(result, ctx.model, environment ?? ctx.environment, ctx.profile, windowed ? spans : kept) };
    return windowed ? renderWindow(compared, spansBefore) : compared;
  });
  // A bad environment is the caller's mistake, answered as such rather than as a neutral value.
  connection.onRequest(renderRequest, async (params: RenderParams): Promise<RenderResult | null> => {
    if (params.environment === undefined) return render(params, undefined);
    const resolved = resolveEnvironment(params.environment);
    if (!resolved.ok) throw new ResponseError(ErrorCodes.InvalidParams, `not an environment: ${resolved.message}`);
    return render(params, resolved.value);
  });

  const counter = new RenderTokenCounter(deps.loadEncoder, deps.discipline);
  deps.documents.onDidClose((e) => counter.forget(e.document.uri));
  const tokens = guard(deps.logger, tokensRequest, null, async (params: TokensParams, environment: NamedEnvironment | undefined): Promise<RenderTokens | null> => {
    const ctx = await context(params.uri);
    return ctx ? counter.count(ctx, environment ?? ctx.environment, params) : null;
  });
  connection.onRequest(tokensRequest, async (params: TokensParams): Promise<RenderTokens | null> => {
    if (params.environment === undefined) return tokens(params, undefined);
    const resolved = resolveEnvironment(params.environment);
    if (!resolved.ok) throw new ResponseError(ErrorCodes.InvalidParams, `not an environment: ${resolved.message}`);
    return tokens(params, resolved.value);
  });

  connection.onRequest(
    summaryRequest,
    guard(deps.logger, summaryRequest, null, async (params: SummaryParams): Promise<PackSummary | null> => {
      const ctx = await context(params.uri);
      return ctx ? provideSummary(ctx) : null;
    }),
  );
}
