// The pack digest: 64-bit FNV-1a over the exact UTF-8 bytes, as 16 lowercase
// hex digits. Change detection for cache attribution, not integrity. The
// core has no TextEncoder or Buffer, so UTF-8 is encoded inline as the hash
// walks the string (lone surrogates as U+FFFD, as TextEncoder does), and
// the 64-bit arithmetic runs on two 32-bit halves.

import { finish, type Steps } from '../steps';
import { isLowSurrogate } from '../text/utf8';

// Offset basis 14695981039346656037 and prime 1099511628211 = 2^40 + 0x1b3.
const basisHigh = 0xcbf29ce4;
const basisLow = 0x84222325;

// The hash state as two unsigned 32-bit halves. `(high·2^32 + low)·(2^40 +
// 0x1b3) mod 2^64`: the 2^40 term only adds `low << 8` to the high half,
// and `low · 0x1b3` is done on 16-bit halves so every step stays integer.
class Fnv64 {
  high = basisHigh;
  low = basisLow;

  byte(b: number): void {
    const low = this.low ^ b;
    const lower = (low & 0xffff) * 0x1b3;
    const upper = (low >>> 16) * 0x1b3 + (lower >>> 16);
    this.low = ((upper << 16) | (lower & 0xffff)) >>> 0;
    this.high = (Math.imul(this.high, 0x1b3) + (low << 8) + (upper >>> 16)) >>> 0;
  }

  hex(): string {
    return this.high.toString(16).padStart(8, '0') + this.low.toString(16).padStart(8, '0');
  }
}

export function digest(text: string): string {
  return digestWithSize(text).digest;
}

/**
 * The digest of `text` with its UTF-8 length and its code points, in one
 * walk: a 20 MB render's figures cost one pass instead of three.
 */
export function digestWithSize(text: string): { readonly digest: string; readonly bytes: number; readonly codePoints: number } {
  return finish(digestInSteps(text));
}

/** Characters hashed between two yields of `digestInSteps`. */
const charactersPerStep = 64 * 1024;

/** `digestWithSize` in steps of 64 K characters, for a server that must answer other requests while a large pack is hashed. */
export function* digestInSteps(text: string): Steps<{ readonly digest: string; readonly bytes: number; readonly codePoints: number }> {
  const h = new Fnv64();
  const walk = { bytes: 0, pairs: 0 };
  for (let i = 0; i < text.length; ) {
    i = hashUtf8(h, text, i, Math.min(text.length, i + charactersPerStep), walk);
    if (i < text.length) yield;
  }
  // Every character is a code point but the second half of a pair.
  return { digest: h.hex(), bytes: walk.bytes, codePoints: text.length - walk.pairs };
}

/** Hashes the UTF-8 bytes of `text[from, to)` (a pair that starts before `to` whole), counting bytes and pairs; returns where it stopped. */
function hashUtf8(h: Fnv64, text: string, from: number, to: number, walk: { bytes: number; pairs: number }): number {
  const end = text.length;
  let bytes = 0;
  let pairs = 0;
  let i = from;
  for (; i < to; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      h.byte(c);
      bytes++;
      continue;
    }
    if (c < 0x800) {
      bytes += 2;
      h.byte(0xc0 | (c >> 6));
      h.byte(0x80 | (c & 0x3f));
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < end ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && isLowSurrogate(next)) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        pairs++;
        bytes += 4;
        h.byte(0xf0 | (cp >> 18));
        h.byte(0x80 | ((cp >> 12) & 0x3f));
        h.byte(0x80 | ((cp >> 6) & 0x3f));
        h.byte(0x80 | (cp & 0x3f));
        continue;
      }
      c = 0xfffd;
    }
    bytes += 3;
    h.byte(0xe0 | (c >> 12));
    h.byte(0x80 | ((c >> 6) & 0x3f));
    h.byte(0x80 | (c & 0x3f));
  }
  walk.bytes += bytes;
  walk.pairs += pairs;
  return i;
}

/** The digest of raw bytes (a file as read from disk, invalid UTF-8 and all). */
export function digestBytes(bytes: Uint8Array): string {
  const h = new Fnv64();
  for (let i = 0; i < bytes.length; i++) h.byte(bytes[i]!);
  return h.hex();
}
