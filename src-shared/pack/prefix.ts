// How much of a render a provider's prompt cache could still reuse after an
// edit: the start the committed render and the current one share, in UTF-8
// bytes and as a share of the current render, and where they first part,
// traced through the render's spans to the pack line that produced it.
// A character is never split: caches work on whole tokens, so bytes that
// two different characters happen to share (`é` and `è` both start 0xC3)
// do not count.

import type { BaselineComparison } from '../protocol/pack';
import { utf8Length } from '../text/utf8';
import type { RenderSpan } from './renderWriter';
import { formatCount } from './summary';

export interface CommonPrefix {
  /** UTF-16 units of the shared start (always on a character boundary). */
  readonly length: number;
  /** UTF-8 bytes of the shared start. */
  readonly bytes: number;
  /** UTF-8 bytes of the current render. */
  readonly total: number;
  /** `bytes / total`: 1 when the current render is empty (nothing to write again). */
  readonly share: number;
}

export function commonPrefix(baseline: string, current: string): CommonPrefix {
  const length = sharedLength(baseline, current);
  const bytes = utf8Length(current, 0, length);
  const total = utf8Length(current);
  return { length, bytes, total, share: total === 0 ? 1 : bytes / total };
}

/** Where the current render first differs from the committed one. */
export interface RenderDifference {
  /** 0-based line of the current render. */
  readonly line: number;
  /** UTF-16 column in that line. */
  readonly column: number;
  /** That line of the current render ('' when the render ends before it). */
  readonly text: string;
  /** The same line of the committed render ('' when it ends before it). */
  readonly headText: string;
  /** The pack section and 0-based source line that produced the current render there, when anything did. */
  readonly source?: { readonly section: string; readonly line: number };
}

/**
 * The spans of a render, or what gives them when they are costly: spans
 * that trace offset `at` as the whole render's spans would (a preview that
 * kept the provenance of its first pages only, and must otherwise render it again).
 */
export type SpansOf = readonly RenderSpan[] | ((at: number) => readonly RenderSpan[]);

/** `undefined` when the two renders are equal. */
export function firstDifference(baseline: string, current: string, spans: SpansOf): RenderDifference | undefined {
  if (baseline === current) return undefined;
  const at = sharedLength(baseline, current);
  const lineStart = current.lastIndexOf('\n', at - 1) + 1;
  let line = 0;
  for (let i = current.indexOf('\n'); i !== -1 && i < lineStart; i = current.indexOf('\n', i + 1)) line++;
  const span = spanNear(typeof spans === 'function' ? spans(at) : spans, at, lineEnd(current, lineStart));
  return {
    line,
    column: at - lineStart,
    text: current.slice(lineStart, lineEnd(current, lineStart)),
    headText: baseline.slice(lineStart, lineEnd(baseline, lineStart)),
    ...(span && { source: { section: span.section, line: span.sourceLine } }),
  };
}

/** Everything the preview says about a render against HEAD's, for one environment. */
export function compareRenders(
  head: { readonly version: string; readonly text: string },
  current: { readonly version: string; readonly text: string; readonly spans: SpansOf },
): BaselineComparison {
  const prefix = commonPrefix(head.text, current.text);
  const difference = firstDifference(head.text, current.text, current.spans);
  return {
    kind: 'compared',
    changed: difference !== undefined,
    headVersion: head.version,
    version: current.version,
    versionChanged: head.version !== current.version,
    commonBytes: prefix.bytes,
    share: prefix.share,
    headBytes: utf8Length(head.text),
    ...(difference && { firstDifference: difference }),
  };
}

/** A share as a percentage with one decimal, rounded down, so 100.0% means all of it: `57.4%`. */
export function formatShare(share: number): string {
  return `${(Math.floor(share * 1000) / 10).toFixed(1)}%`;
}

/** A render's size against the byte budget: `12,345 / 16,000 bytes`. */
export function formatBudget(bytes: number, budget: number): string {
  return `${formatCount(bytes)} / ${formatCount(budget)} bytes`;
}

function sharedLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  // Two characters that share a high surrogate are still different characters.
  if (i > 0 && i < Math.max(a.length, b.length) && isHighSurrogate(a.charCodeAt(i - 1))) i--;
  return i;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function lineEnd(text: string, start: number): number {
  const newline = text.indexOf('\n', start);
  return newline === -1 ? text.length : newline;
}

// The span that produced offset `at`; when none covers it (a line break, a
// blank line, text removed), the next one on the same line, else the last
// one before it: text removed sits right after what is left before it.
function spanNear(spans: readonly RenderSpan[], at: number, end: number): RenderSpan | undefined {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[mid]!.end <= at) lo = mid + 1;
    else hi = mid;
  }
  const next = spans[lo];
  const previous = lo > 0 ? spans[lo - 1] : undefined;
  if (next && next.start <= at) return next;
  if (next && next.start < end) return next;
  return previous ?? next;
}
