// One top-level block of a `.prompts` file (the preamble, `[commit]`, one
// `[[sessions]]` with its sub-tables, one `[[edits]]` entry, or a table we
// do not know), with its parsed TOML, its syntax error and its position
// index. Ranges out of a block are in whole-document coordinates; spans in
// it are relative to the block, so a block survives edits elsewhere. The
// index and line starts are built on first use: validating a clean file
// needs neither.

import type { TomlTable } from 'smol-toml';
import { LineIndex } from '../text/lineIndex';
import type { Position, Range } from '../text/range';
import { type BlockBounds, type BlockIndex, indexBlock } from './scanner';
import type { Header, Span, TableNode } from './syntaxTree';

export type BlockKind = 'preamble' | 'commit' | 'session' | 'edits' | 'unknown';

export interface BlockSyntaxError {
  /** smol-toml's message, e.g. "invalid value". */
  readonly message: string;
  /** Where smol-toml stopped, in document coordinates. */
  readonly position: Position;
}

/** A syntax error as the block keeps it: its line counted from the block's first line, so it moves with the block. */
export interface LocalSyntaxError {
  readonly message: string;
  readonly line: number;
  readonly character: number;
}

export class Block {
  private syntax: BlockIndex | undefined;
  private lines: LineIndex | undefined;

  constructor(
    /** Position among the document's blocks; 0 is the preamble. */
    readonly index: number,
    /** The block's source: whole lines, from its first header (the preamble: from the top). */
    readonly text: string,
    readonly startOffset: number,
    readonly startLine: number,
    /** How many line breaks `text` holds. */
    readonly lineBreaks: number,
    private readonly bounds: BlockBounds,
    /**
     * The block's TOML; undefined when it has a syntax error, or when it is a
     * sub-table away from its table that only a whole file, broken before it, could place.
     */
    readonly value: TomlTable | undefined,
    private readonly error: LocalSyntaxError | undefined,
  ) {}

  get syntaxError(): BlockSyntaxError | undefined {
    const e = this.error;
    return e && { message: e.message, position: { line: this.startLine + e.line, character: e.character } };
  }

  get kind(): BlockKind {
    const h = this.bounds.header;
    if (!h) return 'preamble';
    if (h.segments !== 1) return 'unknown';
    if (h.rootKey === 'commit' && !h.array) return 'commit';
    if (h.rootKey === 'sessions' && h.array) return 'session';
    if (h.rootKey === 'edits' && h.array) return 'edits';
    return 'unknown';
  }

  /** The top-level key the block's first header starts with (`sessions` for `[[sessions]]`); undefined for the preamble. */
  get rootKey(): string | undefined {
    return this.bounds.header?.rootKey;
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
    return this.indexed().root;
  }

  /** The block's headers in source order; the first opens the block. */
  get headers(): readonly Header[] {
    return this.indexed().headers;
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
    const p = this.lineIndex().positionAt(offset);
    return { line: p.line + this.startLine, character: p.character };
  }

  /** Block-relative offset of a document position (clamped to the block and to its line). */
  offsetAt(p: Position): number {
    if (p.line < this.startLine) return 0;
    return this.lineIndex().offsetAt({ line: p.line - this.startLine, character: p.character });
  }

  /** Block-relative offset where the line holding `offset` ends (before its line break). */
  lineEndAt(offset: number): number {
    const lines = this.lineIndex();
    return lines.lineEnd(lines.positionAt(offset).line);
  }

  /** The text of a block-relative span. */
  slice(span: Span): string {
    return this.text.slice(span.start, span.end);
  }

  private indexed(): BlockIndex {
    this.syntax ??= indexBlock(this.text);
    return this.syntax;
  }

  private lineIndex(): LineIndex {
    this.lines ??= new LineIndex(this.text);
    return this.lines;
  }
}
