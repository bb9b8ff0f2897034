// Document formatting for `.prompts` files: the edits of the pure formatter
// (src-shared/prompts/features/format.ts), or why it declines (a file that
// does not parse, a result that would change a value).

import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { formatDocument } from '../../../src-shared/prompts/features/format';
import { lineEdits } from '../../../src-shared/text/lineDiff';
import type { Formatting } from '../languageService';

export function provideFormatting(doc: PromptsDocument): Formatting {
  const result = formatDocument(doc);
  if ('declined' in result) return result;
  return { edits: lineEdits(doc.text, result.text).map((e) => ({ range: e.range, newText: e.newText })) };
}
