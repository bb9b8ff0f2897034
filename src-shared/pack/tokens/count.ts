// Counting a render's tokens in pieces, so a 20 MB render is counted in
// slices that give the event loop back, and an edit's shared prefix is
// found by encoding only around the first difference. Exact, not an
// estimate: both OpenAI encodings split text into pieces with a regular
// expression before merging bytes, and no piece crosses a line break that
// is followed by a character other than whitespace or `/` (the only
// patterns that take a line break end at it, or take more line breaks,
// whitespace or `/` after it). So the tokens of a text are the tokens of
// its parts cut at such offsets, laid end to end; the tests hold the
// library's whole-text count against this on every example and odd text.

import type { TokenEncoder } from './tokenizers';

/** Characters a slice aims at before it ends at the next cut. */
export const sliceChars = 1 << 16;

/** A line starts at `at`, and no tokenizer piece runs across it. */
export function isCut(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length || text.charCodeAt(at - 1) !== 0x0a) return false;
  const c = text.charCodeAt(at);
  return !(c === 0x2f || c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c || isOtherSpace(c));
}

// \s beyond ASCII: what the encodings' `\s` also matches.
function isOtherSpace(c: number): boolean {
  return c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** The first cut at or after `from`, else the end of the text. */
export function nextCut(text: string, from: number): number {
  for (let i = text.indexOf('\n', Math.max(0, from - 1)); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i + 1 >= from && isCut(text, i + 1)) return i + 1;
  }
  return text.length;
}

/** Where the render's text changes hands from one section (or fragment) to the next. */
export interface SectionStart {
  readonly start: number;
  readonly section: string;
}

export interface TokenTally {
  readonly total: number;
  /** Offsets where a slice starts (ascending, from 0), and the tokens before each. */
  readonly cuts: readonly number[];
  readonly before: readonly number[];
  /** Tokens per section or fragment, in the order each first renders; a section that starts where no cut is counts with the one before it. */
  readonly sections: readonly { readonly section: string; readonly tokens: number }[];
}

/**
 * Counts `text` slice by slice, yielding after each (the server gives the
 * event loop back there; `runToEnd` runs it through). `sections`, ascending,
 * attributes each slice to the section it starts in. `slice`: characters a
 * slice aims at (the tests cut at every cut with 1).
 */
export function* tallyTokens(text: string, encode: TokenEncoder, sections: readonly SectionStart[] = [], slice = sliceChars): Generator<void, TokenTally, void> {
  const cuts: number[] = [];
  const before: number[] = [];
  const bySection = new Map<string, number>();
  let total = 0;
  let k = 0;
  let at = 0;
  while (at < text.length) {
    while (k + 1 < sections.length && sections[k + 1]!.start <= at) k++;
    // A slice ends at the next section start that is a cut, or past `sliceChars` at a cut.
    let end = nextCut(text, at + slice);
    for (let j = k + 1; j < sections.length && sections[j]!.start < end; j++) {
      if (sections[j]!.start > at && isCut(text, sections[j]!.start)) {
        end = sections[j]!.start;
        break;
      }
    }
    const n = encode(text.slice(at, end)).length;
    cuts.push(at);
    before.push(total);
    total += n;
    const section = sections[k]?.section;
    if (section !== undefined && sections[k]!.start <= at) bySection.set(section, (bySection.get(section) ?? 0) + n);
    at = end;
    yield;
  }
  return { total, cuts, before, sections: [...bySection].map(([section, tokens]) => ({ section, tokens })) };
}

/** A generator run to its end, synchronously (the command line, tests). */
export function runToEnd<T>(g: Generator<void, T, void>): T {
  for (;;) {
    const step = g.next();
    if (step.done) return step.value;
  }
}

export function countTokens(text: string, encode: TokenEncoder): number {
  return runToEnd(tallyTokens(text, encode)).total;
}

/**
 * The tokens `current` shares with `baseline` from the start: the index of
 * the first token that differs (the length of the shorter when one render
 * starts the other). Only the text around the first different character is
 * encoded again; the tokens before it come from `tally`, `current`'s.
 */
export function sharedTokens(baseline: string, current: string, tally: TokenTally, encode: TokenEncoder): number {
  if (baseline === current) return tally.total;
  const d = sharedChars(baseline, current);
  // The last slice start before the difference: a cut in both texts, since they agree up to d.
  let i = 0;
  while (i + 1 < tally.cuts.length && tally.cuts[i + 1]! < d) i++;
  const from = tally.cuts.length === 0 || tally.cuts[i]! >= d ? 0 : tally.cuts[i]!;
  const tokensBefore = from === 0 ? 0 : tally.before[i]!;
  let endA = nextCut(baseline, d + 1);
  let endB = nextCut(current, d + 1);
  for (;;) {
    const a = encode(baseline.slice(from, endA));
    const b = encode(current.slice(from, endB));
    const n = Math.min(a.length, b.length);
    let j = 0;
    while (j < n && a[j] === b[j]) j++;
    if (j < n) return tokensBefore + j;
    // One piece's tokens start the other's: what follows the shorter decides.
    if (a.length < b.length && endA < baseline.length) endA = nextCut(baseline, endA + 1);
    else if (b.length < a.length && endB < current.length) endB = nextCut(current, endB + 1);
    else if (a.length === b.length && (endA < baseline.length || endB < current.length)) {
      endA = nextCut(baseline, endA + 1);
      endB = nextCut(current, endB + 1);
    } else return tokensBefore + j;
  }
}

/** UTF-16 units two texts share from the start. */
function sharedChars(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Where each run of spans from one section (or fragment) starts: what `tallyTokens` attributes slices by. */
export function sectionStarts(spans: readonly { readonly start: number; readonly section: string }[]): SectionStart[] {
  const starts: SectionStart[] = [];
  for (const s of spans) if (starts.at(-1)?.section !== s.section) starts.push({ start: s.start, section: s.section });
  return starts;
}
