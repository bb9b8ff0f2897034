// The line-oriented lexer of `.prompts` files, in two modes sharing one
// code path. `splitBlocks` runs over the whole text and only finds where
// top-level blocks start; it allocates nothing per key, so a 60 MB file
// splits fast. `indexBlock` runs over one block's text and records where
// every header, key and value sits; it runs when something needs a range.
// Both lex exactly as much TOML as they must never to be fooled (strings of
// every kind, comments, brackets of arrays and inline tables spanning
// lines) and leave values to smol-toml. On invalid input they recover and go
// on: they never throw and always finish. The split can also run in steps
// (`splitBlocksInSteps`), so a server can yield between them on a huge file.

import { dateTimeAt, dateTimeMayBeWrong, hasNumericOffset } from './dateTimes';
import { maxNesting } from './limits';
import { decodeQuotedKey, endOfString, isUnclosedMultiline, lineEndOf, stringStyleAt } from './strings';
import { type Header, type KeySegment, memberTable, TableNode, type ValueNode } from './syntaxTree';
import { type Toml10Problem, toml11Only } from './toml10Problems';

/** What the header that opens a block says. */
export interface BlockHeader {
  readonly rootKey: string;
  readonly segments: number;
  readonly array: boolean;
}

/** Where one top-level block lies in the text, and what its first header says. */
export interface BlockBounds {
  /** Offset of the block's first character (a line start; 0 for the preamble). */
  readonly start: number;
  readonly end: number;
  /** Undefined for the preamble, which has no header. */
  readonly header?: BlockHeader;
  /**
   * Set on the last block when the text ends inside a multi-line string,
   * array or inline table it opened: a block re-scanned alone after an edit
   * that ends so may have swallowed the blocks after it, so a full pass is needed.
   */
  readonly openAtEnd?: boolean;
  /**
   * Set when an array or inline table the block opened was still open where
   * the next block's header line starts: the block ends there only because
   * that line reads as a header, so that line cannot change without this
   * block's end moving too.
   */
  readonly openBeforeNext?: boolean;
  /**
   * The first thing in the block that TOML 1.0 refuses and the scan saw on
   * its way (an inline table across lines or with a trailing comma, a
   * date-time that does not exist or lacks seconds), its offset counted
   * from the block's start. Escapes are not looked at (see toml10.ts).
   */
  readonly notToml10?: Toml10Problem;
  /**
   * How deep, at most, a table or array of the block's TOML lies, as
   * `parseToml` measures nesting (a header segment counted twice: it may
   * be an array of tables and its element); infinite when the scan stopped
   * following brackets at `maxNesting`. Within the limit, a parse of the
   * block needs no walk of its values to measure their depth.
   */
  readonly depth: number;
  /** The block holds a date-time with a numeric offset (`+01:00`): without one, every offset date-time is in UTC. */
  readonly numericOffset?: true;
}

/** The position index of one block; spans are relative to the block's text. */
export interface BlockIndex {
  readonly root: TableNode;
  /** Headers in source order. */
  readonly headers: readonly Header[];
}

/** Splits `text` into blocks: the preamble (always first, maybe empty), then one per top-level table. */
export function splitBlocks(text: string): BlockBounds[] {
  const scanner = new Scanner(text, false);
  scanner.run();
  return scanner.blocks;
}

/** `splitBlocks`, pausing (yielding) after about every `stepChars` characters. */
export function* splitBlocksInSteps(text: string, stepChars: number): Generator<void, BlockBounds[], void> {
  const scanner = new Scanner(text, false);
  yield* scanInSteps(scanner, stepChars);
  scanner.end();
  return scanner.blocks;
}

/** Past the structure limit: how many top-level tables the split had found when it stopped. */
export interface TooManyTables {
  readonly tables: number;
}

/**
 * `splitBlocksInSteps`, stopping once more than `maxTables` top-level
 * tables are open, with the count `countTopLevelTables` gives: a caller
 * that splits anyway measures the structure limit without a pass of its own.
 */
export function* splitBlocksWithinInSteps(text: string, stepChars: number, maxTables: number): Generator<void, BlockBounds[] | TooManyTables, void> {
  const scanner = new Scanner(text, false, maxTables);
  yield* scanInSteps(scanner, stepChars);
  if (scanner.blocks.length > maxTables) return { tables: scanner.blocks.length };
  scanner.end();
  return scanner.blocks;
}

/**
 * The top-level tables of `text` as `splitBlocks` finds them (a header-looking
 * line inside a string is none), counted up to just past `limit`: the file
 * limits' measure of a file's structure, which keeps no more than `limit` blocks.
 * Pauses (yields) after about every `stepChars` characters.
 */
export function* countTopLevelTables(text: string, limit: number, stepChars = text.length): Generator<void, number, void> {
  const scanner = new Scanner(text, false, limit);
  yield* scanInSteps(scanner, stepChars);
  return scanner.blocks.length;
}

/** Runs `scanner` over its text, pausing after about every `stepChars` characters. */
function* scanInSteps(scanner: Scanner, stepChars: number): Generator<void, void, void> {
  scanner.start();
  for (let limit = stepChars; !scanner.scanTo(limit); limit += stepChars) yield;
}

/** Whether two blocks open with the same kind of header (both none: two preambles). */
export function sameHeader(a: BlockHeader | undefined, b: BlockHeader | undefined): boolean {
  if (!a || !b) return a === b;
  return a.rootKey === b.rootKey && a.segments === b.segments && a.array === b.array;
}

/** Indexes one block's text (as cut by `splitBlocks`) on its own. */
export function indexBlock(text: string): BlockIndex {
  const scanner = new Scanner(text, true);
  scanner.run();
  return { root: scanner.root, headers: scanner.headers };
}

// Character codes and classes, shared with the layout scan (layout.ts).
export const LF = 10;
export const CR = 13;
export const TAB = 9;
export const SPACE = 32;
export const HASH = 35;
export const QUOTE = 34;
export const APOSTROPHE = 39;
export const COMMA = 44;
export const DASH = 45;
export const DOT = 46;
export const EQUALS = 61;
export const LBRACKET = 91;
export const RBRACKET = 93;
export const LBRACE = 123;
export const RBRACE = 125;
export const BOM = 0xfeff;

export function isBareKeyChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === DASH;
}

export function endsScalar(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR || c === COMMA || c === RBRACKET || c === RBRACE || c === HASH || Number.isNaN(c);
}

/**
 * A line inside an unclosed array that reads as a table header. Bare words
 * are never array values (except these four), so TOML has already failed
 * there; ending the array lets the blocks after it be checked on their own.
 */
const headerLine = /\[\[?[ \t]*([A-Za-z_][A-Za-z0-9_-]*)[ \t]*(?:\.[ \t]*(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')[ \t]*)*\]\]?[ \t]*(?:#[^\n]*)?(?:\r?\n|$)/y;
const notKeywords = new Set(['true', 'false', 'inf', 'nan']);

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function opensMultiline(s: string, pos: number): boolean {
  const c = s.charCodeAt(pos);
  return (c === QUOTE || c === APOSTROPHE) && s.charCodeAt(pos + 1) === c && s.charCodeAt(pos + 2) === c;
}

/** After a date `YYYY-MM-DD`: a space and the time of a date-time. */
export const spaceThenTime = / \d\d:/y;

class Scanner {
  private pos = 0;
  readonly blocks: BlockBounds[] = [];
  private blockStart = 0;
  private blockHeader: BlockBounds['header'];
  readonly root = new TableNode({ start: 0, end: 0 });
  private table = this.root;
  readonly headers: Header[] = [];
  /** Set when an unclosed array or inline table was abandoned at a header line; the scan resumes there. */
  private abandoned = false;
  /** The line being scanned is the one an unclosed array or inline table was abandoned at. */
  private resumed = false;
  /** How many arrays and inline tables the scan is inside. */
  private nesting = 0;
  /** The text ended inside a multi-line string, array or inline table. */
  private openAtEnd = false;
  /** The first thing in the current block that TOML 1.0 refuses, at an offset in the text. */
  private notToml10: Toml10Problem | undefined;
  // The last key path read: its length and first name always, its segments when indexing.
  private keyCount = 0;
  private firstKey = '';
  private keys: KeySegment[] = [];
  /** How deep, at most, the table the scan is in lies (see `BlockBounds.depth`). */
  private depth = 0;
  /** The deepest a table or array of the current block may lie. */
  private deepest = 0;
  /** The current block holds a date-time with a numeric offset. */
  private numericOffset = false;

  constructor(
    private readonly s: string,
    private readonly indexing: boolean,
    /** Splitting stops once more top-level tables than this were opened. */
    private readonly maxTables = Number.POSITIVE_INFINITY,
  ) {}

  run(): void {
    this.start();
    this.scanTo(this.s.length);
    this.end();
  }

  start(): void {
    this.pos = this.s.charCodeAt(0) === BOM ? 1 : 0;
  }

  /** Scans whole lines until the offset passes `limit`; true when the text is done. */
  scanTo(limit: number): boolean {
    const s = this.s;
    while (this.pos < s.length && this.pos < limit && this.blocks.length <= this.maxTables) this.line();
    return this.pos >= s.length || this.blocks.length > this.maxTables;
  }

  end(): void {
    const s = this.s;
    this.blocks.push({
      start: this.blockStart,
      end: s.length,
      ...(this.blockHeader && { header: this.blockHeader }),
      ...(this.openAtEnd && { openAtEnd: true }),
      ...this.takeNotToml10(),
      ...this.takeValueFacts(),
    });
  }

  /** The current block's `depth` and `numericOffset`, as fields to spread; the next block starts from none. */
  private takeValueFacts(): { depth: number; numericOffset?: true } {
    const facts = { depth: this.deepest, ...(this.numericOffset && { numericOffset: true as const }) };
    this.deepest = 0;
    this.numericOffset = false;
    return facts;
  }

  private reach(depth: number): void {
    if (depth > this.deepest) this.deepest = depth;
  }

  /** The current block's `notToml10`, relative to its start, as a field to spread; the next block starts without one. */
  private takeNotToml10(): { notToml10?: Toml10Problem } {
    const p = this.notToml10;
    this.notToml10 = undefined;
    return p ? { notToml10: { at: p.at - this.blockStart, message: p.message } } : {};
  }

  private noteNotToml10(at: number, message: string): void {
    this.notToml10 ??= { at, message };
  }

  /** A date-time starting at `start` that does not exist or lacks seconds, or that has a numeric offset. */
  private checkDateTime(start: number): void {
    if (!this.numericOffset && hasNumericOffset(this.s, start)) this.numericOffset = true;
    if (this.notToml10 || !dateTimeMayBeWrong(this.s, start)) return;
    const problem = dateTimeAt(this.s, start)?.problem;
    if (problem) this.notToml10 = problem;
  }

  private line(): void {
    const s = this.s;
    // A BOM belongs to the first line, so the block holding that line starts at 0.
    const lineStart = this.pos === 1 && s.charCodeAt(0) === BOM ? 0 : this.pos;
    this.skipWs();
    const c = s.charCodeAt(this.pos);
    const resumed = this.resumed;
    this.resumed = false;
    if (c === LBRACKET) this.header(lineStart, resumed);
    else if (c !== LF && c !== CR && c !== HASH) this.keyValue(this.table);
    if (this.abandoned) {
      this.abandoned = false;
      this.resumed = true;
    } else this.toNextLine();
  }

  /** Past the rest of the line; a comment or junk there is skipped (TOML reports junk itself). */
  private toNextLine(): void {
    const nl = lineEndOf(this.s, this.pos);
    this.pos = nl < this.s.length ? nl + 1 : nl;
  }

  // The loops over characters keep the offset in a local: a field written per character costs a store each time.
  private skipWs(): void {
    const s = this.s;
    let p = this.pos;
    let c = s.charCodeAt(p);
    while (c === SPACE || c === TAB) c = s.charCodeAt(++p);
    this.pos = p;
  }

  /** Whitespace, comments and line breaks, as allowed between array items. Returns whether a line break was crossed. */
  private skipVoid(): boolean {
    const s = this.s;
    let p = this.pos;
    let crossed = false;
    for (;;) {
      const c = s.charCodeAt(p);
      if (c === SPACE || c === TAB || c === CR) p++;
      else if (c === LF) {
        p++;
        crossed = true;
      } else if (c === HASH) p = lineEndOf(s, p);
      else break;
    }
    this.pos = p;
    return crossed;
  }

  private header(lineStart: number, resumed: boolean): void {
    const s = this.s;
    const start = this.pos;
    this.pos++;
    const array = s.charCodeAt(this.pos) === LBRACKET;
    if (array) this.pos++;
    this.skipWs();
    this.keyPath(true);
    this.skipWs();
    if (s.charCodeAt(this.pos) === RBRACKET) {
      this.pos++;
      if (array && s.charCodeAt(this.pos) === RBRACKET) this.pos++;
    }
    if (this.indexing) this.applyHeader(this.keys, array, start, this.pos);
    else if (this.keyCount <= 1 || !this.blockHeader || this.firstKey !== this.blockHeader.rootKey) {
      // A new top-level table, or a sub-table of a different one.
      this.blocks.push({
        start: this.blockStart,
        end: lineStart,
        ...(this.blockHeader && { header: this.blockHeader }),
        ...(resumed && { openBeforeNext: true }),
        ...this.takeNotToml10(),
        ...this.takeValueFacts(),
      });
      this.blockStart = lineStart;
      this.blockHeader = { rootKey: this.firstKey, segments: this.keyCount, array };
    }
    this.depth = 2 * this.keyCount;
    this.reach(this.depth);
  }

  private applyHeader(keys: KeySegment[], array: boolean, start: number, end: number): void {
    let t = this.root;
    for (let i = 0; i < keys.length - 1; i++) t = descend(t, keys[i]!);
    const last = keys[keys.length - 1];
    const span = { start, end };
    let node: TableNode;
    const m = last && t.member(last.name);
    if (!last) node = new TableNode(span);
    else if (array) {
      node = new TableNode(span);
      if (!m) t.add({ key: last, tables: [node] });
      else if (m.tables) m.tables.push(node);
    } else if (m?.table && !m.table.header) {
      // A table implied by an earlier dotted header is defined here.
      node = m.table;
      node.span = span;
    } else {
      node = new TableNode(span);
      if (!m) t.add({ key: last, table: node });
    }
    const header: Header = { start, end, keys, array, table: node };
    node.header = header;
    this.headers.push(header);
    this.table = node;
  }

  private keyValue(into: TableNode): boolean {
    const s = this.s;
    const segments = this.keyPath(false);
    if (segments === 0) return false;
    const keys = this.keys;
    this.skipWs();
    if (s.charCodeAt(this.pos) !== EQUALS) return false;
    this.pos++;
    this.skipWs();
    const table = this.depth;
    // Each segment but the last opens a table; a table or array value lies one further (array, inlineTable).
    this.depth = table + segments - 1;
    this.reach(this.depth);
    const value = this.value();
    this.depth = table;
    if (this.indexing && value) {
      let t = into;
      for (let i = 0; i < keys.length - 1; i++) t = descend(t, keys[i]!);
      t.add({ key: keys[keys.length - 1]!, value });
    }
    return true;
  }

  /** Reads a (dotted) key; returns its segment count. `header`: the first name is needed to split blocks. */
  private keyPath(header: boolean): number {
    const s = this.s;
    this.keyCount = 0;
    // A header without a key must not take its first key from the header before (which may be in another block).
    if (header) this.firstKey = '';
    if (this.indexing) this.keys = [];
    for (;;) {
      const start = this.pos;
      const c = s.charCodeAt(start);
      if (c === QUOTE || c === APOSTROPHE) this.pos = endOfString(s, start, c === QUOTE ? 'basic' : 'literal');
      else this.pos = endOfBareKey(s, start);
      if (this.pos === start) return this.keyCount;
      if ((header && this.keyCount === 0) || this.indexing) {
        const name = c === QUOTE || c === APOSTROPHE ? decodeQuotedKey(s, { start, end: this.pos }) : s.slice(start, this.pos);
        if (this.keyCount === 0) this.firstKey = name;
        // Segments past the nesting limit are left out of the index (the block does not parse anyway).
        if (this.indexing && this.keys.length < maxNesting) this.keys.push({ name, start, end: this.pos });
      }
      this.keyCount++;
      this.skipWs();
      if (s.charCodeAt(this.pos) !== DOT) return this.keyCount;
      this.pos++;
      this.skipWs();
    }
  }

  private value(): ValueNode | undefined {
    const s = this.s;
    const start = this.pos;
    const c = s.charCodeAt(start);
    if (!this.indexing && this.nesting === 0 && c !== LBRACKET && c !== LBRACE && !opensMultiline(s, start)) {
      // Splitting needs no single-line value's end: nothing after it on its line can open a block.
      if (isDigit(c)) this.checkDateTime(start);
      this.pos = lineEndOf(s, start);
      return undefined;
    }
    if (c === QUOTE || c === APOSTROPHE) {
      const style = stringStyleAt(s, start);
      this.pos = endOfString(s, start, style);
      if (this.pos === s.length && (style === 'multilineBasic' || style === 'multilineLiteral') && isUnclosedMultiline(s, start, style)) this.openAtEnd = true;
      return this.indexing ? { kind: 'string', style, start, end: this.pos } : undefined;
    }
    // Past the nesting limit a bracket is read as a one-character scalar, so the scan never recurses deeper.
    if ((c === LBRACKET || c === LBRACE) && this.nesting >= maxNesting) {
      this.deepest = Number.POSITIVE_INFINITY;
      this.pos++;
      return this.indexing ? { kind: 'scalar', start, end: this.pos } : undefined;
    }
    if (c === LBRACKET) return this.array();
    if (c === LBRACE) return this.inlineTable();
    if (isDigit(c)) this.checkDateTime(start);
    this.pos = endOfScalar(s, this.pos);
    // A date-time may separate date and time with one space.
    if (this.pos - start === 10 && s.charCodeAt(start + 4) === DASH && s.charCodeAt(start + 7) === DASH) {
      spaceThenTime.lastIndex = this.pos;
      if (spaceThenTime.test(s)) this.pos = endOfScalar(s, this.pos + 1);
    }
    return this.indexing ? { kind: 'scalar', start, end: this.pos } : undefined;
  }

  private array(): ValueNode | undefined {
    const start = this.pos++;
    const items: ValueNode[] = [];
    this.items(RBRACKET, true, () => {
      const item = this.value();
      if (item) items.push(item);
      return true;
    });
    return this.indexing ? { kind: 'array', items, start, end: this.pos } : undefined;
  }

  private inlineTable(): ValueNode | undefined {
    const start = this.pos++;
    const table = new TableNode({ start, end: start });
    this.items(RBRACE, false, () => this.keyValue(table));
    if (!this.indexing) return undefined;
    table.span = { start, end: this.pos };
    return { kind: 'inlineTable', table, start, end: this.pos };
  }

  /**
   * The comma-separated items of an array or inline table, up to `close`,
   * each read by `item` (false: give up). A line starting with `[` ends them
   * when it reads as a header (`headersOnly`) or always (keys never start so).
   */
  private items(close: number, headersOnly: boolean, item: () => boolean): void {
    this.nesting++;
    this.depth++;
    this.reach(this.depth);
    this.itemsUntil(close, headersOnly, item);
    this.depth--;
    this.nesting--;
  }

  private itemsUntil(close: number, headersOnly: boolean, item: () => boolean): void {
    const s = this.s;
    let comma = -1;
    for (;;) {
      const from = this.pos;
      const crossed = this.skipVoid();
      const c = s.charCodeAt(this.pos);
      if (this.pos >= s.length) {
        this.openAtEnd = true;
        return;
      }
      if (crossed && close === RBRACE) this.noteNotToml10(s.indexOf('\n', from), toml11Only.newlineInInlineTable);
      if (c === close || c === COMMA) {
        if (c === RBRACE && comma !== -1) this.noteNotToml10(comma, toml11Only.trailingComma);
        comma = c === COMMA && close === RBRACE ? this.pos : -1;
        this.pos++;
        if (c === close) return;
        continue;
      }
      comma = -1;
      if (crossed && c === LBRACKET && (!headersOnly || this.looksLikeHeader())) return this.abandon();
      const before = this.pos;
      if (!item() || this.abandoned) return;
      if (this.pos === before) this.pos++;
    }
  }

  /** Gives up the value being scanned at the start of the current line. */
  private abandon(): void {
    this.pos = this.s.lastIndexOf('\n', this.pos - 1) + 1;
    this.abandoned = true;
  }

  private looksLikeHeader(): boolean {
    headerLine.lastIndex = this.pos;
    const m = headerLine.exec(this.s);
    return m !== null && !notKeywords.has(m[1]!);
  }
}

function endOfBareKey(s: string, from: number): number {
  let p = from;
  while (isBareKeyChar(s.charCodeAt(p))) p++;
  return p;
}

function endOfScalar(s: string, from: number): number {
  let p = from;
  while (!endsScalar(s.charCodeAt(p))) p++;
  return p;
}

/** The table `key` names in `t`, created as an implicit table if absent (detached if `key` holds a non-table). */
function descend(t: TableNode, key: KeySegment): TableNode {
  const m = t.member(key.name);
  if (!m) return t.add({ key, table: new TableNode(key) }).table!;
  return memberTable(m) ?? new TableNode(key);
}

