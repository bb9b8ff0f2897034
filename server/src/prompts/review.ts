// The Session Review's request (`packs/prompts/review`, see
// src-shared/protocol/prompts.ts): the view model of a document's current
// version, with its validation findings (the per-block checks the
// diagnostics already did are reused) and its hand edits against HEAD
// (the verdict the diagnostics cached; none in restricted mode, and the
// view says why). Cards the client already holds go back as their key,
// those outside the window it asked for as outlines.

import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../../src-shared/finding';
import * as l10n from '@vscode/l10n';
import { describeOff, describeState } from '../../../src-shared/prompts/handEdits/status';
import { reviewOf, type ReviewWindow } from '../../../src-shared/prompts/review/build';
import type { HeadComparison } from '../../../src-shared/prompts/review/view';
import { finish, type PromptsDocument } from '../../../src-shared/prompts/toml/document';
import type { HandEdit } from '../../../src-shared/prompts/handEdits/diff';
import { languageIds } from '../../../src-shared/protocol/common';
import {
  publishedMarkdownRequest,
  reviewRequest,
  reviewSearchRequest,
  type PublishedMarkdownParams,
  type PublishedMarkdownResult,
  type ReviewParams,
  type ReviewResult,
  type ReviewSearchParams,
  type ReviewSearchResult,
} from '../../../src-shared/protocol/prompts';
import { searchReview } from '../../../src-shared/prompts/review/search';
import { filterOf, type ReviewFilter } from '../../../src-shared/prompts/review/filter';
import { publishedMarkdown } from '../../../src-shared/prompts/review/markdown';
import { baseName } from '../../../src-shared/text/uriPath';
import type { Settings } from '../../../src-shared/settings';
import { guard, type Logger } from '../errorBoundary';
import type { FileLimits } from '../fileLimits';
import type { ModelCache } from '../models';
import type { HandEditSupport } from './handEdits';

export interface ReviewDeps {
  readonly documents: TextDocuments<TextDocument>;
  readonly models: ModelCache;
  readonly settingsFor: (uri: string) => Promise<Settings>;
  readonly logger: Logger;
  readonly limits: FileLimits;
  readonly handEdits: Pick<HandEditSupport, 'verdict'>;
}

export function registerReviewSupport(connection: Connection, deps: ReviewDeps): void {
  async function review(params: ReviewParams): Promise<ReviewResult | null> {
    const document = deps.documents.get(params.uri);
    if (!document || document.languageId !== languageIds.prompts) return null;
    const version = document.version;
    const settings = await deps.settingsFor(params.uri);
    if (deps.limits.refusal(document, settings)) return null;
    const model = deps.models.model(document) as PromptsDocument;
    const verdict = await deps.handEdits.verdict(params.uri, version, model);
    // The user typed while git answered: the client asks again for the newer version.
    if (deps.documents.get(params.uri)?.version !== version) return null;
    const service = deps.models.service(document)!;
    const incremental = deps.models.incrementalFor(document);
    if (incremental) finish(incremental.prepareCheck(model, settings));
    let findings: Finding[] = service.check(model, settings, params.uri);
    let unlogged: readonly HandEdit[] = [];
    let head: HeadComparison = { kind: 'compared' };
    if ('kind' in verdict) head = { kind: 'off', reason: verdict.kind === 'off' ? describeOff(verdict, l10n) : describeState(verdict, l10n) };
    else {
      findings = [...findings, ...verdict.findings];
      unlogged = verdict.unlogged;
    }
    const view = reviewOf(model, { findings, unlogged, head, published: params.published, known: strings(params.known), outlined: strings(params.outlined), knownTurns: strings(params.knownTurns), knownLayouts: strings(params.knownLayouts), ...windowOf(params), ...filterOption(params) });
    return { ...view, uri: params.uri, version };
  }

  /** The model of a readable `.prompts` document the server holds, with its version. */
  async function readable(uri: string): Promise<{ model: PromptsDocument; version: number } | undefined> {
    const document = deps.documents.get(uri);
    if (!document || document.languageId !== languageIds.prompts) return undefined;
    const settings = await deps.settingsFor(uri);
    if (deps.limits.refusal(document, settings)) return undefined;
    return { model: deps.models.model(document) as PromptsDocument, version: document.version };
  }

  /** The published Markdown of the current version: from the model only (no findings, no git), so it never waits on HEAD. */
  async function markdown(params: PublishedMarkdownParams): Promise<PublishedMarkdownResult | null> {
    const doc = await readable(params.uri);
    if (!doc || (doc.model.commit === undefined && doc.model.sessions.length === 0)) return null;
    const { text, sessions } = publishedMarkdown(doc.model, baseName(params.uri));
    return { uri: params.uri, version: doc.version, markdown: text, sessions };
  }

  /** The search over the whole current version (the model only, as the export). */
  async function search(params: ReviewSearchParams): Promise<ReviewSearchResult | null> {
    const doc = await readable(params.uri);
    if (!doc || typeof params.query !== 'string') return null;
    return { ...searchReview(doc.model, params.query, params.published === true), uri: params.uri, version: doc.version, query: params.query };
  }

  connection.onRequest(reviewRequest, guard(deps.logger, reviewRequest, null, review));
  connection.onRequest(publishedMarkdownRequest, guard(deps.logger, publishedMarkdownRequest, null, markdown));
  connection.onRequest(reviewSearchRequest, guard(deps.logger, reviewSearchRequest, null, search));
}

/** The request's filter, if it carries a well-formed one (anything else is dropped: every session passes). */
function filterOption(params: ReviewParams): { filter?: ReviewFilter } {
  const filter = filterOf(params.filter);
  return filter ? { filter } : {};
}

/** The strings of a list the request names (anything else in it, or a list that is not one, is dropped). */
function strings(list: unknown): Set<string> {
  return new Set(Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : []);
}

/** A well-formed window of the request, if it has one (a malformed one is ignored: every card is built; a malformed turn window: that card's first turns). */
function windowOf(params: ReviewParams): { window?: ReviewWindow } {
  const w = params.window as { from?: unknown; to?: unknown; turns?: unknown } | undefined;
  if (!w || !finite(w.from) || !finite(w.to)) return {};
  const turns = Array.isArray(w.turns)
    ? w.turns.flatMap((t: { card?: unknown; from?: unknown; to?: unknown } | null) =>
        t && finite(t.card) && finite(t.from) && finite(t.to) ? [{ card: Math.floor(t.card), from: Math.max(0, Math.floor(t.from)), to: Math.max(0, Math.ceil(t.to)) }] : [],
      )
    : [];
  return { window: { from: Math.max(0, Math.floor(w.from)), to: Math.max(0, Math.ceil(w.to)), ...(turns.length > 0 && { turns }) } };
}

function finite(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}
