// Invalid UTF-8 as findings, for a caller that has the file's bytes (the
// command line; the editor gets text its host already decoded). Both
// formats are UTF-8: Python's tomllib, which the capture tool reads
// `.prompts` files with, rejects the file, and Loom reads packs as UTF-8
// text. Each invalid subpart is an error on the U+FFFD it decodes to, with
// its byte offset and the bytes found.

import type { FileFormat } from './fileLimits';
import type { Finding } from './finding';
import { LineIndex } from './text/lineIndex';
import { describeInvalid, invalidUtf8, type InvalidSequence } from './text/invalidUtf8';

/** Reported from bytes only, so they are in neither format's table of what its checks of a text report. */
export const invalidUtf8Codes: Readonly<Record<FileFormat, string>> = { pack: 'pack/invalid-utf8', prompts: 'prompts/invalid-utf8' };

const consequence: Readonly<Record<FileFormat, string>> = {
  pack: 'a pack is UTF-8 text',
  prompts: "Python's tomllib, which the capture tool reads the file with, rejects it",
};

/**
 * `text` is `bytes` decoded with replacement (Buffer's `toString('utf8')`),
 * after the first `skip` bytes (a byte order mark the editor's text leaves
 * out); `also` ends each message (what the editor does with the bytes).
 */
export function invalidUtf8Findings(bytes: Uint8Array, text: string, format: FileFormat, skip = 0, also = ''): Finding[] {
  // Each invalid subpart decoded to a U+FFFD: a text without one came from valid bytes, which need no walk (about 5% of `check`'s CPU on a 6 MB file).
  if (!text.includes('\uFFFD')) return [];
  return findingsOfInvalid(invalidUtf8(bytes.subarray(skip)), text, format, skip, also);
}

/** The findings of sequences `invalidUtf8` found after the first `skip` bytes, for a caller that keeps them too. */
export function findingsOfInvalid(invalid: readonly InvalidSequence[], text: string, format: FileFormat, skip = 0, also = ''): Finding[] {
  if (invalid.length === 0) return [];
  const lines = new LineIndex(text);
  return invalid.map((s) => ({
    range: lines.rangeOf(s.textOffset, s.textOffset + 1),
    severity: 'error',
    code: invalidUtf8Codes[format],
    message: `invalid UTF-8 at byte ${s.byteOffset + skip}: ${describeInvalid(s)} (${consequence[format]})${also}`,
  }));
}
