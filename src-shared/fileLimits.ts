// Files the checkers do not read: one larger than the size limit (the
// setting `packsAndPrompts.maxFileSizeMB`, 50 MB by default), one that
// truly is binary (a NUL in its first 8 KB among many control or
// undecodable characters: a text file with a stray NUL is checked, and the
// NUL is an error where it is), and one whose structure is far past
// anything real (a hundred thousand top-level tables, two hundred thousand
// pack directives and placeholders): the memory the model of each piece and
// its findings take, not the bytes, is what a hostile file of 50 MB would
// exhaust. The structure is counted as the checkers see it (a header-looking
// line inside a string or a brace in a body is no piece), and each piece
// takes at least 3 bytes, so a file of a few hundred KB is always checked.
// A refused file gets a single finding on line 0 that says why and how to
// check it (a warning; an error when binary, a file no format holds),
// instead of every checker, hover and completion working through it. And a
// file that is read but yields more problems than a person can read
// publishes the first ones and a note (`capFindings`).

import type { Finding } from './finding';
import { scanPlaceholders } from './pack/placeholders';
import { BOM, countTopLevelTables, DOT, isBareKeyChar, LBRACKET, LF, SPACE, TAB } from './prompts/toml/scanner';
import { finish, type Steps, unitsPerStep } from './steps';
import { utf8LengthInSteps } from './text/utf8';

/** How much of the start of a file is looked at for a NUL. */
export const binaryProbeLength = 8192;

export const maxFileSizeSetting = 'packsAndPrompts.maxFileSizeMB';

const megabyte = 1024 * 1024;

/**
 * The most pieces a file may hold, per format: far past real files (a 100 MB
 * capture holds about 4,000 sessions; a pack a few hundred lines), and past
 * what a few hundred KB can hold (a table is at least `[a]` and a line
 * break, a placeholder `{a}`, a directive `%%` and a line break).
 */
export const structureLimits = {
  /** Top-level tables (sessions, the commit, edits entries) of a `.prompts` file, as the block splitter finds them. */
  prompts: { what: 'top-level tables', limit: 100_000 },
  /** Directive lines and placeholders of a pack. */
  pack: { what: 'directives and placeholders', limit: 200_000 },
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

export function refusalOf(text: TextFacts, format: FileFormat, maxFileSizeMB: number, structureLimit?: number): Refusal | undefined {
  return sizeRefusal(text, maxFileSizeMB) ?? structureRefusal(text.whole(), format, structureLimit);
}

/**
 * Binary, or over the size limit: known from the length and the first 8 KB,
 * the UTF-8 bytes counted (by `bytes`, which may remember them) only near the limit.
 */
export function sizeRefusal(text: TextFacts, maxFileSizeMB: number): Refusal | undefined {
  return finish(sizeRefusalInSteps(text, maxFileSizeMB));
}

/** `sizeRefusal` in steps; `bytes` counts the text's UTF-8 bytes (in steps too) and may remember them. */
export function* sizeRefusalInSteps(text: TextFacts, maxFileSizeMB: number, bytes = () => utf8LengthInSteps(text.whole())): Steps<Refusal | undefined> {
  if (looksBinary(text.head(binaryProbeLength))) return { kind: 'binary' };
  const limit = maxFileSizeMB * megabyte;
  // A code unit is one to three UTF-8 bytes: only between those bounds must the bytes be counted.
  if (surelyTooLarge(text.length, maxFileSizeMB) || (text.length * 3 > limit && (yield* bytes()) > limit)) return { kind: 'tooLarge', limitMB: maxFileSizeMB };
  return undefined;
}

/**
 * A NUL among the first characters, and at least one in ten of them a
 * control character (C0 but tab and line ends, DEL, C1) or one that did
 * not decode (U+FFFD): what bytes that
 * were never text look like. A text with a stray NUL is checked instead,
 * and the NUL reported where it is.
 */
export function looksBinary(head: string): boolean {
  if (!head.includes('\0')) return false;
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || (c >= 0x7f && c <= 0x9f) || c === 0xfffd) odd++;
  }
  return odd * 10 >= head.length;
}

/** Longer than the limit in UTF-16 code units, so in UTF-8 bytes too. */
function surelyTooLarge(length: number, maxFileSizeMB: number): boolean {
  return length > maxFileSizeMB * megabyte;
}

/** Past the structure limit of its format (one pass over the text, stopping just past the limit). */
export function structureRefusal(text: string, format: FileFormat, limit: number = structureLimits[format].limit): Refusal | undefined {
  return finish(structureRefusalInSteps(text, format, limit));
}

/** Characters of a `.prompts` file the structure count scans between two yields. */
const promptsStepChars = 256 * 1024;

/** `structureRefusal` in steps, for a server that must answer other requests while a large file is counted. */
export function* structureRefusalInSteps(text: string, format: FileFormat, limit: number = structureLimits[format].limit): Steps<Refusal | undefined> {
  // A .prompts file's tables are lexed only when the header lines alone could pass the limit: its parse splits the same blocks again.
  if (format === 'prompts' && (yield* promptsTablesAtMost(text, limit)) <= limit) return undefined;
  const count = format === 'pack' ? yield* packPieces(text, limit) : yield* countTopLevelTables(text, limit, promptsStepChars);
  return count > limit ? tooComplex(format, count, limit) : undefined;
}

/** The refusal of a file of `format` found to hold `count` pieces, past `limit`. */
export function tooComplex(format: FileFormat, count: number, limit: number): Refusal {
  return { kind: 'tooComplex', count, limit, what: structureLimits[format].what };
}

/**
 * At least as many top-level tables as `countTopLevelTables` finds, from
 * the header-looking lines alone (the first character after blanks is
 * `[`), counted up to just past `limit` without lexing a string or a value:
 * a search from one `[` to the next, each taken for a header-looking
 * line's when only blanks stand between it and a line feed (or the start,
 * after a BOM), so a 60 MB file takes a small part of what its lexing does
 * (a search for every line feed took five times as long as this one: a
 * file has far fewer brackets than lines). The splitter starts a table at
 * a header that is not dotted, or whose first key differs from the header
 * before it; here every header-looking line is such a header unless it is
 * dotted and its bare first key is that of the header-looking line before
 * it. A line inside a string or an array only adds to the count, and the
 * runs of equal first keys among all those lines are at least those among
 * the true headers.
 */
export function* promptsTablesAtMost(text: string, limit: number): Steps<number> {
  let n = 0;
  let root: string | undefined;
  let nextYield = promptsStepChars;
  for (let at = text.indexOf('['); at !== -1 && n <= limit; at = text.indexOf('[', at + 1)) {
    if (at >= nextYield) {
      nextYield = at + promptsStepChars;
      yield;
    }
    if (!startsLine(text, at)) continue;
    const i = skipBlanks(text, text.charCodeAt(at + 1) === LBRACKET ? at + 2 : at + 1);
    let end = i;
    while (isBareKeyChar(text.charCodeAt(end))) end++;
    const key = i === end ? undefined : text.slice(i, end);
    if (key === undefined || key !== root || text.charCodeAt(skipBlanks(text, end)) !== DOT) n++;
    root = key;
  }
  return n;
}

/** Only blanks stand before `at` on its line: back to a line feed, or to the text's start (a BOM there passed over). */
function startsLine(text: string, at: number): boolean {
  let i = at - 1;
  let c = text.charCodeAt(i);
  while (c === SPACE || c === TAB) c = text.charCodeAt(--i);
  return i < 0 || c === LF || (i === 0 && c === BOM);
}

function skipBlanks(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c === SPACE || c === TAB) c = text.charCodeAt(++i);
  return i;
}

/**
 * Directive lines (`%%` in column 0) and placeholders elsewhere, counted up
 * to just past `limit`, in one pass: the search for the next line break and
 * the one for the next brace each move only forward, so a line is never
 * searched past its end for a brace another line already ruled out.
 */
function* packPieces(text: string, limit: number): Steps<number> {
  let n = 0;
  const count = () => void n++;
  let brace = -2;
  for (let start = text.charCodeAt(0) === 0xfeff ? 1 : 0, line = 1; start <= text.length && n <= limit; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (text.charCodeAt(start) === 37 && text.charCodeAt(start + 1) === 37) n++;
    else brace = scanPlaceholders(text, start, end, count, brace);
    start = end + 1;
    if (line % unitsPerStep === 0) yield;
  }
  return n;
}

const formatNames: Readonly<Record<FileFormat, string>> = { pack: 'a prompt pack', prompts: 'a .prompts file' };

/** Each refusal's code, after the format's prefix. */
export const refusalCodes: Readonly<Record<Refusal['kind'], string>> = { binary: 'binary-file', tooLarge: 'file-too-large', tooComplex: 'file-too-complex' };

export function refusalCode(refusal: Refusal, format: FileFormat): string {
  return `${format}/${refusalCodes[refusal.kind]}`;
}

/** How a reader of a refusal gets the file checked: a sentence per limit, for the door they came through. */
export interface LimitHints {
  /** What not being checked means there. */
  readonly notChecked: string;
  readonly size: string;
  readonly structure: Readonly<Record<FileFormat, string>>;
}

/** The editor's: its setting for the size; the command line's options for the structure, which no setting raises. */
export const editorLimitHints: LimitHints = {
  notChecked: 'so it is not checked: no diagnostics, hovers, completions or fixes',
  size: `Raise the setting \`${maxFileSizeSetting}\` to check it.`,
  structure: {
    prompts: 'The command line checks it with a higher limit: `packs-and-prompts check --max-tables N`.',
    pack: 'The command line checks it with a higher limit: `packs-and-prompts check --max-pack-pieces N`.',
  },
};

/**
 * One finding on line 0 saying why the file is not checked and how to have
 * it checked. A warning, so a person sees it among the problems; an error
 * for a binary file, which no format holds.
 */
export function refusalFinding(refusal: Refusal, format: FileFormat, hints: LimitHints = editorLimitHints): Finding {
  const code = refusalCode(refusal, format);
  if (refusal.kind === 'binary') {
    const message = `This file is not text (a NUL byte among many control or undecodable characters in its first ${binaryProbeLength / 1024} KB), so it is not checked as ${formatNames[format]}.`;
    return { range: lineZero, severity: 'error', code, message };
  }
  return { range: lineZero, severity: 'warning', code, message: `This file ${refusalFacts(refusal, format)}, ${hints.notChecked}. ${limitHint(refusal, format, hints)}` };
}

/** What puts the file past a limit: "is larger than 50 MB", "holds more than 100,000 top-level tables, …". */
export function refusalFacts(refusal: Exclude<Refusal, { kind: 'binary' }>, format: FileFormat): string {
  if (refusal.kind === 'tooLarge') return `is larger than ${refusal.limitMB} MB`;
  const usual = refusal.limit >= structureLimits[format].limit ? `, far more than ${formatNames[format]} ever holds` : '';
  return `holds more than ${refusal.limit.toLocaleString('en-US')} ${refusal.what}${usual}`;
}

/** How to have a file past a limit checked. */
export function limitHint(refusal: Exclude<Refusal, { kind: 'binary' }>, format: FileFormat, hints: LimitHints): string {
  return refusal.kind === 'tooLarge' ? hints.size : hints.structure[format];
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
