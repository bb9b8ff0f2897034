// TOML 1.0 over what smol-toml accepts. smol-toml reads TOML 1.1, and
// upstream's capture tool reads `.prompts` files with Python's `tomllib`,
// which reads TOML 1.0 and refuses impossible dates. This lexer finds, in a
// text smol-toml parsed, the first of what only TOML 1.1 allows (a newline
// or a trailing comma inside an inline table; the escapes `\xHH` and `\e`;
// a time without seconds) or a date or time that does not exist. The text
// is valid TOML 1.1, so it only tracks strings, comments, brackets and
// whether a key or a value comes next. It is the definition; the split's
// scan (scanner.ts) finds the same on its way at almost no cost, all but
// the escapes, so `parseToml` runs this only on a text the split did not
// cut or one holding `\x` or `\e` (test/unit/prompts/toml10.test.ts
// checks that both agree).

import { dateTimeAt } from './dateTimes';
import { APOSTROPHE, BOM, COMMA, CR, DOT, endsScalar, EQUALS, HASH, isBareKeyChar, LBRACE, LBRACKET, LF, QUOTE, RBRACE, RBRACKET, SPACE, TAB } from './scanner';
import { endOfString, stringStyleAt } from './strings';
import { type Toml10Problem, toml11Only } from './toml10Problems';

const LOWER_X = 120;
const LOWER_E = 101;

/** Whether `s` may hold an escape only TOML 1.1 has: the one fault the split's scan does not look for. */
export function mayHoldToml11Escape(s: string): boolean {
  // One search for backslashes, skipping the character each escapes (`\\x` is no `\x`).
  for (let b = s.indexOf('\\'); b !== -1; b = s.indexOf('\\', b + 2)) {
    const e = s.charCodeAt(b + 1);
    if (e === LOWER_X || e === LOWER_E) return true;
  }
  return false;
}

/** The first place where `s` (a text smol-toml parsed) is not TOML 1.0, or undefined. */
export function toml10Problem(s: string): Toml10Problem | undefined {
  return new Toml10Lexer(s).run();
}

class Toml10Lexer {
  /** The open arrays and inline tables, innermost last. */
  private readonly open: number[] = [];
  /** A key comes next (else a value). */
  private key = true;
  /** Inside a `[header]` or `[[header]]`. */
  private header = false;
  /** Where the comma that was the last token inside an inline table is, or -1. */
  private comma = -1;
  /** The next backslash at or after where it was last searched from, or -1: one search serves every string before it. */
  private backslash = -2;

  constructor(private readonly s: string) {}

  run(): Toml10Problem | undefined {
    const s = this.s;
    const n = s.length;
    let i = s.charCodeAt(0) === BOM ? 1 : 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === SPACE || c === TAB || c === CR) {
        i++;
        continue;
      }
      const inline = this.open[this.open.length - 1] === LBRACE;
      if (c === LF) {
        if (inline) return { at: i, message: toml11Only.newlineInInlineTable };
        if (this.open.length === 0) this.key = true;
        i++;
      } else if (c === HASH) {
        // A comment ends with a line break: inside an inline table, that break is the fault.
        const nl = s.indexOf('\n', i);
        if (inline) return { at: nl, message: toml11Only.newlineInInlineTable };
        i = nl === -1 ? n : nl;
      } else if (c === QUOTE || c === APOSTROPHE) {
        const style = stringStyleAt(s, i);
        const end = endOfString(s, i, style);
        if (style === 'basic' || style === 'multilineBasic') {
          const problem = this.escapeProblem(i, end);
          if (problem) return problem;
        }
        this.comma = -1;
        i = end;
      } else if (c === LBRACKET) {
        if (this.key && this.open.length === 0) this.header = true;
        else {
          this.open.push(LBRACKET);
          this.key = false;
        }
        this.comma = -1;
        i++;
      } else if (c === RBRACKET) {
        if (this.header) this.header = s.charCodeAt(i + 1) === RBRACKET;
        else this.open.pop();
        i++;
      } else if (c === LBRACE) {
        this.open.push(LBRACE);
        this.key = true;
        this.comma = -1;
        i++;
      } else if (c === RBRACE) {
        if (this.comma !== -1) return { at: this.comma, message: toml11Only.trailingComma };
        this.open.pop();
        this.key = false;
        i++;
      } else if (c === COMMA) {
        if (inline) {
          this.key = true;
          this.comma = i;
        }
        i++;
      } else if (c === EQUALS) {
        this.key = false;
        i++;
      } else if (c === DOT) {
        i++;
      } else if (this.key || this.header) {
        i = this.skipBareKey(i);
        this.comma = -1;
      } else {
        const dateTime = dateTimeAt(s, i);
        if (dateTime?.problem) return dateTime.problem;
        i = dateTime?.end ?? this.skipScalar(i);
        this.comma = -1;
      }
    }
    return undefined;
  }

  /** A backslash escape of the basic string `[start, end)` that only TOML 1.1 has. */
  private escapeProblem(start: number, end: number): Toml10Problem | undefined {
    const s = this.s;
    let b = this.nextBackslash(start);
    while (b !== -1 && b < end) {
      const e = s.charCodeAt(b + 1);
      if (e === LOWER_X) return { at: b, message: toml11Only.hexEscape };
      if (e === LOWER_E) return { at: b, message: toml11Only.escapeEscape };
      b = this.nextBackslash(b + 2);
    }
    return undefined;
  }

  private nextBackslash(from: number): number {
    if (this.backslash !== -1 && this.backslash < from) this.backslash = this.s.indexOf('\\', from);
    return this.backslash;
  }

  private skipBareKey(i: number): number {
    let j = i;
    while (j < this.s.length && isBareKeyChar(this.s.charCodeAt(j))) j++;
    // Never stall: a character smol-toml took in a key that TOML 1.0 has no rule for is passed over.
    return j === i ? i + 1 : j;
  }

  private skipScalar(i: number): number {
    let j = i;
    while (!endsScalar(this.s.charCodeAt(j))) j++;
    return j === i ? i + 1 : j;
  }
}
