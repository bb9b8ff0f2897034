// The outline and folding: one symbol per section (canonical, custom) and
// fragment (with the binding that selects it), one fold per section from
// its directive to its last non-blank line, and one per run of comments.
// Each answer holds at most `packsAndPrompts.maxItemsComputed` items (a
// pack may hold 200,000 sections): the first ones in file order, and an
// outline that was cut ends with a note saying so (outlineCut.ts).

import * as l10n from '@vscode/l10n';
import type { DocumentSymbol, FoldingRange } from 'vscode-languageserver';
import { FoldingRangeKind, SymbolKind } from 'vscode-languageserver';
import { describeCondition } from '../../../src-shared/pack/bindingDocs';
import type { Section } from '../../../src-shared/pack/model';
import { selectionOf } from '../../../src-shared/pack/profiles';
import { outlineCutNote } from '../outlineCut';
import type { PackContext } from './context';
import { lastLineOf, type PackModel } from './model';

export function provideDocumentSymbols(ctx: PackContext): DocumentSymbol[] {
  const limit = ctx.settings.maxItemsComputed;
  const sections = ctx.model.all.pack.sections;
  const symbols: DocumentSymbol[] = sections.slice(0, limit).map((section) => ({
    name: section.name,
    detail: sectionDetail(ctx, section),
    kind: section.isFragment ? SymbolKind.Function : SymbolKind.Module,
    range: { start: section.directiveRange.start, end: section.bodyRange.end },
    selectionRange: section.nameRange,
  }));
  if (sections.length > limit) symbols.push(outlineCutNote(ctx.model.lines.positionAt(ctx.model.lines.text.length), limit, l10n.t('sections in file order')));
  return symbols;
}

function sectionDetail(ctx: PackContext, section: Section): string {
  if (!section.isFragment) return ctx.profile.canonicalSections.includes(section.name) ? 'canonical' : 'not canonical';
  const selection = selectionOf(ctx.profile, section.name);
  return selection ? `{${selection.rule.name}} ${describeCondition(selection.case.when)}` : 'fragment';
}

export function provideFoldingRanges(ctx: PackContext): FoldingRange[] {
  const model = ctx.model;
  const limit = ctx.settings.maxItemsComputed;
  const folds: FoldingRange[] = [];
  for (const section of model.all.pack.sections) {
    if (folds.length >= limit) break;
    const last = lastContentLine(model, section);
    if (last > section.directiveLine) folds.push({ startLine: section.directiveLine, endLine: last });
  }
  folds.push(...commentRuns(model, limit));
  // Sections and comment runs interleave: the first `limit` of both by line.
  return folds.sort((a, b) => a.startLine - b.startLine).slice(0, limit);
}

// The blank lines before the next section stay visible, as in Markdown's folds.
function lastContentLine(model: PackModel, section: Section): number {
  let line = lastLineOf(section);
  while (line > section.directiveLine && model.lines.lineText(line).trim() === '') line--;
  return line;
}

function commentRuns(model: PackModel, limit: number): FoldingRange[] {
  const runs: FoldingRange[] = [];
  let start = -1;
  for (let line = 0; line <= model.lines.lineCount && runs.length < limit; line++) {
    const comment = line < model.lines.lineCount && /^%%[ \t]*#/.test(model.lines.lineText(line));
    if (comment && start < 0) start = line;
    if (!comment && start >= 0) {
      if (line - 1 > start) runs.push({ startLine: start, endLine: line - 1, kind: FoldingRangeKind.Comment });
      start = -1;
    }
  }
  return runs;
}
