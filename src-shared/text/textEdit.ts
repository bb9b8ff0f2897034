// A replacement of one range of a text, in the shape LSP's `TextEdit` has,
// so the core can compute edits (fixes, formatting) without the protocol
// library, and apply them itself for checks and tests.

import { LineIndex } from './lineIndex';
import { comparePositions, type Range } from './range';

export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

/** `text` with `edits` applied; the edits must not overlap (their order does not matter). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = new LineIndex(text);
  const sorted = [...edits].sort((a, b) => comparePositions(a.range.start, b.range.start));
  let out = '';
  let at = 0;
  for (const e of sorted) {
    const start = lines.offsetAt(e.range.start);
    if (start < at) throw new Error('overlapping edits');
    out += text.slice(at, start) + e.newText;
    at = lines.offsetAt(e.range.end);
  }
  return out + text.slice(at);
}
