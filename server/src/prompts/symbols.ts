// The outline, breadcrumbs and folds of a `.prompts` file as LSP symbols
// and folding ranges (the pure outline is src-shared/prompts/features/outline.ts).

import { type DocumentSymbol, type FoldingRange, FoldingRangeKind, SymbolKind } from 'vscode-languageserver/node';
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
 * breadcrumbs show it; it covers no text, so the cursor never lands in it).
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
  if (outline.cut) symbols.push(cutNote(doc, `outline cut at ${limit.toLocaleString('en-US')} items`));
  return symbols;
}

/** A symbol that only says something, placed after the last character of the file. */
function cutNote(doc: PromptsDocument, name: string): DocumentSymbol {
  const last = doc.blocks[doc.blocks.length - 1]!;
  const end = last.positionAt(last.text.length);
  const range = { start: end, end };
  return { name, detail: `sessions first, then turns, then tool calls; setting: ${maxItemsSetting}`, kind: SymbolKind.Null, range, selectionRange: range, children: [] };
}

export const maxItemsSetting = 'packsAndPrompts.maxItemsComputed';

export function provideFoldingRanges(doc: PromptsDocument, limit: number): FoldingRange[] {
  return boundedFolds(doc, limit).folds.map((f) => ({ ...f, kind: FoldingRangeKind.Region }));
}
