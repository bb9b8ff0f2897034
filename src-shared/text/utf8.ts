// UTF-8 lengths of JavaScript strings, without TextEncoder (the core has
// none): what file limits, byte counts and offsets need. Lone surrogates
// count as U+FFFD's three bytes, as TextEncoder writes them.

import type { Steps } from '../steps';

/** Bytes `text[start, end)` takes in UTF-8. */
export function utf8Length(text: string, start = 0, end = text.length): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Code units `utf8LengthInSteps` counts between two yields. */
const unitsPerStep = 1024 * 1024;

/** `utf8Length` of a whole text in steps of a megabyte (never cutting a surrogate pair), for a server that must answer other requests meanwhile. */
export function* utf8LengthInSteps(text: string): Steps<number> {
  let n = 0;
  for (let at = 0; at < text.length; ) {
    let to = Math.min(text.length, at + unitsPerStep);
    if (to < text.length && isHighSurrogate(text.charCodeAt(to - 1))) to++;
    n += utf8Length(text, at, to);
    at = to;
    if (at < text.length) yield;
  }
  return n;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

export function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
