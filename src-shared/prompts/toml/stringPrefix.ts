// The start of a string value read straight from its source, whether or
// not its block parses: what the outline shows of a title or of a turn's
// text (which may run to half a megabyte, of which a line is wanted).

import type { StringNode } from './syntaxTree';
import { decodeQuotedKey } from './strings';
import { parseToml } from './blocks';

/** At most `max` UTF-16 units of the value of the string literal `node` in `text`. */
export function stringPrefixOf(text: string, node: StringNode, max: number): string {
  if (node.style === 'basic' || node.style === 'literal') return decodeQuotedKey(text, node, max);
  const closed = node.end - node.start >= 6 && text.startsWith(node.style === 'multilineBasic' ? '"""' : "'''", node.end - 3);
  let start = node.start + 3;
  if (text[start] === '\r' && text[start + 1] === '\n') start += 2;
  else if (text[start] === '\n') start += 1;
  const end = closed ? node.end - 3 : node.end;
  const head = text.slice(start, Math.min(end, start + max));
  // Without a backslash nothing is escaped, and smol-toml keeps the characters as written: the outline of a large file reads thousands of these.
  if (node.style === 'multilineLiteral' || !head.includes('\\')) return head;
  // An escape is at most 10 characters for one or two UTF-16 units: read enough source, cut where the window splits an escape, and let TOML decode it.
  const window = text.slice(start, Math.min(end, start + max * 10 + 10));
  const source = wholeEscapes(window);
  // A line break right after the opening quotes is trimmed: one of our own goes there, so the source's first one stays.
  const parsed = parseToml(`v = """\n${source}"""`).value?.['v'];
  return (typeof parsed === 'string' ? parsed : source).slice(0, max);
}

/** `source` up to the escape its end splits, if any (`\u00e9` cut to `\u00`, a lone trailing `\`). */
function wholeEscapes(source: string): string {
  for (let i = 0; i < source.length; ) {
    if (source[i] !== '\\') {
      i++;
      continue;
    }
    const kind = source[i + 1];
    const length = kind === 'u' ? 6 : kind === 'U' ? 10 : 2;
    if (i + length > source.length) return source.slice(0, i);
    i += length;
  }
  return source;
}
