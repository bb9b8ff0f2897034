// The start of a string value read straight from its source, whether or
// not its block parses: what the outline shows of a title or of a turn's
// text (which may run to half a megabyte, of which a line is wanted).

import type { StringNode } from './syntaxTree';
import { decodeQuotedKey, decodedPrefix } from './strings';

/** At most `max` UTF-16 units of the value of the string literal `node` in `text`. */
export function stringPrefixOf(text: string, node: StringNode, max: number): string {
  if (node.style === 'basic' || node.style === 'literal') return decodeQuotedKey(text, node, max);
  const closed = node.end - node.start >= 6 && text.startsWith(node.style === 'multilineBasic' ? '"""' : "'''", node.end - 3);
  let start = node.start + 3;
  if (text[start] === '\r' && text[start + 1] === '\n') start += 2;
  else if (text[start] === '\n') start += 1;
  const end = closed ? node.end - 3 : node.end;
  return decodedPrefix(text, start, end, node.style, max);
}
