// The `.prompts` language service: the parsed model per document version,
// its findings under the resource's settings, and each editor feature
// (one file each, wired in here one line apiece).

import { parsePrompts, type PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { validateOptions, validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { languageIds } from '../../../src-shared/protocol/common';
import type { LanguageService } from '../languageService';
import { provideCodeActions } from './codeActions';
import { provideCompletion } from './completion';
import { provideFormatting } from './format';
import { provideHover } from './hover';
import { provideDocumentSymbols, provideFoldingRanges } from './symbols';
import { provideWorkspaceSymbols } from './workspaceSymbols';
import { handEditCodeActions } from './handEditsActions';
import type { BundleSupport } from './bundle';

/** The service without the bundle (tests of one file alone). */
export const promptsService: LanguageService<PromptsDocument> = createPromptsService(undefined);

/**
 * The service; with `bundle`, hovers, definitions and references reach
 * across the files of the document's bundle (a getter: the bundle support
 * is built after the models, which need this service).
 */
export function createPromptsService(bundle: (() => BundleSupport) | undefined): LanguageService<PromptsDocument> {
  return {
  languageId: languageIds.prompts,
  parse: parsePrompts,
  check: (doc, settings) => validatePrompts(doc, validateOptions(settings.prompts)),
  hover: bundle
    ? async (ctx, position) => (await bundle().hover(ctx.document, ctx.model, position)) ?? provideHover(ctx.model, position)
    : (ctx, position) => provideHover(ctx.model, position),
  ...(bundle && {
    definition: async (ctx, position) => (await bundle().definition(ctx.document, ctx.model, position)) ?? [],
    references: async (ctx, position, includeDeclaration) => (await bundle().references(ctx.document, ctx.model, position, includeDeclaration)) ?? [],
  }),
  completion: (ctx, position, context) => provideCompletion(ctx.model, position, context),
  documentSymbols: (ctx) => provideDocumentSymbols(ctx.model, ctx.settings.maxItemsComputed),
  foldingRanges: (ctx) => provideFoldingRanges(ctx.model, ctx.settings.maxItemsComputed),
  codeActions: (ctx, range, diagnostics) => [...provideCodeActions(ctx, range, diagnostics), ...handEditCodeActions(ctx, range, diagnostics)],
  format: (ctx) => provideFormatting(ctx.model),
  workspaceSymbols: (workspace, query, limit, onCut) => provideWorkspaceSymbols(workspace, query, limit, onCut),
  };
}
