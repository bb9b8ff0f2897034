// Whitespace exactly as upstream's Gleam standard library trims it: space,
// tab, LF, VT, FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR. Not
// JavaScript's wider `String.prototype.trim` set: a no-break space or a
// byte-order mark is content to the decoder and the renderer, so it must be
// content here too or our verdicts would drift from Loom's.

export function isWhitespace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0x85 || code === 0x2028 || code === 0x2029;
}

/** Offset of the first non-whitespace character in `[from, to)`, or `to` when there is none. */
export function skipWhitespace(text: string, from: number, to: number): number {
  let i = from;
  while (i < to && isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

/** Offset just past the last non-whitespace character in `[from, to)`, or `from` when there is none. */
export function skipWhitespaceBack(text: string, from: number, to: number): number {
  let i = to;
  while (i > from && isWhitespace(text.charCodeAt(i - 1))) i--;
  return i;
}

export function trim(text: string): string {
  const start = skipWhitespace(text, 0, text.length);
  const end = skipWhitespaceBack(text, start, text.length);
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

export function trimEnd(text: string): string {
  const end = skipWhitespaceBack(text, 0, text.length);
  return end === text.length ? text : text.slice(0, end);
}

export function isBlank(text: string): boolean {
  return skipWhitespace(text, 0, text.length) === text.length;
}
