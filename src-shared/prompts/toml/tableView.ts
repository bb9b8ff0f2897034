// A parsed TOML table seen together with where it is written: its value
// from smol-toml, its node in the block's position index, and the block both
// come from. Every feature that needs "the range of key K of this table"
// goes through here, whether the table was opened by a header or written
// inline. The node is looked up on first use, so walking the values of a
// clean file never builds a position index.

import type { TomlTable } from 'smol-toml';
import type { Range } from '../../text/range';
import type { Block } from './block';
import { type Member, memberValueSpan, type Span, type TableNode } from './syntaxTree';
import { isTable } from './valueTypes';

export type PathSegment = string | number;

/** How a view was reached: from the block's root, from a parent view, or as another view under a new path. */
type Origin =
  | { readonly kind: 'root' }
  | { readonly kind: 'child'; readonly parent: TableView; readonly key: string; readonly index: number | undefined }
  | { readonly kind: 'alias'; readonly of: TableView; readonly path: readonly PathSegment[] };

interface Located {
  /** Undefined only if the index and the parser disagree; ranges then fall back to `anchor`. */
  readonly node: TableNode | undefined;
  /** Where the table itself is written: its header, its braces, or the key that holds it. */
  readonly anchor: Span;
}

export class TableView {
  private located: Located | undefined;

  private constructor(
    readonly block: Block,
    readonly value: TomlTable,
    private readonly origin: Origin,
  ) {}

  /** The top-level table of a block that parsed. */
  static root(block: Block, value: TomlTable): TableView {
    return new TableView(block, value, { kind: 'root' });
  }

  /** Keys and array indices from the document root (session indices count across the file). */
  get path(): PathSegment[] {
    const o = this.origin;
    if (o.kind === 'root') return [];
    if (o.kind === 'alias') return [...o.path];
    return o.index === undefined ? [...o.parent.path, o.key] : [...o.parent.path, o.key, o.index];
  }

  get node(): TableNode | undefined {
    return this.where().node;
  }

  get anchor(): Span {
    return this.where().anchor;
  }

  /** The table's own range: its header, inline braces or defining key. */
  get range(): Range {
    return this.block.rangeOf(this.anchor);
  }

  /** The same table in `block`, a placement of the same content (after an edit above it), reached the same way. */
  onBlock(block: Block): TableView {
    const o = this.origin;
    if (o.kind === 'root') return new TableView(block, this.value, o);
    if (o.kind === 'alias') return o.of.onBlock(block).withPath(o.path);
    return new TableView(block, this.value, { ...o, parent: o.parent.onBlock(block) });
  }

  /**
   * The same table reached the same way, without the nodes this view has
   * looked up: a view kept past the check that made it (a session's facts)
   * must not hold its block's position index, which the check let go.
   */
  unlocated(): TableView {
    return this.onBlock(this.block);
  }

  /** The same table addressed by a different path (a block's local array index made file-wide). */
  withPath(path: readonly PathSegment[]): TableView {
    return new TableView(this.block, this.value, { kind: 'alias', of: this, path });
  }

  member(key: string): Member | undefined {
    return this.node?.member(key);
  }

  keySpan(key: string): Span {
    return this.member(key)?.key ?? this.anchor;
  }

  valueSpan(key: string): Span {
    const m = this.member(key);
    return m ? memberValueSpan(m) : this.anchor;
  }

  keyRange(key: string): Range {
    return this.block.rangeOf(this.keySpan(key));
  }

  valueRange(key: string): Range {
    return this.block.rangeOf(this.valueSpan(key));
  }

  /** The table under `key`, if the value there is one. */
  table(key: string): TableView | undefined {
    const v = this.value[key];
    return isTable(v) ? new TableView(this.block, v, { kind: 'child', parent: this, key, index: undefined }) : undefined;
  }

  /** The tables of the array under `key` (`[[key]]` elements or inline), with their indices in the array. */
  tables(key: string): { readonly index: number; readonly view: TableView }[] {
    const v = this.value[key];
    if (!Array.isArray(v)) return [];
    const out: { index: number; view: TableView }[] = [];
    for (let index = 0; index < v.length; index++) {
      const view = this.element(key, index);
      if (view) out.push({ index, view });
    }
    return out;
  }

  /** Item `index` of the array under `key`, if it is a table. */
  element(key: string, index: number): TableView | undefined {
    const v = this.value[key];
    const item = Array.isArray(v) ? v[index] : undefined;
    return isTable(item) ? new TableView(this.block, item, { kind: 'child', parent: this, key, index }) : undefined;
  }

  /** The span of item `index` of the array under `key` (its header for `[[key]]`). */
  itemSpan(key: string, index: number): Span {
    const m = this.member(key);
    const header = m?.tables?.[index]?.header;
    if (header) return header;
    const item = m?.value?.kind === 'array' ? m.value.items[index] : undefined;
    return item ?? this.valueSpan(key);
  }

  private where(): Located {
    this.located ??= this.locate();
    return this.located;
  }

  private locate(): Located {
    const o = this.origin;
    if (o.kind === 'root') return { node: this.block.root, anchor: this.block.headers[0] ?? { start: 0, end: 0 } };
    if (o.kind === 'alias') return o.of.where();
    const m = o.parent.member(o.key);
    let node: TableNode | undefined;
    if (o.index === undefined) node = m?.table ?? (m?.value?.kind === 'inlineTable' ? m.value.table : undefined);
    else if (m?.tables) node = m.tables[o.index];
    else {
      const item = m?.value?.kind === 'array' ? m.value.items[o.index] : undefined;
      node = item?.kind === 'inlineTable' ? item.table : undefined;
    }
    const fallback = o.index === undefined ? o.parent.valueSpan(o.key) : o.parent.itemSpan(o.key, o.index);
    return { node, anchor: node?.span ?? fallback };
  }
}
