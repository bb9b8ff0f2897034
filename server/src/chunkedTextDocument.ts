// The server's text documents: the text kept in chunks of whole lines, so
// an edit rebuilds one chunk instead of the whole string. The library's
// FullTextDocument concatenates the whole text on every edit and the next
// edit's `substring` flattens that concatenation: about 50 ms per keystroke
// in a 60 MB file before anything is validated. Positions follow
// FullTextDocument exactly ("\r\n", "\r" and "\n" end a line; a position
// past the end of a line stops before its line break). Each document also
// remembers the edits of its recent versions as offset changes, so the
// model of an older version can be brought up to date without comparing
// texts.

import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { TextDocumentsConfiguration } from 'vscode-languageserver';
import type { TextChange } from '../../src-shared/prompts/toml/incremental';
import type { Steps } from '../../src-shared/steps';
import { countAtOrBelow, lastAtOrBefore, withRoomAt } from '../../src-shared/text/offsets';

/** Chunks are cut at the first line break past this many characters. */
const defaultChunkSize = 1 << 14;

/** Chunks whose line breaks are counted between two yields (about 1 MB of text). */
const chunksPerStep = 64;

/** How many versions back, and how many inserted characters in all, the change history reaches. */
const historyVersions = 1024;
const historyCharacters = 1 << 20;

const LF = 10;
const CR = 13;

interface HistoryEntry {
  readonly from: number;
  readonly to: number;
  readonly changes: readonly TextChange[];
  readonly characters: number;
}

export class ChunkedTextDocument implements TextDocument {
  /** Consecutive pieces of the text; each but the last ends with "\n". */
  private chunks: string[] = [];
  /** Per chunk, the offsets (in the chunk) just after each of its line breaks; built on first use. */
  private breaks: (Int32Array | undefined)[] = [];
  /** Per chunk (and one past the last), its offset in the text; rebuilt after an edit on first use. */
  private starts: number[] | undefined;
  /** Per chunk (and one past the last), the line it starts on. */
  private firstLines: number[] | undefined;
  /** The whole text, joined on first use. */
  private whole: string | undefined;
  private history: HistoryEntry[] = [];
  private historyChars = 0;
  /** How long the last `update` took, in milliseconds. */
  lastUpdateMs = 0;
  /** Characters of chunks rebuilt since the document opened: the work edits cost (the tests bound it). */
  rebuiltCharacters = 0;
  /** Characters of chunks whose line breaks were counted since the document opened (the tests bound when that happens). */
  countedCharacters = 0;
  /** When the document was opened or last changed (`performance.now()`). */
  changedAt = performance.now();

  constructor(
    readonly uri: string,
    readonly languageId: string,
    private currentVersion: number,
    content: string,
    private readonly chunkSize = defaultChunkSize,
  ) {
    this.reset(content);
  }

  get version(): number {
    return this.currentVersion;
  }

  /** The text's length in characters, known without counting a line. */
  get length(): number {
    return this.chunkStarts()[this.chunks.length]!;
  }

  /**
   * Counts the line breaks of every chunk not counted yet, yielding after
   * each `chunksPerStep` of them: the line table a position needs, built in
   * slices ahead of the first request (a 60 MB file's took about 200 ms in
   * one piece, which the first hover after the open waited for).
   */
  *indexLinesInSteps(): Steps<void> {
    for (let i = 0; i < this.chunks.length; i++) {
      if (this.breaks[i]) continue;
      this.breaksOf(i);
      if (i % chunksPerStep === chunksPerStep - 1) yield;
    }
    this.lineTable();
  }

  get lineCount(): number {
    return this.lineTable().firstLines[this.chunks.length]! + 1;
  }

  getText(range?: Range): string {
    if (!range) {
      this.whole ??= this.joined();
      return this.whole;
    }
    return this.textBetween(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  positionAt(offset: number): Position {
    const { starts, firstLines } = this.lineTable();
    const o = Math.max(0, Math.min(offset, starts[this.chunks.length]!));
    const i = lastAtOrBefore(starts, o, this.chunks.length - 1);
    const breaks = this.breaksOf(i);
    const k = lastAtOrBefore(breaks, o - starts[i]!, breaks.length - 1);
    const line = firstLines[i]! + k + 1;
    const lineStart = k < 0 ? starts[i]! : starts[i]! + breaks[k]!;
    return { line, character: this.beforeLineBreak(o, lineStart) - lineStart };
  }

  offsetAt(position: Position): number {
    const { starts } = this.lineTable();
    const lines = this.lineCount;
    if (position.line >= lines) return starts[this.chunks.length]!;
    if (position.line < 0) return 0;
    const lineStart = this.lineStart(position.line);
    if (position.character <= 0) return lineStart;
    const nextLineStart = position.line + 1 < lines ? this.lineStart(position.line + 1) : starts[this.chunks.length]!;
    return this.beforeLineBreak(Math.min(lineStart + position.character, nextLineStart), lineStart);
  }

  /** The changes that lead from `version` to the current one, in order; undefined when they are no longer known. */
  changesSince(version: number): TextChange[] | undefined {
    if (version === this.currentVersion) return [];
    const first = this.history.findIndex((e) => e.from === version);
    if (first === -1) return undefined;
    const changes: TextChange[] = [];
    let at = version;
    for (const entry of this.history.slice(first)) {
      if (entry.from !== at) return undefined;
      // One by one: a replace-all sends 150,000 changes in one event, too many arguments for push(...).
      for (const c of entry.changes) changes.push(c);
      at = entry.to;
    }
    return at === this.currentVersion ? changes : undefined;
  }

  /** Applies LSP content changes (each relative to the text the previous one left) and moves to `version`. */
  update(events: readonly TextDocumentContentChangeEvent[], version: number): void {
    const began = performance.now();
    const changes: TextChange[] = [];
    let known = true;
    for (let k = 0; k < events.length; ) {
      const event = events[k]!;
      if (!('range' in event && event.range)) {
        this.reset(event.text);
        known = false;
        k++;
        continue;
      }
      const run = this.descendingRun(events, k);
      if (run.length > 1 && this.cheaperAtOnce(run)) this.replaceAll(run);
      else for (const change of run) this.replace(change);
      for (const change of run) changes.push(change);
      k += run.length;
    }
    this.remember(known ? changes : undefined, version);
    this.currentVersion = version;
    this.changedAt = performance.now();
    this.lastUpdateMs = this.changedAt - began;
  }

  /**
   * The ranged changes from `k` on, as offsets, while each ends at or
   * before the start of the one before it: the order VS Code sends a
   * multi-cursor edit or a replace-all in. Each then leaves the text before
   * it as it was, so all of them are offsets into the text they began
   * with. A position past its line's end (clamped) or one next to a
   * carriage return an earlier change may pair with a line feed ends the run.
   */
  private descendingRun(events: readonly TextDocumentContentChangeEvent[], k: number): TextChange[] {
    const run: TextChange[] = [];
    for (let n = k; n < events.length; n++) {
      const event = events[n]!;
      if (!('range' in event && event.range)) break;
      const [from, to] = ordered(event.range);
      const change = { start: this.offsetAt(from), end: this.offsetAt(to), text: event.text };
      const previous = run[run.length - 1];
      if (previous && !(change.end <= previous.start && this.exact(from, change.start) && this.exact(to, change.end) && !this.besideCarriageReturn(previous, change))) break;
      run.push(change);
    }
    return run;
  }

  /** `p` names `offset` as it is, not clamped to its line. */
  private exact(p: Position, offset: number): boolean {
    const q = this.positionAt(offset);
    return q.line === p.line && q.character === p.character;
  }

  /**
   * `change` ends where `previous` starts, just after a carriage return:
   * `previous` may put a line feed beside it (inserted, or brought next to
   * it by a deletion), making the two one line break and moving the
   * position `change` was counted at.
   */
  private besideCarriageReturn(previous: TextChange, change: TextChange): boolean {
    return change.end === previous.start && previous.start > 0 && this.textBetween(previous.start - 1, previous.start) === '\r';
  }

  /**
   * Whether one rebuild of the chunks a run spans costs less than a
   * replacement per change (each copies its chunk): 150,000 changes in one
   * long line would copy that line 150,000 times.
   */
  private cheaperAtOnce(run: readonly TextChange[]): boolean {
    const starts = this.chunkStarts();
    const last = this.chunks.length - 1;
    const first = lastAtOrBefore(starts, run[run.length - 1]!.start, last);
    const end = lastAtOrBefore(starts, run[0]!.end, last);
    const span = starts[end + 1]! - starts[first]!;
    let copied = 0;
    for (const c of run) {
      copied += this.chunks[lastAtOrBefore(starts, c.start, last)]!.length;
      if (copied > span) return true;
    }
    return false;
  }

  /** A descending run applied in one pass over the chunks it spans. */
  private replaceAll(run: readonly TextChange[]): void {
    const { i, j, local, base } = this.spanOf(run[run.length - 1]!.start, run[0]!.end);
    const parts: string[] = [];
    let at = 0;
    // Ascending: the last change of the run is the first in the text (at one offset, the later insertion comes first).
    for (let n = run.length - 1; n >= 0; n--) {
      const c = run[n]!;
      parts.push(local.slice(at, c.start - base), c.text);
      at = c.end - base;
    }
    parts.push(local.slice(at));
    this.splice(i, j, parts.join(''));
  }

  private reset(text: string): void {
    this.chunks = splitIntoChunks(text, this.chunkSize);
    this.breaks = this.chunks.map(() => undefined);
    this.starts = undefined;
    this.firstLines = undefined;
    this.whole = text;
  }

  private remember(changes: readonly TextChange[] | undefined, to: number): void {
    if (!changes) {
      this.history = [];
      this.historyChars = 0;
      return;
    }
    const characters = changes.reduce((n, c) => n + c.text.length, 0);
    this.history.push({ from: this.currentVersion, to, changes, characters });
    this.historyChars += characters;
    while (this.history.length > historyVersions || (this.historyChars > historyCharacters && this.history.length > 0)) {
      this.historyChars -= this.history.shift()!.characters;
    }
  }

  private replace(change: TextChange): void {
    const { i, j, local, base } = this.spanOf(change.start, change.end);
    const text = local.slice(0, change.start - base) + change.text + local.slice(change.end - base);
    this.splice(i, j, text, i === j ? (chunk) => this.replacedInPlace(i, change, change.start - base, chunk) : undefined);
  }

  /** The chunks `i` to `j` that hold the offsets `start` to `end`, their text, and the offset `base` it starts at. */
  private spanOf(start: number, end: number): { i: number; j: number; local: string; base: number } {
    const starts = this.chunkStarts();
    const last = this.chunks.length - 1;
    const i = lastAtOrBefore(starts, start, last);
    let j = i;
    while (j < last && starts[j + 1]! < end) j++;
    return { i, j, local: i === j ? this.chunks[i]! : this.chunks.slice(i, j + 1).join(''), base: starts[i]! };
  }

  /** Chunks `i` to `j` replaced by `text`, cut again into chunks; `inPlace` may take a one-chunk result without rebuilding the tables. */
  private splice(i: number, j: number, text: string, inPlace?: (chunk: string) => boolean): void {
    const last = this.chunks.length - 1;
    this.rebuiltCharacters += text.length;
    // Keep every chunk but the last ending with a line break, so no chunk starts inside a line.
    while (j < last && !text.endsWith('\n')) text += this.chunks[++j]!;
    const pieces = text.length > 2 * this.chunkSize ? splitIntoChunks(text, this.chunkSize) : [text];
    const kept = pieces.filter((p) => p.length > 0);
    const replacement = kept.length > 0 || this.chunks.length > j - i + 1 ? kept : [''];
    if (inPlace && replacement.length === 1 && j === i && inPlace(replacement[0]!)) return;
    this.chunks.splice(i, j - i + 1, ...replacement);
    this.breaks.splice(i, j - i + 1, ...replacement.map(() => undefined));
    this.starts = undefined;
    this.firstLines = undefined;
    this.whole = undefined;
  }

  /**
   * One chunk replaced by one: its line breaks and the chunk table moved by
   * what the change added, instead of counted again (a keystroke in a
   * 16 KB chunk would otherwise scan it twice, and a burst of them the
   * same chunks a thousand times). Declined (false) when a carriage return
   * is near the change, which may pair with a line feed across it.
   */
  private replacedInPlace(i: number, change: TextChange, localStart: number, chunk: string): boolean {
    const old = this.chunks[i]!;
    const localEnd = change.end - (change.start - localStart);
    if (change.text.includes('\r') || old.charCodeAt(localStart - 1) === CR || old.slice(localStart, localEnd).includes('\r')) return false;
    const delta = change.text.length - (localEnd - localStart);
    const before = this.breaks[i];
    let lineDelta: number | undefined;
    if (before) {
      const inserted = lineBreaksOf(change.text);
      const keptBefore = countAtOrBelow(before, localStart);
      const firstAfter = countAtOrBelow(before, localEnd);
      const after = new Int32Array(keptBefore + inserted.length + before.length - firstAfter);
      after.set(before.subarray(0, keptBefore));
      for (let k = 0; k < inserted.length; k++) after[keptBefore + k] = inserted[k]! + localStart;
      for (let k = firstAfter, at = keptBefore + inserted.length; k < before.length; k++, at++) after[at] = before[k]! + delta;
      this.breaks[i] = after;
      lineDelta = after.length - before.length;
    }
    this.chunks[i] = chunk;
    if (this.starts) for (let k = i + 1; k < this.starts.length; k++) this.starts[k]! += delta;
    if (this.firstLines && lineDelta !== undefined) for (let k = i + 1; k < this.firstLines.length; k++) this.firstLines[k]! += lineDelta;
    else this.firstLines = undefined;
    this.whole = undefined;
    return true;
  }

  /** The text joined; the chunks are re-cut from it, so they and it share one copy. */
  private joined(): string {
    const text = this.chunks.join('');
    const starts = this.chunkStarts();
    this.chunks = this.chunks.map((_, i) => text.slice(starts[i], starts[i + 1]));
    return text;
  }

  /** The text between two offsets (no line table needed). */
  textBetween(start: number, end: number): string {
    if (this.whole !== undefined) return this.whole.substring(start, end);
    const starts = this.chunkStarts();
    const last = this.chunks.length - 1;
    const i = lastAtOrBefore(starts, start, last);
    const parts: string[] = [];
    for (let k = i; k <= last && starts[k]! < end; k++) {
      parts.push(this.chunks[k]!.substring(Math.max(0, start - starts[k]!), end - starts[k]!));
    }
    return parts.join('');
  }

  private chunkStarts(): number[] {
    if (!this.starts) {
      const starts = [0];
      for (const c of this.chunks) starts.push(starts[starts.length - 1]! + c.length);
      this.starts = starts;
    }
    return this.starts;
  }

  private lineTable(): { starts: number[]; firstLines: number[] } {
    const starts = this.chunkStarts();
    if (!this.firstLines) {
      const firstLines = [0];
      for (let i = 0; i < this.chunks.length; i++) firstLines.push(firstLines[i]! + this.breaksOf(i).length);
      this.firstLines = firstLines;
    }
    return { starts, firstLines: this.firstLines };
  }

  private breaksOf(i: number): Int32Array {
    let b = this.breaks[i];
    if (!b) {
      this.breaks[i] = b = lineBreaksOf(this.chunks[i]!);
      this.countedCharacters += this.chunks[i]!.length;
    }
    return b;
  }

  private lineStart(line: number): number {
    const { starts, firstLines } = this.lineTable();
    const i = lastAtOrBefore(firstLines, line, this.chunks.length - 1);
    const k = line - firstLines[i]!;
    return k === 0 ? starts[i]! : starts[i]! + this.breaksOf(i)[k - 1]!;
  }

  private charCodeAt(offset: number): number {
    const starts = this.chunkStarts();
    const i = lastAtOrBefore(starts, offset, this.chunks.length - 1);
    return this.chunks[i]!.charCodeAt(offset - starts[i]!);
  }

  /** `offset` moved back before any line break characters that precede it on its line. */
  private beforeLineBreak(offset: number, lineStart: number): number {
    let o = offset;
    while (o > lineStart && isLineBreak(this.charCodeAt(o - 1))) o--;
    return o;
  }
}

/** A document's length in characters; a chunked one's without counting its lines. */
export function textLengthOf(document: TextDocument): number {
  return document instanceof ChunkedTextDocument ? document.length : document.offsetAt({ line: document.lineCount, character: 0 });
}

/** A document's text from offset 0 to `end`; a chunked one's without counting its lines. */
export function textHead(document: TextDocument, end: number): string {
  return document instanceof ChunkedTextDocument ? document.textBetween(0, end) : document.getText({ start: { line: 0, character: 0 }, end: document.positionAt(end) });
}

/** The configuration `TextDocuments` builds and updates its documents with. */
export const chunkedDocuments: TextDocumentsConfiguration<ChunkedTextDocument> = {
  create: (uri, languageId, version, content) => new ChunkedTextDocument(uri, languageId, version, content),
  update: (document, changes, version) => {
    document.update(changes, version);
    return document;
  },
};

function splitIntoChunks(text: string, chunkSize: number): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (text.length - start > chunkSize) {
    const nl = text.indexOf('\n', start + chunkSize - 1);
    if (nl === -1 || nl === text.length - 1) break;
    chunks.push(text.slice(start, nl + 1));
    start = nl + 1;
  }
  chunks.push(text.slice(start));
  return chunks;
}

/** What a chunk's line breaks are collected in (above the lines of a chunk), and the most it is kept at between two texts. */
const collectedLength = 1024;
const maxCollected = 1 << 16;
let collected = new Int32Array(collectedLength);

/**
 * Offsets just after each line break of `text`: "\r\n" is one break, a lone
 * "\r" or "\n" another. One pass into an array every text shares (grown by
 * doubling), then copied out at its size: a 60 MB open's 3,700 chunks each
 * grew an array of their own from 16 slots, seven allocations a chunk.
 * A text without "\r" (most) is searched with `indexOf`.
 */
function lineBreaksOf(text: string): Int32Array {
  let n = 0;
  const add = (after: number): void => {
    collected = withRoomAt(collected, n);
    collected[n++] = after;
  };
  if (text.indexOf('\r') === -1) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) add(i + 1);
  } else {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === CR) {
        if (text.charCodeAt(i + 1) === LF) i++;
        add(i + 1);
      } else if (c === LF) add(i + 1);
    }
  }
  const breaks = collected.slice(0, n);
  // A text of many lines (a paste) leaves no large array behind.
  if (collected.length > maxCollected) collected = new Int32Array(collectedLength);
  return breaks;
}

function isLineBreak(c: number): boolean {
  return c === CR || c === LF;
}

function ordered(range: Range): [Position, Position] {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? [end, start] : [start, end];
}
