// The start of a string value read straight from its source, whether or
// not its block parses: what the outline shows of a title or of a turn's
// text (which may run to half a megabyte, of which a line is wanted). The
// result is detached from the source: the bundle's facts and Go to
// Symbol's sessions keep ids and titles of files whose text is let go.

import { detached } from '../../text/detached';
import type { StringNode } from './syntaxTree';
import { decodeQuotedKey, decodedPrefix } from './strings';

/** At most `max` UTF-16 units of the value of the string literal `node` in `text`, sharing no storage with `text`. */
export function stringPrefixOf(text: string, node: StringNode, max: number): string {
  return detached(sourcePrefix(text, node, max));
}

function sourcePrefix(text: string, node: StringNode, max: number): string {
  if (node.style === 'basic' || node.style === 'literal') return decodeQuotedKey(text, node, max);
  const closed = node.end - node.start >= 6 && text.startsWith(node.style === 'multilineBasic' ? '"""' : "'''", node.end - 3);
  let start = node.start + 3;
  if (text[start] === '\r' && text[start + 1] === '\n') start += 2;
  else if (text[start] === '\n') start += 1;
  const end = closed ? node.end - 3 : node.end;
  return decodedPrefix(text, start, end, node.style, max);
}
