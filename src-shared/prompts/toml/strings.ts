// TOML string literals at the source level: where each kind ends (so the
// scanner is never fooled by a `"""` inside one), and how the characters of
// a basic string's value map back to the source that produced them (so a
// finding inside a string can point at the exact escaped characters).

import type { Span, StringStyle } from './syntaxTree';

const LF = 10;
const CR = 13;
const TAB = 9;
const SPACE = 32;
const BACKSLASH = 92;
const QUOTE = 34;
const APOSTROPHE = 39;

/** Offset of the next "\n" (or the text's end); the "\r" of a CRLF stays before it. */
export function lineEndOf(s: string, pos: number): number {
  const i = s.indexOf('\n', pos);
  return i === -1 ? s.length : i;
}

/** Where a line's content stops: before its "\r\n" or "\n". */
function contentEnd(s: string, nl: number): number {
  return nl > 0 && s.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
}

/**
 * The end (exclusive) of the string literal opening at `pos`. An unterminated
 * single-line string stops at its line's end, a multi-line one at the text's end.
 */
export function endOfString(s: string, pos: number, style: StringStyle): number {
  switch (style) {
    case 'basic':
      return endOfBasic(s, pos);
    case 'literal': {
      const nl = lineEndOf(s, pos + 1);
      const q = s.indexOf("'", pos + 1);
      return q !== -1 && q < nl ? q + 1 : contentEnd(s, nl);
    }
    case 'multilineBasic':
    case 'multilineLiteral':
      return closeOfMultiline(s, pos, style) ?? s.length;
  }
}

/** Whether the multi-line string literal opening at `pos` is never closed. */
export function isUnclosedMultiline(s: string, pos: number, style: 'multilineBasic' | 'multilineLiteral'): boolean {
  return closeOfMultiline(s, pos, style) === undefined;
}

function endOfBasic(s: string, pos: number): number {
  const n = s.length;
  let i = pos + 1;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c === LF) return contentEnd(s, i);
    // An escape never takes the line break: a basic string ends with its line, as TOML says ("\\" then a line break
    // is an error, not a way across). Skipping the break made a key `"\` swallow the header on the next line when the
    // file was scanned whole, but not when the block was scanned alone after an edit.
    i += c === BACKSLASH && s.charCodeAt(i + 1) !== LF ? 2 : 1;
  }
  return n;
}

/** The end of the multi-line string literal opening at `pos`, or undefined if it is never closed. */
function closeOfMultiline(s: string, pos: number, style: 'multilineBasic' | 'multilineLiteral'): number | undefined {
  const escapes = style === 'multilineBasic';
  const delimiter = escapes ? '"""' : "'''";
  const quote = delimiter.charCodeAt(0);
  let from = pos + 3;
  for (;;) {
    const i = s.indexOf(delimiter, from);
    if (i === -1) return undefined;
    if (escapes) {
      let backslashes = 0;
      while (s.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 1) {
        from = i + 1;
        continue;
      }
    }
    // Up to two quotes may sit just inside the closing delimiter: `""""` ends with a quote.
    let end = i + 3;
    while (end < i + 5 && s.charCodeAt(end) === quote) end++;
    return end;
  }
}

/** The style of the string literal opening at `pos` (which holds a quote). */
export function stringStyleAt(s: string, pos: number): StringStyle {
  const q = s.charCodeAt(pos);
  const triple = s.charCodeAt(pos + 1) === q && s.charCodeAt(pos + 2) === q;
  if (q === QUOTE) return triple ? 'multilineBasic' : 'basic';
  return triple ? 'multilineLiteral' : 'literal';
}

/** Where the characters of a string literal's value lie in its source. */
function contentSpan(s: string, span: Span, style: StringStyle): Span {
  const multiline = style === 'multilineBasic' || style === 'multilineLiteral';
  const open = multiline ? 3 : 1;
  let start = span.start + open;
  if (multiline) {
    // A newline right after the opening delimiter is not part of the value.
    if (s.charCodeAt(start) === LF) start += 1;
    else if (s.charCodeAt(start) === CR && s.charCodeAt(start + 1) === LF) start += 2;
  }
  const q = style === 'basic' || style === 'multilineBasic' ? QUOTE : APOSTROPHE;
  let end = span.end;
  for (let k = 0; k < open && end > start && s.charCodeAt(end - 1) === q; k++) end--;
  return { start, end };
}

/**
 * Calls `unit(srcStart, srcEnd, count)` for each piece of the source of a
 * string literal's value that produces `count` UTF-16 units of the value, in
 * order: one character, one escape sequence, or a line-ending backslash (0).
 */
function walkValue(s: string, span: Span, style: StringStyle, unit: (srcStart: number, srcEnd: number, count: number) => boolean): void {
  const { start, end } = contentSpan(s, span, style);
  walkContent(s, start, end, style, unit);
}

/** `walkValue` over the value's source `[start, end)`, its delimiters already left out. */
function walkContent(s: string, start: number, end: number, style: StringStyle, unit: (srcStart: number, srcEnd: number, count: number) => boolean): void {
  const escapes = style === 'basic' || style === 'multilineBasic';
  let i = start;
  while (i < end) {
    if (!escapes || s.charCodeAt(i) !== BACKSLASH) {
      if (!unit(i, i + 1, 1)) return;
      i++;
      continue;
    }
    const e = s[i + 1];
    let len = 2;
    let count = 1;
    if (e === 'u' || e === 'U' || e === 'x') {
      len = e === 'u' ? 6 : e === 'U' ? 10 : 4;
      const cp = parseInt(s.slice(i + 2, i + len), 16);
      count = cp > 0xffff ? 2 : 1;
    } else if (style === 'multilineBasic' && (e === ' ' || e === '\t' || e === '\r' || e === '\n')) {
      // A line-ending backslash swallows the line break and the whitespace after it.
      let j = i + 1;
      while (j < end) {
        const c = s.charCodeAt(j);
        if (c !== SPACE && c !== TAB && c !== LF && c !== CR) break;
        j++;
      }
      len = j - i;
      count = 0;
    }
    if (!unit(i, Math.min(i + len, end), count)) return;
    i += len;
  }
}

/**
 * The source span of the value characters `[from, to)` of a string literal,
 * covering whole escape sequences, or undefined if the value is shorter.
 * Replacing that span with plain text leaves the literal well-formed.
 */
export function sourceSpanOfValue(s: string, span: Span, style: StringStyle, from: number, to: number): Span | undefined {
  return sourceSpansOfValue(s, span, style, [{ start: from, end: to }])[0];
}

/**
 * `sourceSpanOfValue` for several value ranges of one literal (sorted, not
 * overlapping) in one walk of its source: a long value with thousands of
 * matches is walked once, not once per match.
 */
export function sourceSpansOfValue(s: string, span: Span, style: StringStyle, ranges: readonly Span[]): (Span | undefined)[] {
  const out: (Span | undefined)[] = ranges.map(() => undefined);
  let k = 0;
  let produced = 0;
  let start = -1;
  walkValue(s, span, style, (srcStart, srcEnd, count) => {
    if (count === 0) return true;
    const next = produced + count;
    while (k < ranges.length) {
      const r = ranges[k]!;
      if (start === -1) {
        if (r.start >= next) break;
        start = srcStart;
      }
      if (r.end > next) break;
      out[k++] = { start, end: srcEnd };
      start = -1;
    }
    produced = next;
    return k < ranges.length;
  });
  return out;
}

/**
 * The source of a string literal's value characters that `[from, to)` (a
 * source span) touches, widened to whole escape sequences, so replacing it
 * leaves the literal well-formed. Undefined when the span is empty or
 * reaches outside the characters of the value (into a quote or beyond).
 */
export function valueSourceSpan(s: string, span: Span, style: StringStyle, from: number, to: number): Span | undefined {
  const content = contentSpan(s, span, style);
  if (from >= to || from < content.start || to > content.end) return undefined;
  let start = -1;
  let end = -1;
  walkValue(s, span, style, (srcStart, srcEnd) => {
    if (srcEnd <= from) return true;
    if (srcStart >= to) return false;
    if (start === -1) start = srcStart;
    end = srcEnd;
    return true;
  });
  return start === -1 ? undefined : { start, end };
}

/**
 * The decoded name of a quoted key (`"a\u0062"` -> `ab`, `'a b'` -> `a b`),
 * or of a one-line string value; with `max`, its first `max` UTF-16 units
 * only, read without decoding the rest (a turn's text may be a long basic string).
 */
export function decodeQuotedKey(s: string, span: Span, max = Infinity): string {
  const style: StringStyle = s.charCodeAt(span.start) === QUOTE ? 'basic' : 'literal';
  const content = contentSpan(s, span, style);
  return decodedPrefix(s, content.start, content.end, style, max);
}

/**
 * The first `max` UTF-16 units of the value whose source (delimiters and
 * the line break after opening ones left out) is `s[start, end)`, decoded
 * as far as they reach and no further.
 */
export function decodedPrefix(s: string, start: number, end: number, style: StringStyle, max: number): string {
  // Without a backslash each source character is one unit of the value.
  const head = s.slice(start, Math.min(end, start + max));
  if (style === 'literal' || style === 'multilineLiteral' || !head.includes('\\')) return head;
  // Each run between backslashes is one slice and only the escapes are walked: a string per character, joined by
  // `+=`, was half of what the first outline of a large file allocated (it reads thousands of turns' first words).
  const pieces: string[] = [];
  let length = 0;
  let i = start;
  const unit = (srcStart: number, srcEnd: number, count: number): boolean => {
    const piece = count === 0 ? '' : srcEnd - srcStart === 1 ? s[srcStart]! : decodeEscape(s.slice(srcStart, srcEnd));
    pieces.push(piece);
    length += piece.length;
    i = srcEnd;
    return false;
  };
  while (i < end && length < max) {
    // Bounded by what is still wanted: the next backslash may be far into a long text.
    const limit = Math.min(end, i + max - length);
    let stop = i;
    while (stop < limit && s.charCodeAt(stop) !== BACKSLASH) stop++;
    if (stop > i) {
      pieces.push(s.slice(i, stop));
      length += stop - i;
      i = stop;
    } else walkContent(s, i, end, style, unit);
  }
  const out = pieces.join('');
  return out.length > max ? out.slice(0, max) : out;
}

const simpleEscapes: Readonly<Record<string, string>> = {
  b: '\b',
  t: '\t',
  n: '\n',
  f: '\f',
  r: '\r',
  e: '\x1b',
  '"': '"',
  '\\': '\\',
};

function decodeEscape(escape: string): string {
  const e = escape[1] ?? '';
  if (e === 'u' || e === 'U' || e === 'x') {
    const cp = parseInt(escape.slice(2), 16);
    return Number.isNaN(cp) || cp > 0x10ffff ? '' : String.fromCodePoint(cp);
  }
  return simpleEscapes[e] ?? '';
}
