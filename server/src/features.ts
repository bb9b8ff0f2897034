// Registers each editor feature's LSP handler once and routes it to the
// language service of the document it is about. Every handler runs inside
// the error boundary and answers a neutral value when the document is
// unknown or the language does not offer the feature. Positions are
// clamped to the document first: a client whose view is out of date may
// ask past a line's end or the last line, and no provider should answer
// with a range outside the text. What a feature writes about a file
// (hovers, completions, symbols, actions, lenses) has every secret in it
// redacted on the way out, whichever provider put it there; formatting,
// whose edits are the file's own text, is left alone.

import * as l10n from '@vscode/l10n';
import { type Connection, MessageType, type Position, type Range, type ServerCapabilities, ShowMessageNotification, type TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Settings } from '../../src-shared/settings';
import { redactDeep } from '../../src-shared/prompts/rules/redactText';
import { guard, type Logger } from './errorBoundary';
import type { FileLimits } from './fileLimits';
import type { AnyLanguageService, FeatureContext } from './languageService';
import type { ModelCache } from './models';
import type { WorkspaceIndex } from './workspaceIndex';

export interface FeatureDeps {
  readonly documents: TextDocuments<TextDocument>;
  readonly models: ModelCache;
  readonly services: readonly AnyLanguageService[];
  readonly settingsFor: (uri: string) => Promise<Settings>;
  readonly logger: Logger;
  readonly workspace: WorkspaceIndex;
  readonly limits: FileLimits;
}

/** The capabilities to announce: only what some language implements. */
export function featureCapabilities(services: readonly AnyLanguageService[]): ServerCapabilities {
  const has = (f: keyof AnyLanguageService) => services.some((s) => typeof s[f] === 'function');
  return {
    ...(has('hover') && { hoverProvider: true }),
    ...(has('completion') && { completionProvider: { triggerCharacters: ['{', '%', ' ', '=', '"', '.', '['] } }),
    ...(has('definition') && { definitionProvider: true }),
    ...(has('references') && { referencesProvider: true }),
    ...(has('documentSymbols') && { documentSymbolProvider: { label: 'Packs & Prompts' } }),
    ...(has('foldingRanges') && { foldingRangeProvider: true }),
    ...(has('codeActions') && { codeActionProvider: { codeActionKinds: ['quickfix', 'source'] } }),
    ...(has('codeLenses') && { codeLensProvider: { resolveProvider: false } }),
    ...(has('format') && { documentFormattingProvider: true }),
    ...(has('workspaceSymbols') && { workspaceSymbolProvider: true }),
  };
}

export function registerFeatureSupport(connection: Connection, deps: FeatureDeps): void {
  async function context(uri: string): Promise<{ service: AnyLanguageService; ctx: FeatureContext<unknown> } | undefined> {
    const document = deps.documents.get(uri);
    if (!document) return undefined;
    const service = deps.models.service(document);
    if (!service) return undefined;
    const settings = await deps.settingsFor(uri);
    // A file too large or binary is not read (fileLimits.ts): every feature answers its neutral value.
    if (deps.limits.refusal(document, settings)) return undefined;
    return { service, ctx: { document, model: deps.models.model(document), settings } };
  }

  const log = deps.logger;
  const inside = (ctx: FeatureContext<unknown>, p: Position): Position => ctx.document.positionAt(ctx.document.offsetAt(p));
  const insideRange = (ctx: FeatureContext<unknown>, r: Range): Range => ({ start: inside(ctx, r.start), end: inside(ctx, r.end) });
  connection.onHover(
    guard(log, 'hover', null, async (p) => {
      const c = await context(p.textDocument.uri);
      return redactDeep((c && c.service.hover?.(c.ctx, inside(c.ctx, p.position))) ?? null);
    }),
  );
  connection.onCompletion(
    guard(log, 'completion', [], async (p) => {
      const c = await context(p.textDocument.uri);
      return redactDeep((c && c.service.completion?.(c.ctx, inside(c.ctx, p.position), p.context)) ?? []);
    }),
  );
  connection.onDefinition(
    guard(log, 'definition', [], async (p) => {
      const c = await context(p.textDocument.uri);
      return (c && c.service.definition?.(c.ctx, inside(c.ctx, p.position))) ?? [];
    }),
  );
  connection.onReferences(
    guard(log, 'references', [], async (p) => {
      const c = await context(p.textDocument.uri);
      return (c && c.service.references?.(c.ctx, inside(c.ctx, p.position), p.context.includeDeclaration)) ?? [];
    }),
  );
  connection.onDocumentSymbol(
    guard(log, 'documentSymbol', [], async (p) => {
      const c = await context(p.textDocument.uri);
      return redactDeep(c?.service.documentSymbols?.(c.ctx) ?? []);
    }),
  );
  connection.onFoldingRanges(
    guard(log, 'foldingRange', [], async (p) => {
      const c = await context(p.textDocument.uri);
      return c?.service.foldingRanges?.(c.ctx) ?? [];
    }),
  );
  connection.onCodeAction(
    guard(log, 'codeAction', [], async (p) => {
      const c = await context(p.textDocument.uri);
      return redactDeep((c && c.service.codeActions?.(c.ctx, insideRange(c.ctx, p.range), p.context.diagnostics)) ?? []);
    }),
  );
  connection.onCodeLens(
    guard(log, 'codeLens', [], async (p) => {
      const c = await context(p.textDocument.uri);
      return redactDeep(c?.service.codeLenses?.(c.ctx) ?? []);
    }),
  );
  connection.onDocumentFormatting(
    guard(log, 'formatting', [], async (p) => {
      const c = await context(p.textDocument.uri);
      const answer = c?.service.format?.(c.ctx, p.options);
      if (!answer) return [];
      if ('edits' in answer) return answer.edits;
      // Said, not swallowed: an empty answer would look like "already formatted".
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: l10n.t('Not formatted: {0}.', answer.declined) });
      return [];
    }),
  );
  // Not about one document: every language that offers it answers, in one list.
  connection.onWorkspaceSymbol(
    guard(log, 'workspaceSymbol', [], async (p) => {
      // Not about one resource: the settings of the window (an empty scope).
      const limit = (await deps.settingsFor('')).maxItemsComputed;
      const onCut = (shown: number, matched: number): void => log.info?.(`workspace symbols for "${p.query}": ${matched} matched, the first ${shown} sent (packsAndPrompts.maxItemsComputed)`);
      const answers = await Promise.all(deps.services.map(async (s) => (await s.workspaceSymbols?.(deps.workspace, p.query, limit, onCut)) ?? []));
      return redactDeep(answers.flat().slice(0, limit));
    }),
  );
}
