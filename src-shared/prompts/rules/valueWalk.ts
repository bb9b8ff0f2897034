// The string values and keys of a block's value, each with the path to it,
// for the checks that read every string (secrets, invisible characters),
// and where a part of a key name is in the source.

import type { TomlValue } from 'smol-toml';
import type { Block } from '../toml/block';
import { nodeAt, type Span, type StringNode, TableNode } from '../toml/syntaxTree';
import { sourceSpansOfValue } from '../toml/strings';
import type { PathSegment } from '../toml/tableView';
import { isTable } from '../toml/valueTypes';

export interface StringVisitor {
  /** A string value at `path` (the array indices and keys to it). */
  readonly string: (s: string, path: readonly PathSegment[]) => void;
  /** A key of the table at `path`. */
  readonly key: (key: string, path: readonly PathSegment[]) => void;
}

export function walkStrings(value: TomlValue, visit: StringVisitor): void {
  const path: PathSegment[] = [];
  const walk = (v: TomlValue): void => {
    if (typeof v === 'string') visit.string(v, path);
    else if (Array.isArray(v)) {
      v.forEach((item, i) => {
        path.push(i);
        walk(item);
        path.pop();
      });
    } else if (isTable(v)) {
      for (const key of Object.keys(v)) {
        visit.key(key, path);
        path.push(key);
        walk(v[key]!);
        path.pop();
      }
    }
  };
  walk(value);
}

/**
 * The source of the characters `[start, end)` of `key`, a key of the table
 * at `path`: exact for a bare or plainly quoted key, else (escapes) the
 * whole key (`segment`).
 */
export function keySpans(block: Block, path: readonly PathSegment[], key: string, parts: readonly Span[]): { spans: Span[]; segment: Span } {
  const owner = nodeAt(block.root, path);
  const table = owner instanceof TableNode ? owner : owner?.kind === 'inlineTable' ? owner.table : undefined;
  const segment = table?.member(key)?.key ?? block.headers[0] ?? { start: 0, end: 0 };
  const source = block.text.slice(segment.start, segment.end);
  const shift = source === key ? 0 : source.slice(1, -1) === key ? 1 : -1;
  if (shift === -1) return { spans: parts.map(() => segment), segment };
  return { spans: parts.map((p) => ({ start: segment.start + shift + p.start, end: segment.start + shift + p.end })), segment };
}

/**
 * The source of the decoded characters `parts` of the string value at
 * `path`: each exact (whole escapes) when the literal is found, undefined
 * when not; `literal` is its node, `fallback` what to point at instead.
 */
export function stringSpans(block: Block, path: readonly PathSegment[], parts: readonly Span[]): { spans: (Span | undefined)[]; literal: StringNode | undefined; fallback: Span } {
  const node = nodeAt(block.root, path);
  const literal = node && !(node instanceof TableNode) && node.kind === 'string' ? (node as StringNode) : undefined;
  const spans = literal ? sourceSpansOfValue(block.text, literal, literal.style, parts) : parts.map(() => undefined);
  const fallback: Span = node instanceof TableNode ? node.span : (node ?? block.headers[0] ?? { start: 0, end: 0 });
  return { spans, literal, fallback };
}

/** The nearest key on `path`, as a finding names where a value is: `` `text` ``. */
export function keyOf(path: readonly PathSegment[]): string {
  const key = [...path].reverse().find((p) => typeof p === 'string');
  return key === undefined ? 'a value' : `\`${key}\``;
}
