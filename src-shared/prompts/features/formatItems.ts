// The formatter's view of a `.prompts` file that parses: its headers and
// key/value statements in source order, each with the comment lines above
// it and the comment after it on its line. Built from the blocks' position
// indexes; everything between two items must be blank lines and comments,
// else the file is not one this formatter understands (it then declines).

import type { Block } from '../toml/block';
import type { PromptsDocument } from '../toml/document';
import { forEachStatement } from '../toml/statements';
import type { Member, ValueNode } from '../toml/syntaxTree';

/** Comment lines (null: a blank line between them), as they stood above an item. */
export interface CommentGroup {
  readonly lines: readonly (string | null)[];
  /** A blank line stood between the last comment and the item. */
  readonly separated: boolean;
  /** A blank line stood before the first comment. */
  readonly leadingBlank: boolean;
}

interface ItemBase {
  /** Document offsets of the item's source (a statement: from its key to the end of its value). */
  readonly start: number;
  readonly end: number;
  /** The comment after the item on its last line, from `#`. */
  trailing?: string;
  comments?: CommentGroup;
}

export interface HeaderItem extends ItemBase {
  readonly kind: 'header';
  readonly names: readonly string[];
  /** The key between the brackets, as written. */
  readonly keySource: string;
  readonly array: boolean;
}

export interface StatementItem extends ItemBase {
  readonly kind: 'statement';
  /** Key names from the table of the header above (or the top level). */
  readonly path: readonly string[];
  /** The key left of `=`, as written. */
  readonly keySource: string;
  readonly block: Block;
  /** Block-relative spans. */
  readonly value: ValueNode;
}

export type Item = HeaderItem | StatementItem;

export interface Items {
  readonly items: readonly Item[];
  /** Comments after the last item. */
  readonly tail: CommentGroup | undefined;
  readonly bom: boolean;
}

const BOM = '\ufeff';

/** The items of `doc`, or why the formatter cannot take it apart. */
export function itemsOf(doc: PromptsDocument): Items | string {
  const items: Item[] = [];
  for (const block of doc.blocks) {
    if (!block.value) return 'the file does not parse';
    for (const h of block.headers) {
      const open = h.array ? 2 : 1;
      items.push({
        kind: 'header',
        start: block.startOffset + h.start,
        end: block.startOffset + h.end,
        names: h.keys.map((k) => k.name),
        keySource: block.text.slice(h.start + open, h.end - open),
        array: h.array,
      });
    }
    const statement = statementOf(block);
    forEachStatement(block.root, (path, m) => items.push(statement(path, m)));
  }
  items.sort((a, b) => a.start - b.start);
  const text = doc.text;
  const bom = text.startsWith(BOM);
  let at = bom ? BOM.length : 0;
  let previous: Item | undefined;
  for (const item of items) {
    const gap = readGap(text, at, item.start, previous !== undefined, false);
    if (typeof gap === 'string') return gap;
    if (previous && gap.trailing !== undefined) previous.trailing = gap.trailing;
    if (gap.group) item.comments = gap.group;
    previous = item;
    at = item.end;
  }
  const tail = readGap(text, at, text.length, previous !== undefined, true);
  if (typeof tail === 'string') return tail;
  if (previous && tail.trailing !== undefined) previous.trailing = tail.trailing;
  return { items, tail: tail.group, bom };
}

function statementOf(block: Block): (path: readonly string[], m: Member) => StatementItem {
  const text = block.text;
  return (path, m) => {
    // A key never spans lines, so a statement starts where its line's content does.
    let start = text.lastIndexOf('\n', m.key.start - 1) + 1;
    while (text[start] === ' ' || text[start] === '\t' || text[start] === BOM) start++;
    const equals = text.indexOf('=', m.key.end);
    return {
      kind: 'statement',
      start: block.startOffset + start,
      end: block.startOffset + m.value!.end,
      path,
      keySource: text.slice(start, equals).trimEnd(),
      block,
      value: m.value!,
    };
  };
}

const blank = /^[ \t\r]*$/;

/**
 * The text between two items: the rest of the previous item's line (a
 * comment at most), then blank and comment lines, then the next item's
 * indentation. At the end of the text (`tail`) the last line is a line too.
 */
function readGap(text: string, from: number, to: number, afterItem: boolean, tail: boolean): { trailing?: string; group?: CommentGroup } | string {
  let at = from;
  let trailing: string | undefined;
  if (afterItem) {
    const nl = text.indexOf('\n', at);
    const end = nl === -1 || nl >= to ? to : nl;
    const rest = text.slice(at, end);
    if (!blank.test(rest)) {
      const t = rest.trim();
      if (!t.startsWith('#')) return `unexpected text after an item at offset ${at}`;
      trailing = t;
    }
    if (end === to) {
      if (!tail) return `two items on one line at offset ${at}`;
      return { ...(trailing !== undefined && { trailing }) };
    }
    at = end + 1;
  }
  const entries: (string | null)[] = [];
  while (at < to) {
    const nl = text.indexOf('\n', at);
    const end = nl === -1 || nl >= to ? to : nl;
    const line = text.slice(at, end);
    if (end === to && !tail) {
      if (!/^[ \t\ufeff]*$/.test(line)) return `unexpected text before an item at offset ${at}`;
      break;
    }
    if (blank.test(line)) entries.push(null);
    else if (line.trim().startsWith('#')) entries.push(line.trim());
    else return `unexpected text at offset ${at}`;
    at = end + 1;
  }
  const group = groupOf(entries);
  return { ...(trailing !== undefined && { trailing }), ...(group && { group }) };
}

/** Comment lines without blank lines at either end and with runs of blank lines made one. */
export function groupOf(entries: readonly (string | null)[]): CommentGroup | undefined {
  const first = entries.findIndex((e) => e !== null);
  if (first === -1) return undefined;
  let last = entries.length - 1;
  while (entries[last] === null) last--;
  const lines: (string | null)[] = [];
  for (let i = first; i <= last; i++) {
    const entry = entries[i] ?? null;
    if (entry !== null || lines[lines.length - 1] !== null) lines.push(entry);
  }
  return { lines, separated: last < entries.length - 1, leadingBlank: first > 0 };
}
