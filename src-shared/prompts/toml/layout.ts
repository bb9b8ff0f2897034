// Where the headers and the `key = value` statements of a block that
// parsed are, without a position index: a line scan that skips strings,
// comments and the brackets of arrays and inline tables, recording for each
// header its key names and for each statement where its key starts and its value
// ends (nothing inside arrays or inline tables). The outline and the folds
// of a large file read their ranges from it: building the full index for
// every session shown costs several times the file in memory. It lexes
// only valid TOML (its block parsed); for anything else the index, which
// recovers from errors, is the reader.

import { decodeQuotedKey, endOfString, lineEndOf, stringStyleAt } from './strings';
import {
  APOSTROPHE,
  BOM,
  CR,
  DASH,
  DOT,
  endsScalar,
  EQUALS,
  HASH,
  isBareKeyChar,
  LBRACE,
  LBRACKET,
  LF,
  QUOTE,
  RBRACE,
  RBRACKET,
  SPACE,
  spaceThenTime,
  TAB,
} from './scanner';
import type { Span } from './syntaxTree';

export interface LayoutHeader extends Span {
  readonly names: readonly string[];
  readonly array: boolean;
}

/**
 * The statements in source order, packed `statementFields` numbers each
 * (a large block holds tens of thousands; one object each would cost as
 * much as the index this replaces): where its key's last segment starts
 * and where its value ends.
 */
export interface BlockLayout {
  readonly headers: readonly LayoutHeader[];
  readonly statements: readonly number[];
}

export const statementFields = 2;

/** How many statements `layout` holds. */
export function statementCount(layout: BlockLayout): number {
  return layout.statements.length / statementFields;
}

/** Statement `i`'s key start and value end. */
export function statementAt(layout: BlockLayout, i: number): { keyStart: number; valueEnd: number } {
  const a = layout.statements;
  const k = i * statementFields;
  return { keyStart: a[k]!, valueEnd: a[k + 1]! };
}

/** The layout of the text of a block whose TOML parsed. */
export function layoutOf(s: string): BlockLayout {
  const headers: LayoutHeader[] = [];
  const statements: number[] = [];
  let pos = s.charCodeAt(0) === BOM ? 1 : 0;
  const skipWs = (): void => {
    let c = s.charCodeAt(pos);
    while (c === SPACE || c === TAB) c = s.charCodeAt(++pos);
  };
  // The last key read: its segment count and where its last segment starts; its names only if `names` is given (a header's).
  let segments = 0;
  let lastStart = 0;
  const keyPath = (names?: string[]): void => {
    segments = 0;
    for (;;) {
      const start = pos;
      const c = s.charCodeAt(start);
      if (c === QUOTE || c === APOSTROPHE) pos = endOfString(s, start, c === QUOTE ? 'basic' : 'literal');
      else while (isBareKeyChar(s.charCodeAt(pos))) pos++;
      if (pos === start) return;
      segments++;
      lastStart = start;
      names?.push(c === QUOTE || c === APOSTROPHE ? decodeQuotedKey(s, { start, end: pos }) : s.slice(start, pos));
      skipWs();
      if (s.charCodeAt(pos) !== DOT) return;
      pos++;
      skipWs();
    }
  };
  /** Past a value. */
  const value = (): void => {
    const start = pos;
    const c = s.charCodeAt(start);
    if (c === QUOTE || c === APOSTROPHE) {
      pos = endOfString(s, start, stringStyleAt(s, start));
      return;
    }
    if (c === LBRACKET || c === LBRACE) {
      let depth = 0;
      while (pos < s.length) {
        const d = s.charCodeAt(pos);
        if (d === QUOTE || d === APOSTROPHE) pos = endOfString(s, pos, stringStyleAt(s, pos));
        else if (d === HASH) pos = lineEndOf(s, pos);
        else {
          pos++;
          if (d === LBRACKET || d === LBRACE) depth++;
          else if ((d === RBRACKET || d === RBRACE) && --depth === 0) return;
        }
      }
      return;
    }
    while (!endsScalar(s.charCodeAt(pos))) pos++;
    if (pos - start === 10 && s.charCodeAt(start + 4) === DASH && s.charCodeAt(start + 7) === DASH) {
      spaceThenTime.lastIndex = pos;
      if (spaceThenTime.test(s)) {
        pos++;
        while (!endsScalar(s.charCodeAt(pos))) pos++;
      }
    }
  };
  while (pos < s.length) {
    skipWs();
    const c = s.charCodeAt(pos);
    if (c === LBRACKET) {
      const start = pos++;
      const array = s.charCodeAt(pos) === LBRACKET;
      if (array) pos++;
      skipWs();
      const names: string[] = [];
      keyPath(names);
      skipWs();
      if (s.charCodeAt(pos) === RBRACKET) {
        pos++;
        if (array && s.charCodeAt(pos) === RBRACKET) pos++;
      }
      headers.push({ start, end: pos, names, array });
    } else if (c !== LF && c !== CR && c !== HASH && pos < s.length) {
      keyPath();
      skipWs();
      if (segments > 0 && s.charCodeAt(pos) === EQUALS) {
        const keyStart = lastStart;
        pos++;
        skipWs();
        value();
        statements.push(keyStart, pos);
      }
    }
    const nl = lineEndOf(s, pos);
    pos = nl < s.length ? nl + 1 : nl;
  }
  return { headers, statements };
}
