// Control characters no text format here holds: every C0 character but tab,
// line feed and carriage return, and DEL (TOML forbids exactly these, and a
// pack is text too). A run of them is one mistake, reported at its start.

import type { Steps } from '../steps';

export interface ControlRun {
  /** Offset of the first character of the run. */
  readonly start: number;
  readonly end: number;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const forbidden = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]+/g;

const names = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI', 'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];

/** Characters searched between two yields of `controlRunsInSteps` (a millisecond or two of the regular expression's search). */
const charsPerStep = 1 << 20;

/**
 * Every run of forbidden control characters, in order, in steps of a megabyte, for a server that must answer
 * other requests meanwhile (a 30 MB pack's search took one slice of 50 ms):
 * a run cut by a step's end is joined to its rest in the next step.
 */
export function* controlRunsInSteps(text: string): Steps<ControlRun[]> {
  const runs: ControlRun[] = [];
  for (let at = 0; at < text.length; at += charsPerStep) {
    const piece = text.slice(at, at + charsPerStep);
    forbidden.lastIndex = 0;
    for (let m = forbidden.exec(piece); m !== null; m = forbidden.exec(piece)) {
      const start = at + m.index;
      const end = start + m[0].length;
      const last = runs[runs.length - 1];
      if (last && last.end === start) runs[runs.length - 1] = { start: last.start, end };
      else runs.push({ start, end });
    }
    if (at + charsPerStep < text.length) yield;
  }
  return runs;
}

/** `U+0000 (NUL)`. */
export function describeControl(code: number): string {
  const name = code === 0x7f ? 'DEL' : names[code];
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}${name ? ` (${name})` : ''}`;
}

/** What a finding on the run says: `control character U+0000 (NUL): a prompt pack is text, which holds none; remove it`. */
export function controlRunMessage(text: string, run: ControlRun, formatName: string): string {
  const n = run.end - run.start;
  const first = describeControl(text.charCodeAt(run.start));
  return n === 1 ? `control character ${first}: ${formatName} is text, which holds none; remove it` : `${n} control characters, the first ${first}: ${formatName} is text, which holds none; remove them`;
}
