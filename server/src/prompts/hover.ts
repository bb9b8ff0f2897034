// Hovers on `.prompts` keys, headers, tools and session ids as LSP hovers.

import { type Hover, MarkupKind, type Position } from 'vscode-languageserver';
import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { hoverAt } from '../../../src-shared/prompts/features/hover';

export function provideHover(doc: PromptsDocument, position: Position): Hover | null {
  const h = hoverAt(doc, position);
  return h ? { contents: { kind: MarkupKind.Markdown, value: h.markdown }, range: h.range } : null;
}
