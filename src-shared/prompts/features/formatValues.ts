// How the formatter writes keys and values: keys bare where TOML allows,
// strings, numbers and date-times exactly as the user wrote them (so no
// value can change and no multi-line string can grow), arrays and inline
// tables on one line as the writer puts them, an inline table's keys
// sorted where the writer sorts them (tool-call `args`). An array or inline
// table holding a comment, or an inline table with dotted keys, stays as
// written: re-laying it out would drop or rewrite what the user wrote.

import type { Span, ValueNode } from '../toml/syntaxTree';
import { decodeQuotedKey } from '../toml/strings';

const bareKey = /^[A-Za-z0-9_-]+$/;

/** A (dotted) key as the writer spells it: `"id"` -> `id`, `a . b` -> `a.b`; quotes kept where needed. */
export function normalizeKey(source: string): string {
  return splitKey(source)
    .map((segment) => {
      const s = segment.trim();
      if (s.startsWith('"') || s.startsWith("'")) {
        const name = decodeQuotedKey(s, { start: 0, end: s.length });
        return bareKey.test(name) ? name : s;
      }
      return s;
    })
    .join('.');
}

/** The segments of a dotted key, split at dots outside quotes. */
function splitKey(source: string): string[] {
  const segments: string[] = [];
  let start = 0;
  let quote: string | undefined;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '.') {
      segments.push(source.slice(start, i));
      start = i + 1;
    }
  }
  segments.push(source.slice(start));
  return segments;
}

/** The value's text in canonical layout; `text` is the text its spans index. */
export function renderValue(text: string, node: ValueNode, sortKeys: boolean): string {
  switch (node.kind) {
    case 'string':
    case 'scalar':
      return text.slice(node.start, node.end);
    case 'array': {
      if (hasComment(text, node, node.items)) return text.slice(node.start, node.end);
      return `[${node.items.map((item) => renderValue(text, item, sortKeys)).join(', ')}]`;
    }
    case 'inlineTable': {
      const members = node.table.members;
      if (members.some((m) => !m.value) || hasComment(text, node, members.map((m) => ({ start: m.key.start, end: m.value!.end })))) {
        return text.slice(node.start, node.end);
      }
      const ordered = sortKeys ? [...members].sort((a, b) => compareCodePoints(a.key.name, b.key.name)) : members;
      if (ordered.length === 0) return '{}';
      return `{ ${ordered.map((m) => `${normalizeKey(text.slice(m.key.start, m.key.end))} = ${renderValue(text, m.value!, sortKeys)}`).join(', ')} }`;
    }
  }
}

/** Whether a comment sits between the brackets of `node` outside its parts. */
function hasComment(text: string, node: Span, parts: readonly Span[]): boolean {
  let at = node.start + 1;
  for (const p of parts) {
    if (text.slice(at, p.start).includes('#')) return true;
    at = p.end;
  }
  return text.slice(at, node.end - 1).includes('#');
}

/** Python's `sorted` order for str keys: by code point, not UTF-16 unit. */
export function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
