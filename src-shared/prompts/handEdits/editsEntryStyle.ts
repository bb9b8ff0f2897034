// How a `.prompts` file is written, for text we add to it: its line ending,
// and how the keys of a table are laid out (indentation, and whether the
// `=` signs line up). Read from the last `[[edits]]` entry, else from
// `[commit]`, so an appended entry looks like its neighbours.

import type { Block } from '../toml/block';
import type { PromptsDocument } from '../toml/document';
import type { TableNode } from '../toml/syntaxTree';

export interface KeyLayout {
  /** Whitespace before each key. */
  readonly indent: string;
  /**
   * The column (after the indent) the `=` goes in, when the table's keys are
   * aligned; undefined for `key = value` with one space.
   */
  readonly equalsColumn: number | undefined;
}

export interface FileStyle {
  readonly eol: '\n' | '\r\n';
  readonly keys: KeyLayout;
  /** Whether `keys` was read from an `[[edits]]` entry (its column fits a new entry as is) or from `[commit]` (align the new keys among themselves). */
  readonly keysFromEntry: boolean;
}

export function eolOf(text: string): '\n' | '\r\n' {
  const nl = text.indexOf('\n');
  return nl > 0 && text[nl - 1] === '\r' ? '\r\n' : '\n';
}

export function fileStyle(doc: PromptsDocument): FileStyle {
  const eol = eolOf(doc.text);
  const lastEntry = doc.edits[doc.edits.length - 1];
  if (lastEntry) return { eol, keys: keyLayout(lastEntry.view.block, lastEntry.view.node), keysFromEntry: true };
  const commit = doc.blocks.find((b) => b.kind === 'commit');
  return { eol, keys: commit ? keyLayout(commit, commit.headers[0]?.table) : { indent: '', equalsColumn: undefined }, keysFromEntry: false };
}

/** The layout of the `key = value` lines of a table written in `block`. */
export function keyLayout(block: Block, table: TableNode | undefined): KeyLayout {
  const text = block.text;
  let indent: string | undefined;
  const columns = new Set<number>();
  let padded = false;
  for (const m of table?.members ?? []) {
    if (!m.value) continue;
    const lineStart = text.lastIndexOf('\n', m.key.start - 1) + 1;
    const before = text.slice(lineStart, m.key.start);
    // A dotted key or one sharing its line says nothing about layout.
    if (!/^[ \t]*$/.test(before)) continue;
    indent ??= before;
    let eq = m.key.end;
    while (text[eq] === ' ' || text[eq] === '\t') eq++;
    if (text[eq] !== '=') continue;
    columns.add(eq - m.key.start);
    if (eq - m.key.end > 1) padded = true;
  }
  const equalsColumn = padded && columns.size === 1 ? [...columns][0] : undefined;
  return { indent: indent ?? '', equalsColumn };
}
