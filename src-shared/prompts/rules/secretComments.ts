// Comments, for the secret check: a comment ships with the file, so the
// text of every comment is scanned too, consecutive comment lines as one
// text (a private key pasted as `# ` lines is one finding). And the allow
// comments that silence one finding in place, in the words the scanners
// use: `gitleaks:allow` or `secretlint-disable-line` after the value (on
// its last line), `secretlint-disable-next-line` on the line above it;
// `packs:allow-secret` works in either place.

import type { Span, TableNode, ValueNode } from '../toml/syntaxTree';

/** The text after each `#` of a block up to its line's end, joined with line breaks. */
export interface CommentText {
  readonly joined: string;
  /** For each piece: where it starts in the block's text, and in `joined`. */
  readonly sourceStarts: readonly number[];
  readonly joinedStarts: readonly number[];
}

/**
 * The text after every `#` in `text` (each up to its line end), joined
 * with line breaks; undefined when there is none. Some of these `#` may
 * sit inside strings: the caller keeps only matches that `outsideQuoted` confirms.
 */
export function commentText(text: string): CommentText | undefined {
  let hash = text.indexOf('#');
  if (hash === -1) return undefined;
  const parts: string[] = [];
  const sourceStarts: number[] = [];
  const joinedStarts: number[] = [];
  let length = 0;
  while (hash !== -1) {
    let end = text.indexOf('\n', hash);
    if (end === -1) end = text.length;
    const lineEnd = end > hash && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    parts.push(text.slice(hash + 1, lineEnd));
    sourceStarts.push(hash + 1);
    joinedStarts.push(length);
    length += lineEnd - hash;
    hash = text.indexOf('#', end);
  }
  return { joined: parts.join('\n'), sourceStarts, joinedStarts };
}

/** The source span of `[start, end)` of the joined comment text (it may run over several comment lines). */
export function commentSpan(comments: CommentText, start: number, end: number): Span {
  return { start: sourceOf(comments, start), end: sourceOf(comments, end - 1) + 1 };
}

/** Where the character at `at` of the joined text stands in the block's text. */
function sourceOf(comments: CommentText, at: number): number {
  const starts = comments.joinedStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return comments.sourceStarts[lo]! + (at - starts[lo]!);
}

/** Every span of `root` a `#` can sit in without starting a comment: strings and keys, sorted by start (they never overlap). */
export function quotedSpans(root: TableNode): Span[] {
  const spans: Span[] = [];
  const table = (t: TableNode): void => {
    if (t.header) spans.push(t.header);
    for (const m of t.members) {
      spans.push(m.key);
      if (m.value) value(m.value);
      for (const sub of m.tables ?? (m.table ? [m.table] : [])) table(sub);
    }
  };
  const value = (v: ValueNode): void => {
    if (v.kind === 'string') spans.push(v);
    else if (v.kind === 'array') v.items.forEach(value);
    else if (v.kind === 'inlineTable') table(v.table);
  };
  table(root);
  return spans.sort((a, b) => a.start - b.start);
}

/** Whether any of `sorted` (by start, none overlapping) overlaps `[start, end)`: a binary search. */
export function overlapsAny(sorted: readonly Span[], start: number, end: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  // The first span that ends after `start`.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo]!.start < end;
}

/**
 * Whether `offset`, after a `#` on its line, is in a comment: it is in no
 * string and no key (what else follows a value on its line holds no secret).
 */
export function outsideQuoted(spans: readonly Span[], offset: number): boolean {
  return !overlapsAny(spans, offset, offset + 1);
}

const sameLine = /^#.*(?:gitleaks:allow|secretlint-disable-line|packs:allow-secret)/;
const lineAbove = /^\s*#.*(?:secretlint-disable-next-line|gitleaks:allow|packs:allow-secret)/;

/**
 * The offset (in `text`) of the comment that allows a secret whose literal
 * (string or key) is `literal`, or for a secret in a comment, whose own
 * span is `literal`; undefined when none does. Reads the literal's last
 * line after it and the line above its first line, no more.
 */
export function allowingComment(text: string, literal: Span, inComment: boolean): number | undefined {
  const lastLineStart = text.lastIndexOf('\n', literal.end - 1) + 1;
  const lineEnd = endOfLine(text, literal.end);
  // In a comment, the comment's own text counts: `# token=… gitleaks:allow`.
  const from = inComment ? text.lastIndexOf('#', literal.start) : literal.end;
  const hash = text.indexOf('#', Math.max(from, lastLineStart));
  if (hash !== -1 && hash < lineEnd && sameLine.test(text.slice(hash, lineEnd))) return hash;
  const firstLineStart = text.lastIndexOf('\n', literal.start - 1) + 1;
  if (firstLineStart === 0) return undefined;
  const aboveStart = text.lastIndexOf('\n', firstLineStart - 2) + 1;
  return lineAbove.test(text.slice(aboveStart, firstLineStart - 1)) ? aboveStart : undefined;
}

/**
 * Whether `[from, to)` is comment text only: after a `#` that starts a
 * comment on its first line, and every further line it touches a comment
 * line (`#` first). Replacing it leaves comments, so the file parses alike.
 */
export function withinComments(text: string, spans: readonly Span[], from: number, to: number): boolean {
  let lineStart = text.lastIndexOf('\n', from - 1) + 1;
  let lineEnd = endOfLine(text, lineStart);
  let hash = text.indexOf('#', lineStart);
  while (hash !== -1 && hash < from && !outsideQuoted(spans, hash)) hash = text.indexOf('#', hash + 1);
  if (hash === -1 || hash >= from || from > lineEnd) return false;
  while (to > lineEnd) {
    lineStart = lineEnd + 1;
    if (lineStart > text.length) return false;
    lineEnd = endOfLine(text, lineStart);
    const first = /^[ \t]*#/.exec(text.slice(lineStart, lineEnd));
    if (!first || !outsideQuoted(spans, lineStart + first[0].length - 1)) return false;
  }
  return true;
}

function endOfLine(text: string, from: number): number {
  let end = text.indexOf('\n', from);
  if (end === -1) end = text.length;
  return end > from && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}
