// The position index of one block of a `.prompts` file: where every table,
// key and value sits, without the values themselves (smol-toml computes
// those). Spans are offsets relative to the start of the block's text, so a
// block that did not change can be reused after an edit earlier in the file.

/** Half-open offset range `[start, end)` within a block's text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

// Nodes are their own spans (fewer objects: a 60 MB file has millions of them).

/** One segment of a (possibly dotted) key, e.g. `args` in `args.path = "x"`; its span includes quotes. */
export interface KeySegment extends Span {
  /** The decoded name (quotes removed, escapes applied). */
  readonly name: string;
}

/** `[a.b]` or `[[a.b]]`; its span includes the brackets. */
export interface Header extends Span {
  readonly keys: readonly KeySegment[];
  /** `[[...]]`: an element of an array of tables. */
  readonly array: boolean;
  /** The table this header opens. */
  readonly table: TableNode;
}

export type StringStyle = 'basic' | 'literal' | 'multilineBasic' | 'multilineLiteral';

export type ValueNode = StringNode | ArrayNode | InlineTableNode | ScalarNode;

export interface StringNode extends Span {
  readonly kind: 'string';
  readonly style: StringStyle;
}

export interface ArrayNode extends Span {
  readonly kind: 'array';
  readonly items: readonly ValueNode[];
}

export interface InlineTableNode extends Span {
  readonly kind: 'inlineTable';
  readonly table: TableNode;
}

/** Numbers, booleans, datetimes, and anything the scanner could not classify. */
export interface ScalarNode extends Span {
  readonly kind: 'scalar';
}

/** A key of a table and what it holds. */
export interface Member {
  /** The segment that names this member in its table (for a header, its last segment). */
  readonly key: KeySegment;
  /** Set for `key = value`. */
  readonly value?: ValueNode;
  /** Set for a table opened by a header or implied by a dotted key or header. */
  readonly table?: TableNode;
  /** Set for an array of tables (`[[key]]`), one node per element in order. */
  readonly tables?: TableNode[];
}

export class TableNode {
  readonly members: Member[] = [];
  /** The header that opened this table, if any (implicit and inline tables have none). */
  header: Header | undefined;

  constructor(
    /** Header, inline table braces, or the key segment that implied the table. */
    public span: Span,
  ) {}

  member(name: string): Member | undefined {
    for (const m of this.members) if (m.key.name === name) return m;
    return undefined;
  }

  add(m: Member): Member {
    this.members.push(m);
    return m;
  }
}

/** The table a member holds, whether opened by a header, implied, or inline. */
export function memberTable(m: Member | undefined): TableNode | undefined {
  if (!m) return undefined;
  if (m.table) return m.table;
  if (m.tables) return m.tables[m.tables.length - 1];
  return m.value?.kind === 'inlineTable' ? m.value.table : undefined;
}

/** The span that best shows a member's value: the value, else its (first) header, else its key. */
export function memberValueSpan(m: Member): Span {
  return m.value ?? m.table?.header ?? m.tables?.[0]?.header ?? m.key;
}

/** True when `offset` lies in `span`, its end included (a cursor just after a token is "in" it). */
export function spanContains(span: Span, offset: number): boolean {
  return span.start <= offset && offset <= span.end;
}

/**
 * The node of the value at `path` (keys and array indices, as in the parsed
 * TOML) under `root`: a value node, or a table node for a table written by a
 * header. Undefined if the index has no such place.
 */
export function nodeAt(root: TableNode, path: readonly (string | number)[]): ValueNode | TableNode | undefined {
  let at: ValueNode | TableNode | undefined = root;
  for (let i = 0; i < path.length && at; i++) {
    const seg = path[i]!;
    if (at instanceof TableNode || at.kind === 'inlineTable') {
      const table: TableNode = at instanceof TableNode ? at : at.table;
      const m: Member | undefined = typeof seg === 'string' ? table.member(seg) : undefined;
      if (m?.tables) {
        // An array of tables: the next segment picks the element.
        const next = path[++i];
        at = typeof next === 'number' ? m.tables[next] : undefined;
      } else at = m?.value ?? m?.table;
    } else at = at.kind === 'array' && typeof seg === 'number' ? at.items[seg] : undefined;
  }
  return at;
}
