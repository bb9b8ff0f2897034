// The back half of rendering, as one streaming writer: it receives the
// substituted text of each section in pieces tagged with where they came
// from, and applies A.5's layout on the fly: each section trimmed at its
// start and dropped when empty, sections separated by a blank line, every
// line stripped of trailing whitespace, runs of blank lines collapsed and
// blank lines at both ends dropped. A section's trailing whitespace needs
// no trim of its own: it is either trailing whitespace on its last line or
// blank lines, which the line rules remove the same way.
//
// With `detailed` set it also records, for every piece of output, the
// source line it came from (up to `spansBefore`, when the caller shows only
// the start of a huge render); without it, the same code runs minus the
// bookkeeping, so the plain and detailed renders cannot disagree.

import { skipWhitespace, skipWhitespaceBack } from './whitespace';

/**
 * The longest output a render produces, in UTF-16 units. Fragments can be
 * selected many times, so output can grow with the square of the input; far
 * past any model's context (32 Mi characters) the writer stops, so render
 * stays total instead of exhausting memory, and says it did (`overflow`).
 */
export const maxRenderLength = 1 << 25;

/** Pieces this long go into the output rope as they are; shorter ones are grouped up to `shortGroup` characters. */
const longPiece = 64;
const shortGroup = 1024;

/** A stretch of rendered text and the pack line it came from. */
export interface RenderSpan {
  /** UTF-16 offset in the rendered text. */
  readonly start: number;
  readonly end: number;
  /** The section or fragment whose body produced it. */
  readonly section: string;
  /** 0-based line in the pack source. */
  readonly sourceLine: number;
}

/** Where substituted text goes: the writer, or a recorder that replays into it later. */
export interface RenderSink {
  /** The sink takes no more text: replaying into it can stop. */
  readonly full: boolean;
  /** `text[start, end)`, which came from `section`'s source line `sourceLine`; never holds a newline (those are `lineBreak`s). */
  text(text: string, start: number, end: number, section: string, sourceLine: number): void;
  lineBreak(): void;
}

export class RenderWriter implements RenderSink {
  // Output so far, built by concatenation: V8 keeps it as a rope of the pieces and copies it once, when
  // it is first read (joining arrays of pieces copied everything twice and left as much again as garbage).
  // Short pieces are gathered first and flattened in groups, so the rope has a node per 64 characters at
  // most, however small the pieces of a hostile pack.
  private out = '';
  private short = '';
  private length = 0;
  // The last piece, still open: a piece that continues it in the same source (the rest of a body line,
  // the body's own line break, the next line) extends it, so a run of body lines costs one slice.
  private runText: string | undefined;
  private runStart = 0;
  private runEnd = 0;
  /** Output reached `maxRenderLength` and was cut there; everything after is ignored. */
  overflow = false;
  readonly spans: RenderSpan[] | undefined;
  readonly droppedSections: string[] = [];

  // The line being assembled, as parallel arrays reused from line to line.
  private readonly pieceText: string[] = [];
  private readonly pieceStart: number[] = [];
  private readonly pieceEnd: number[] = [];
  private readonly pieceSection: string[] = [];
  private readonly pieceLine: number[] = [];
  private pieces = 0;

  private wroteAny = false;
  private blankPending = false;
  private sectionName = '';
  private sectionStarted = false;
  private anySectionStarted = false;

  constructor(
    readonly detailed: boolean,
    /** Spans are recorded only for output that starts before this offset; the text, and all else, is whole. */
    private readonly spansBefore = Infinity,
  ) {
    this.spans = detailed ? [] : undefined;
  }

  beginSection(name: string): void {
    this.sectionName = name;
    this.sectionStarted = false;
  }

  endSection(): void {
    if (!this.sectionStarted && this.detailed) this.droppedSections.push(this.sectionName);
  }

  get full(): boolean {
    return this.overflow;
  }

  text(text: string, start: number, end: number, section: string, sourceLine: number): void {
    if (this.overflow) return;
    if (!this.sectionStarted) {
      start = skipWhitespace(text, start, end);
      if (start === end) return;
      this.sectionStarted = true;
      if (this.anySectionStarted) {
        this.endLine();
        this.endLine();
      }
      this.anySectionStarted = true;
    }
    this.addPiece(text, start, end, section, sourceLine);
  }

  lineBreak(): void {
    if (this.sectionStarted && !this.overflow) this.endLine();
  }

  finish(): string {
    this.endLine();
    this.closeRun();
    this.flushShort();
    return this.out;
  }

  private addPiece(text: string, start: number, end: number, section: string, sourceLine: number): void {
    if (start === end) return;
    const i = this.pieces++;
    this.pieceText[i] = text;
    this.pieceStart[i] = start;
    this.pieceEnd[i] = end;
    this.pieceSection[i] = section;
    this.pieceLine[i] = sourceLine;
  }

  private endLine(): void {
    let n = this.pieces;
    this.pieces = 0;
    // Strip trailing whitespace, which may span pieces.
    while (n > 0) {
      const i = n - 1;
      const end = skipWhitespaceBack(this.pieceText[i]!, this.pieceStart[i]!, this.pieceEnd[i]!);
      if (end > this.pieceStart[i]!) {
        this.pieceEnd[i] = end;
        break;
      }
      n--;
    }
    if (n === 0) {
      if (this.wroteAny) this.blankPending = true;
      return;
    }
    if (this.wroteAny) this.lineBreaks(this.blankPending ? 2 : 1);
    this.blankPending = false;
    this.wroteAny = true;
    for (let i = 0; i < n && !this.overflow; i++) {
      const at = this.length;
      this.emit(this.pieceText[i]!, this.pieceStart[i]!, this.pieceEnd[i]!);
      if (this.spans && this.length > at && at < this.spansBefore) this.span(at, this.length, this.pieceSection[i]!, this.pieceLine[i]!);
    }
  }

  /** `n` line breaks: the source's own when the open piece is followed by exactly those, so the piece runs on. */
  private lineBreaks(n: 1 | 2): void {
    const t = this.runText;
    const own = t !== undefined && t.charCodeAt(this.runEnd) === 10 && (n === 1 || t.charCodeAt(this.runEnd + 1) === 10);
    if (own) this.emit(t, this.runEnd, this.runEnd + n);
    else this.emit(n === 2 ? '\n\n' : '\n', 0, n);
  }

  private emit(text: string, start: number, end: number): void {
    if (this.overflow) return;
    if (this.length + end - start > maxRenderLength) {
      end = start + maxRenderLength - this.length;
      // Never keep half of a surrogate pair.
      if (end > start && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
      this.overflow = true;
    }
    this.length += end - start;
    if (text === this.runText && start === this.runEnd) {
      this.runEnd = end;
      return;
    }
    this.closeRun();
    this.runText = text;
    this.runStart = start;
    this.runEnd = end;
  }

  private closeRun(): void {
    const text = this.runText;
    if (text === undefined) return;
    this.runText = undefined;
    const piece = this.runStart === 0 && this.runEnd === text.length ? text : text.slice(this.runStart, this.runEnd);
    if (piece.length >= longPiece) {
      this.flushShort();
      this.out += piece;
    } else {
      this.short += piece;
      if (this.short.length >= shortGroup) this.flushShort();
    }
  }

  private flushShort(): void {
    if (this.short === '') return;
    // Reading a character flattens the group in place: the rope keeps one node for it.
    this.short.charCodeAt(0);
    this.out += this.short;
    this.short = '';
  }

  private span(start: number, end: number, section: string, sourceLine: number): void {
    const spans = this.spans!;
    const last = spans[spans.length - 1];
    if (last && last.end === start && last.section === section && last.sourceLine === sourceLine) {
      spans[spans.length - 1] = { start: last.start, end, section, sourceLine };
    } else {
      spans.push({ start, end, section, sourceLine });
    }
  }
}

/** Collects pieces to replay into another sink: a fragment expanded once, inserted wherever it is selected. */
export class RenderRecording implements RenderSink {
  private readonly ops: Array<string | number> = [];
  /** Characters recorded, newlines included: zero means the expansion rendered the empty string. */
  size = 0;
  readonly full = false;

  text(text: string, start: number, end: number, section: string, sourceLine: number): void {
    if (start === end) return;
    this.ops.push(text, start, end, section, sourceLine);
    this.size += end - start;
  }

  lineBreak(): void {
    this.ops.push(0);
    this.size += 1;
  }

  replay(sink: RenderSink): void {
    const ops = this.ops;
    for (let i = 0; i < ops.length && !sink.full; ) {
      if (typeof ops[i] === 'number') {
        sink.lineBreak();
        i += 1;
      } else {
        sink.text(ops[i] as string, ops[i + 1] as number, ops[i + 2] as number, ops[i + 3] as string, ops[i + 4] as number);
        i += 5;
      }
    }
  }
}
