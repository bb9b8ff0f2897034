// Source positions as the editor counts them: 0-based lines, UTF-16 code
// units within a line (the LSP default encoding, and JavaScript's own).

export interface Position {
  readonly line: number;
  readonly character: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export function position(line: number, character: number): Position {
  return { line, character };
}

export function range(startLine: number, startChar: number, endLine: number, endChar: number): Range {
  return { start: { line: startLine, character: startChar }, end: { line: endLine, character: endChar } };
}

/** -1, 0 or 1 as `a` lies before, at or after `b`. */
export function comparePositions(a: Position, b: Position): number {
  if (a.line !== b.line) return a.line < b.line ? -1 : 1;
  if (a.character !== b.character) return a.character < b.character ? -1 : 1;
  return 0;
}

export function containsPosition(r: Range, p: Position): boolean {
  return comparePositions(r.start, p) <= 0 && comparePositions(p, r.end) <= 0;
}
