// `.prompts` completion items as LSP completion items.

import {
  type CompletionContext,
  type CompletionItem,
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
  type Position,
} from 'vscode-languageserver';
import { type CompletionKind, completionsAt } from '../../../src-shared/prompts/features/completion';
import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';

const itemKinds: Readonly<Record<CompletionKind, CompletionItemKind>> = {
  key: CompletionItemKind.Property,
  table: CompletionItemKind.Module,
  value: CompletionItemKind.EnumMember,
  tool: CompletionItemKind.Function,
  argument: CompletionItemKind.Field,
};

export function provideCompletion(doc: PromptsDocument, position: Position, context: CompletionContext | undefined): CompletionItem[] {
  return completionsAt(doc, position, context?.triggerCharacter).map((c) => ({
    label: c.label,
    kind: itemKinds[c.kind],
    detail: c.detail,
    documentation: { kind: MarkupKind.Markdown, value: c.documentation },
    textEdit: { range: c.range, newText: c.newText },
    insertTextFormat: c.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    sortText: c.sortText,
    filterText: c.label,
  }));
}
