// The edits that turn one text into another, line by line and small: a
// formatter that sends only the lines it changed keeps the cursor, the
// selection and undo where the user had them. Lines that occur once in both
// texts anchor the match (patience diff), gaps between anchors are matched
// exactly when small and replaced whole when not, so a large file costs
// O(n log n) whatever changed.

import { LineIndex } from './lineIndex';
import type { TextEdit } from './textEdit';

/** Gaps with at most this many line pairs are matched exactly (dynamic programming). */
const exactLimit = 40_000;

interface Hunk {
  /** Lines `[aStart, aEnd)` of the old text become lines `[bStart, bEnd)` of the new one. */
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

/** Non-overlapping edits, in order, that turn `before` into `after`; none if they are equal. */
export function lineEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const a = splitLines(before);
  const b = splitLines(after);
  const hunks = merge(diff(a, b));
  const starts = [0];
  for (const line of a) starts.push(starts[starts.length - 1]! + line.length);
  const index = new LineIndex(before);
  return hunks.map((h) => ({
    range: { start: index.positionAt(starts[h.aStart]!), end: index.positionAt(starts[h.aEnd]!) },
    newText: b.slice(h.bStart, h.bEnd).join(''),
  }));
}

/** Lines with their terminators, so joining them gives the text back. */
function splitLines(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const nl = text.indexOf('\n', at);
    const end = nl === -1 ? text.length : nl + 1;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

function diff(a: readonly string[], b: readonly string[]): Hunk[] {
  const hunks: Hunk[] = [];
  const work: Hunk[] = [{ aStart: 0, aEnd: a.length, bStart: 0, bEnd: b.length }];
  while (work.length > 0) {
    let { aStart, aEnd, bStart, bEnd } = work.pop()!;
    while (aStart < aEnd && bStart < bEnd && a[aStart] === b[bStart]) {
      aStart++;
      bStart++;
    }
    while (aStart < aEnd && bStart < bEnd && a[aEnd - 1] === b[bEnd - 1]) {
      aEnd--;
      bEnd--;
    }
    if (aStart === aEnd || bStart === bEnd) {
      if (aStart !== aEnd || bStart !== bEnd) hunks.push({ aStart, aEnd, bStart, bEnd });
      continue;
    }
    const anchors = uniqueAnchors(a, b, aStart, aEnd, bStart, bEnd);
    if (anchors.length === 0) {
      hunks.push(...((aEnd - aStart) * (bEnd - bStart) <= exactLimit ? exact(a, b, aStart, aEnd, bStart, bEnd) : [{ aStart, aEnd, bStart, bEnd }]));
      continue;
    }
    let ai = aStart;
    let bi = bStart;
    for (const [x, y] of anchors) {
      work.push({ aStart: ai, aEnd: x, bStart: bi, bEnd: y });
      ai = x + 1;
      bi = y + 1;
    }
    work.push({ aStart: ai, aEnd, bStart: bi, bEnd });
  }
  return hunks.sort((p, q) => p.aStart - q.aStart || p.bStart - q.bStart);
}

/** Pairs of line numbers of lines that occur exactly once on each side, longest increasing run of them (patience sorting). */
function uniqueAnchors(a: readonly string[], b: readonly string[], aStart: number, aEnd: number, bStart: number, bEnd: number): [number, number][] {
  const countA = new Map<string, number>();
  for (let i = aStart; i < aEnd; i++) countA.set(a[i]!, countA.get(a[i]!) === undefined ? i : -1);
  const countB = new Map<string, number>();
  for (let j = bStart; j < bEnd; j++) countB.set(b[j]!, countB.get(b[j]!) === undefined ? j : -1);
  const pairs: [number, number][] = [];
  for (let j = bStart; j < bEnd; j++) {
    const i = countA.get(b[j]!);
    if (i !== undefined && i >= 0 && countB.get(b[j]!) === j) pairs.push([i, j]);
  }
  // Pairs are in b order; keep the longest run increasing in a.
  const tails: number[] = [];
  const previous: number[] = [];
  pairs.forEach(([i], k) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![0] < i) lo = mid + 1;
      else hi = mid;
    }
    previous[k] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = k;
  });
  const run: [number, number][] = [];
  for (let k = tails.length > 0 ? tails[tails.length - 1]! : -1; k >= 0; k = previous[k]!) run.push(pairs[k]!);
  return run.reverse();
}

/** A longest common subsequence of two small ranges of lines, as hunks. */
function exact(a: readonly string[], b: readonly string[], aStart: number, aEnd: number, bStart: number, bEnd: number): Hunk[] {
  const n = aEnd - aStart;
  const m = bEnd - bStart;
  const table: Uint32Array[] = [];
  for (let i = 0; i <= n; i++) table.push(new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] = a[aStart + i] === b[bStart + j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: Hunk | undefined;
  const flush = (): void => {
    if (open) hunks.push(open);
    open = undefined;
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[aStart + i] === b[bStart + j]) {
      flush();
      i++;
      j++;
      continue;
    }
    open ??= { aStart: aStart + i, aEnd: aStart + i, bStart: bStart + j, bEnd: bStart + j };
    if (j < m && (i === n || table[i]![j + 1]! >= table[i + 1]![j]!)) open.bEnd = bStart + ++j;
    else open.aEnd = aStart + ++i;
  }
  flush();
  return hunks;
}

/** Hunks that touch become one edit. */
function merge(hunks: readonly Hunk[]): Hunk[] {
  const out: Hunk[] = [];
  for (const h of hunks) {
    const last = out[out.length - 1];
    if (last && last.aEnd === h.aStart && last.bEnd === h.bStart) {
      last.aEnd = h.aEnd;
      last.bEnd = h.bEnd;
    } else out.push({ ...h });
  }
  return out;
}
