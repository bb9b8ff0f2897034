// The start of a string value read straight from its source, whether or
// not its block parses: what the outline shows of a title or of a turn's
// text (which may run to half a megabyte, of which a line is wanted).

import type { StringNode } from './syntaxTree';
import { decodeQuotedKey } from './strings';
import { parseToml } from './blocks';

/** At most `max` UTF-16 units of the value of the string literal `node` in `text`. */
export function stringPrefixOf(text: string, node: StringNode, max: number): string {
  if (node.style === 'basic' || node.style === 'literal') return decodeQuotedKey(text, node).slice(0, max);
  const closed = node.end - node.start >= 6 && text.startsWith(node.style === 'multilineBasic' ? '"""' : "'''", node.end - 3);
  let start = node.start + 3;
  if (text[start] === '\r' && text[start + 1] === '\n') start += 2;
  else if (text[start] === '\n') start += 1;
  const end = closed ? node.end - 3 : node.end;
  const head = text.slice(start, Math.min(end, start + max));
  // Without a backslash nothing is escaped, and smol-toml keeps the characters as written: the outline of a large file reads thousands of these.
  if (node.style === 'multilineLiteral' || !head.includes('\\')) return head;
  // Escapes are at most 10 characters: read enough source, drop an escape the cut split, and let TOML decode it.
  let source = text.slice(start, Math.min(end, start + max * 2 + 10));
  const cut = source.length < end - start;
  if (cut) {
    const backslash = source.lastIndexOf('\\');
    if (backslash !== -1 && backslash >= source.length - 10) source = source.slice(0, backslash);
  }
  // A line break right after the opening quotes is trimmed: one of our own goes there, so the source's first one stays.
  const parsed = parseToml(`v = """\n${source.replace(/\\+$/, (b) => (b.length % 2 === 0 ? b : b.slice(1)))}"""`).value?.['v'];
  return (typeof parsed === 'string' ? parsed : source).slice(0, max);
}
