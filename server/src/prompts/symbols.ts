// The outline, breadcrumbs and folds of a `.prompts` file as LSP symbols
// and folding ranges (the pure outline is src-shared/prompts/features/outline.ts).

import * as l10n from '@vscode/l10n';
import { type DocumentSymbol, type FoldingRange, FoldingRangeKind, SymbolKind } from 'vscode-languageserver';
import { outlineCutNote } from '../outlineCut';
import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { boundedFolds, boundedOutline, type OutlineKind, type OutlineNode } from '../../../src-shared/prompts/features/outline';

export const symbolKinds: Readonly<Record<OutlineKind, SymbolKind>> = {
  commit: SymbolKind.Package,
  session: SymbolKind.Class,
  sessionCommit: SymbolKind.Package,
  turn: SymbolKind.Event,
  toolCall: SymbolKind.Function,
  editsLog: SymbolKind.Array,
  edit: SymbolKind.Object,
  table: SymbolKind.Struct,
};

/**
 * The outline, at most `limit` symbols, breadth first; when cut, a last
 * symbol at the end of the file says so (the outline view and the
 * breadcrumbs show it; outlineCut.ts).
 */
export function provideDocumentSymbols(doc: PromptsDocument, limit: number): DocumentSymbol[] {
  const symbol = (n: OutlineNode): DocumentSymbol => ({
    name: n.name,
    detail: n.detail,
    kind: symbolKinds[n.kind],
    range: n.range,
    selectionRange: n.selectionRange,
    children: n.children.map(symbol),
  });
  const outline = boundedOutline(doc, limit);
  const symbols = outline.nodes.map(symbol);
  if (outline.cut) {
    const last = doc.blocks[doc.blocks.length - 1]!;
    symbols.push(outlineCutNote(last.positionAt(last.text.length), limit, l10n.t('sessions first, then turns, then tool calls')));
  }
  return symbols;
}

export function provideFoldingRanges(doc: PromptsDocument, limit: number): FoldingRange[] {
  return boundedFolds(doc, limit).folds.map((f) => ({ ...f, kind: FoldingRangeKind.Region }));
}
