// Where bytes are not UTF-8. A decoder that replaces (Node's Buffer, the
// WHATWG TextDecoder) turns each maximal invalid subpart into one U+FFFD;
// this walk finds the same subparts, with the byte offset of each and the
// offset of its U+FFFD in the decoded text, so a finding can sit on the
// character the editor shows and name the bytes the file holds.

export interface InvalidSequence {
  readonly byteOffset: number;
  /** The bytes of the subpart (1 to 3). */
  readonly bytes: readonly number[];
  /** Offset of its U+FFFD in the text the bytes decode to with replacement. */
  readonly textOffset: number;
  readonly why: 'not-a-lead' | 'cut-short';
}

/** Every invalid subpart of `bytes`, in order (empty for valid UTF-8). */
export function invalidUtf8(bytes: Uint8Array): InvalidSequence[] {
  const found: InvalidSequence[] = [];
  const n = bytes.length;
  let out = 0;
  for (let i = 0; i < n; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      out++;
      continue;
    }
    let need = 0;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lower = 0xa0;
      if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lower = 0x90;
      if (b === 0xf4) upper = 0x8f;
    }
    if (need === 0) {
      found.push({ byteOffset: i, bytes: [b], textOffset: out, why: 'not-a-lead' });
      i++;
      out++;
      continue;
    }
    let j = i + 1;
    let k = 0;
    while (k < need && j < n && bytes[j]! >= lower && bytes[j]! <= upper) {
      lower = 0x80;
      upper = 0xbf;
      j++;
      k++;
    }
    if (k === need) out += need === 3 ? 2 : 1;
    else {
      found.push({ byteOffset: i, bytes: Array.from(bytes.subarray(i, j)), textOffset: out, why: 'cut-short' });
      out++;
    }
    i = j;
  }
  return found;
}

/** `0xe9 0x0a`-style, then what is wrong: "0xc3 starts a character the next byte does not continue". */
export function describeInvalid(sequence: InvalidSequence): string {
  const hex = sequence.bytes.map((b) => `0x${b.toString(16).padStart(2, '0')}`).join(' ');
  if (sequence.why === 'cut-short') return `${hex} starts a character that the next byte does not continue`;
  const b = sequence.bytes[0]!;
  return b >= 0x80 && b <= 0xbf ? `${hex} continues a character that never started` : `${hex} never starts a UTF-8 character`;
}
