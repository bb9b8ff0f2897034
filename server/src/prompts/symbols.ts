// The outline, breadcrumbs and folds of a `.prompts` file as LSP symbols
// and folding ranges (the pure outline is src-shared/prompts/features/outline.ts).

import { type DocumentSymbol, type FoldingRange, FoldingRangeKind, SymbolKind } from 'vscode-languageserver/node';
import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { foldingRangesOf, type OutlineKind, type OutlineNode, outlineOf } from '../../../src-shared/prompts/features/outline';

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

export function provideDocumentSymbols(doc: PromptsDocument): DocumentSymbol[] {
  const symbol = (n: OutlineNode): DocumentSymbol => ({
    name: n.name,
    detail: n.detail,
    kind: symbolKinds[n.kind],
    range: n.range,
    selectionRange: n.selectionRange,
    children: n.children.map(symbol),
  });
  return outlineOf(doc).map(symbol);
}

export function provideFoldingRanges(doc: PromptsDocument): FoldingRange[] {
  return foldingRangesOf(doc).map((f) => ({ ...f, kind: FoldingRangeKind.Region }));
}
