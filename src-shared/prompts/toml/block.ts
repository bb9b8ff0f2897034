// One top-level block of a `.prompts` file (the preamble, `[commit]`, one
// `[[sessions]]` with its sub-tables, one `[[edits]]` entry, or a table we
// do not know), with its parsed TOML, its syntax error and its position
// index. Ranges out of a block are in whole-document coordinates; spans in
// it are relative to the block, so a block survives edits elsewhere: what
// depends on its text alone (`BlockContent`: the TOML, the syntax error, the
// indexes) is shared by every `Block` that places that text at another line
// after an edit above it. The index and line starts are built on first use:
// validating a clean file needs neither.

import type { TomlTable } from 'smol-toml';
import { LineIndex } from '../../text/lineIndex';
import type { Position, Range } from '../../text/range';
import { type BlockHeader, type BlockIndex, indexBlock } from './scanner';
import type { Header, Span, TableNode } from './syntaxTree';
import type { TomlResult } from './blocks';

export type BlockKind = 'preamble' | 'commit' | 'session' | 'edits' | 'unknown';

export interface BlockSyntaxError {
  /** smol-toml's message, e.g. "invalid value". */
  readonly message: string;
  /** Where smol-toml stopped, in document coordinates. */
  readonly position: Position;
}

/** A block's text and everything that follows from the text alone; immutable but for indexes built on first use. */
export class BlockContent {
  private syntax: BlockIndex | undefined;
  private lines: LineIndex | undefined;

  constructor(
    /** Whole lines, from the block's first header (the preamble: from the top). */
    readonly text: string,
    /** How many line breaks `text` holds. */
    readonly lineBreaks: number,
    /** The header that opens the block; undefined for the preamble. */
    readonly header: BlockHeader | undefined,
    /** smol-toml's verdict on `text` alone; error lines count from the block's first line. */
    readonly own: TomlResult,
    /** The block ends inside an array or inline table it opened, abandoned at the next block's header line. */
    readonly openBeforeNext: boolean,
    /** The verdict in the file: `own`, unless the block shares its top-level key with a block it may clash with. */
    readonly verdict: TomlResult = own,
  ) {}

  /** The same text under another verdict; the indexes, which depend on the text alone, are shared. */
  withVerdict(verdict: TomlResult): BlockContent {
    const content = new BlockContent(this.text, this.lineBreaks, this.header, this.own, this.openBeforeNext, verdict);
    content.syntax = this.syntax;
    content.lines = this.lines;
    return content;
  }

  indexed(): BlockIndex {
    this.syntax ??= indexBlock(this.text);
    return this.syntax;
  }

  /**
   * The position index, without keeping it when it was not built yet: for
   * a pass over many blocks (the outline of a large file) whose indexes
   * would otherwise all stay in memory at once.
   */
  indexedOnce(): BlockIndex {
    return this.syntax ?? indexBlock(this.text);
  }

  /**
   * What `f` returns; a position index `f` had built is let go afterwards.
   * A check reads the ranges of its few findings from the index: keeping
   * it for every block it reported on would hold about 200 KB per block of
   * a large file for no later reader (one that needs it builds it again).
   */
  withPassingIndex<T>(f: () => T): T {
    const had = this.syntax !== undefined;
    try {
      return f();
    } finally {
      if (!had) this.syntax = undefined;
    }
  }

  lineIndex(): LineIndex {
    this.lines ??= new LineIndex(this.text);
    return this.lines;
  }
}

export class Block {
  constructor(
    readonly content: BlockContent,
    /** Position among the document's blocks; 0 is the preamble. */
    readonly index: number,
    readonly startOffset: number,
    readonly startLine: number,
  ) {}

  /** The same content at another place (after an edit above it). */
  movedTo(index: number, startOffset: number, startLine: number): Block {
    return new Block(this.content, index, startOffset, startLine);
  }

  /** The block's source: whole lines, from its first header (the preamble: from the top). */
  get text(): string {
    return this.content.text;
  }

  /** How many line breaks `text` holds. */
  get lineBreaks(): number {
    return this.content.lineBreaks;
  }

  /**
   * The block's TOML; undefined when it has a syntax error, or when it is a
   * sub-table away from its table that only a whole file, broken before it, could place.
   */
  get value(): TomlTable | undefined {
    return this.content.verdict.value;
  }

  /** Every offset date-time in `value` is in UTC (the split saw no numeric offset); false when not known. */
  get offsetsInUtc(): boolean {
    return this.content.verdict.offsetsInUtc === true;
  }

  get syntaxError(): BlockSyntaxError | undefined {
    const e = this.content.verdict.error;
    return e && { message: e.message, position: { line: this.startLine + e.line, character: e.character } };
  }

  get kind(): BlockKind {
    const h = this.content.header;
    if (!h) return 'preamble';
    if (h.segments !== 1) return 'unknown';
    if (h.rootKey === 'commit' && !h.array) return 'commit';
    if (h.rootKey === 'sessions' && h.array) return 'session';
    if (h.rootKey === 'edits' && h.array) return 'edits';
    return 'unknown';
  }

  /** The top-level key the block's first header starts with (`sessions` for `[[sessions]]`); undefined for the preamble. */
  get rootKey(): string | undefined {
    return this.content.header?.rootKey;
  }

  get endOffset(): number {
    return this.startOffset + this.text.length;
  }

  /** One past the block's last line (the line the next block starts on, or the document's line count). */
  get endLine(): number {
    return this.startLine + this.lineBreaks + (this.text.endsWith('\n') || this.text.length === 0 ? 0 : 1);
  }

  /** The block's tables as its own TOML defines them. */
  get root(): TableNode {
    return this.content.indexed().root;
  }

  /** The block's headers in source order; the first opens the block. */
  get headers(): readonly Header[] {
    return this.content.indexed().headers;
  }

  /** The range of the header that opens the block (none for the preamble). */
  get headerRange(): Range | undefined {
    const h = this.headers[0];
    return h ? this.rangeOf(h) : undefined;
  }

  rangeOf(span: Span): Range {
    return { start: this.positionAt(span.start), end: this.positionAt(span.end) };
  }

  /** Document position of a block-relative offset. */
  positionAt(offset: number): Position {
    const p = this.content.lineIndex().positionAt(offset);
    return { line: p.line + this.startLine, character: p.character };
  }

  /** Block-relative offset of a document position (clamped to the block and to its line). */
  offsetAt(p: Position): number {
    if (p.line < this.startLine) return 0;
    return this.content.lineIndex().offsetAt({ line: p.line - this.startLine, character: p.character });
  }

  /** Block-relative offset where the line holding `offset` ends (before its line break). */
  lineEndAt(offset: number): number {
    const lines = this.content.lineIndex();
    return lines.lineEnd(lines.positionAt(offset).line);
  }

  /** The text of a block-relative span. */
  slice(span: Span): string {
    return this.text.slice(span.start, span.end);
  }
}
