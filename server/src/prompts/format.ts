// Document formatting for `.prompts` files: the edits of the pure formatter
// (src-shared/prompts/features/format.ts); none for a file that does not parse.

import type { TextEdit } from 'vscode-languageserver/node';
import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { formatEdits } from '../../../src-shared/prompts/features/format';

export function provideFormatting(doc: PromptsDocument): TextEdit[] {
  return formatEdits(doc).map((e) => ({ range: e.range, newText: e.newText }));
}
