// Files the checkers do not read: one larger than the size limit (the
// setting `packsAndPrompts.maxFileSizeMB`, 50 MB by default), one that
// looks binary (a NUL in its first 8 KB: text formats never hold one), and
// one whose structure is far past anything real (half a million one-line
// sessions, a million `%%` lines): the memory the model of each piece
// takes, not the bytes, is what a hostile file of 50 MB would exhaust. A
// refused file gets a single information finding on line 0 that says why,
// instead of every checker, hover and completion working through it (or
// through what a decoder makes of bytes). And a file that is read but
// yields more problems than a person can read publishes the first ones and
// a note (`capFindings`).

import type { Finding } from './finding';
import { utf8Length } from './text/utf8';

/** How much of the start of a file is looked at for a NUL. */
export const binaryProbeLength = 8192;

export const maxFileSizeSetting = 'packsAndPrompts.maxFileSizeMB';

const megabyte = 1024 * 1024;

/** The most pieces a file may hold, per format: far past real files (a 100 MB capture holds about 4,000 sessions; a pack is a few hundred lines). */
export const structureLimits = {
  /** Top-level tables (sessions, the commit, edits entries) of a `.prompts` file. */
  prompts: { what: 'top-level tables', limit: 50_000 },
  /** Lines and placeholders of a pack. */
  pack: { what: 'lines and placeholders', limit: 200_000 },
} as const;

/** The most diagnostics published for one file; the rest are summed up in one note. */
export const maxPublishedFindings = 5_000;

export type Refusal =
  | { readonly kind: 'tooLarge'; readonly limitMB: number }
  | { readonly kind: 'binary' }
  | { readonly kind: 'tooComplex'; readonly count: number; readonly limit: number; readonly what: string };

/** What the check needs of a text, so a server can answer it without joining a huge document. */
export interface TextFacts {
  /** UTF-16 code units. */
  readonly length: number;
  /** The first `n` code units. */
  head(n: number): string;
  /** The whole text (asked only once the size is within the limit). */
  whole(): string;
}

export function textFacts(text: string): TextFacts {
  return { length: text.length, head: (n) => text.slice(0, n), whole: () => text };
}

export type FileFormat = 'pack' | 'prompts';

export function refusalOf(text: TextFacts, format: FileFormat, maxFileSizeMB: number): Refusal | undefined {
  return sizeRefusal(text, maxFileSizeMB) ?? structureRefusal(text.whole(), format);
}

/**
 * Binary, or over the size limit: known from the length and the first 8 KB,
 * the UTF-8 bytes counted (by `bytes`, which may remember them) only near the limit.
 */
export function sizeRefusal(text: TextFacts, maxFileSizeMB: number, bytes = () => utf8Length(text.whole())): Refusal | undefined {
  if (looksBinary(text.head(binaryProbeLength))) return { kind: 'binary' };
  const limit = maxFileSizeMB * megabyte;
  // A code unit is one to three UTF-8 bytes: only between those bounds must the bytes be counted.
  if (surelyTooLarge(text.length, maxFileSizeMB) || (text.length * 3 > limit && bytes() > limit)) return { kind: 'tooLarge', limitMB: maxFileSizeMB };
  return undefined;
}

/** A NUL among the first characters: no text format holds one. */
function looksBinary(head: string): boolean {
  return head.includes('\0');
}

/** Longer than the limit in UTF-16 code units, so in UTF-8 bytes too. */
function surelyTooLarge(length: number, maxFileSizeMB: number): boolean {
  return length > maxFileSizeMB * megabyte;
}

/** Past the structure limit of its format (one pass over the text). */
export function structureRefusal(text: string, format: FileFormat): Refusal | undefined {
  const structure = structureLimits[format];
  const count = format === 'pack' ? packPieces(text, structure.limit) : topLevelTables(text, structure.limit);
  return count > structure.limit ? { kind: 'tooComplex', count, limit: structure.limit, what: structure.what } : undefined;
}

/** Lines and `{` of a pack, counted up to just past `limit`. */
function packPieces(text: string, limit: number): number {
  let n = 1;
  for (let i = 0; i < text.length && n <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 123) n++;
  }
  return n;
}

const headerLine = /^[ \t]*\[\[?[ \t]*("[^"\n]*"|'[^'\n]*'|[A-Za-z0-9_-]*)[ \t]*(\.?)/gm;

/**
 * Header lines that open a top-level block (FORMATS.md B.1; scanner.ts):
 * a one-segment header, or a dotted one under another root key than the
 * header before. Counted from the lines alone (a line inside a multi-line
 * string that reads as a header counts too): a bound, not a parse.
 */
function topLevelTables(text: string, limit: number): number {
  let n = 0;
  let root: string | undefined;
  headerLine.lastIndex = 0;
  for (let m = headerLine.exec(text); m !== null && n <= limit; m = headerLine.exec(text)) {
    const key = m[1]!;
    if (m[2] === '' || key !== root) n++;
    root = key;
  }
  return n;
}

const formatNames: Readonly<Record<FileFormat, string>> = { pack: 'a prompt pack', prompts: 'a .prompts file' };

const refusalCodes: Readonly<Record<Refusal['kind'], string>> = { binary: 'binary-file', tooLarge: 'file-too-large', tooComplex: 'file-too-complex' };

export function refusalCode(refusal: Refusal, format: FileFormat): string {
  return `${format}/${refusalCodes[refusal.kind]}`;
}

const notChecked = 'so it is not checked: no diagnostics, hovers, completions or fixes';

export function refusalFinding(refusal: Refusal, format: FileFormat): Finding {
  let message: string;
  if (refusal.kind === 'binary') message = `This file looks binary (it has a NUL byte in its first ${binaryProbeLength / 1024} KB), so it is not checked as ${formatNames[format]}.`;
  else if (refusal.kind === 'tooLarge') message = `This file is larger than ${refusal.limitMB} MB, ${notChecked}. Raise the setting \`${maxFileSizeSetting}\` to check it.`;
  else message = `This file holds more than ${refusal.limit.toLocaleString('en-US')} ${refusal.what}, far more than ${formatNames[format]} ever holds, ${notChecked}.`;
  return { range: lineZero, severity: 'information', code: refusalCode(refusal, format), message };
}

const lineZero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** At most `maxPublishedFindings`: the first ones (in reading order), then one note counting the rest. */
export function capFindings(findings: readonly Finding[], format: FileFormat, max = maxPublishedFindings): readonly Finding[] {
  if (findings.length <= max) return findings;
  const shown = findings.slice(0, max - 1);
  const rest = findings.length - shown.length;
  const last = shown[shown.length - 1]?.range ?? lineZero;
  return [
    ...shown,
    { range: { start: last.end, end: last.end }, severity: 'information', code: `${format}/more-problems`, message: `${rest.toLocaleString('en-US')} more problems in this file are not shown (at most ${max.toLocaleString('en-US')} are). Fix the ones above and the rest show.` },
  ];
}
