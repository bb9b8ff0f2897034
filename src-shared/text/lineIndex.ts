// Offset <-> position conversion for one text, built once per document
// version. Lines end at "\n"; a "\r" before it belongs to the line break,
// so CRLF and LF files get the same positions for the same content.

import { finish, type Steps, unitsPerStep } from '../steps';
import { withRoomAt } from './offsets';
import type { Position, Range } from './range';

export class LineIndex {
  /** Offset of the first character of each line: 4 bytes a line (a 30 MB pack's half a million lines were as many array slots grown one push at a time). */
  private readonly starts: Uint32Array;

  constructor(
    readonly text: string,
    starts: Uint32Array = finish(lineStartsInSteps(text)),
  ) {
    this.starts = starts;
  }

  /** The index of a large text built in steps, for a server that must answer other requests meanwhile. */
  static *inSteps(text: string): Steps<LineIndex> {
    return new LineIndex(text, yield* lineStartsInSteps(text));
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** Offset where `line` starts (clamped to the text). */
  lineStart(line: number): number {
    if (line <= 0) return 0;
    if (line >= this.starts.length) return this.text.length;
    return this.starts[line]!;
  }

  /** Offset just past the line's content, before its "\r\n" or "\n". */
  lineEnd(line: number): number {
    if (line < 0) return 0;
    if (line >= this.starts.length) return this.text.length;
    let end = line + 1 < this.starts.length ? this.starts[line + 1]! - 1 : this.text.length;
    if (end > this.starts[line]! && this.text.charCodeAt(end - 1) === 13 && line + 1 < this.starts.length) end--;
    return end;
  }

  /** The line's content without its line break. */
  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }

  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.starts[lo]! };
  }

  offsetAt(p: Position): number {
    if (p.line >= this.starts.length) return this.text.length;
    if (p.line < 0) return 0;
    const start = this.starts[p.line]!;
    return Math.min(start + Math.max(0, p.character), this.lineEnd(p.line));
  }

  rangeOf(startOffset: number, endOffset: number): Range {
    return { start: this.positionAt(startOffset), end: this.positionAt(endOffset) };
  }

  /** The whole of one line's content. */
  lineRange(line: number): Range {
    return { start: { line, character: 0 }, end: { line, character: this.lineEnd(line) - this.lineStart(line) } };
  }
}

/** Where each line starts, in an array grown by doubling and cut to size, yielding every `unitsPerStep` × 16 lines (finding a line break is the cheapest work there is). */
function* lineStartsInSteps(text: string): Steps<Uint32Array> {
  let starts = new Uint32Array(16);
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    starts = withRoomAt(starts, n);
    starts[n++] = i + 1;
    if (n % (unitsPerStep * 16) === 0) yield;
  }
  return starts.slice(0, n);
}
