// The matcher that finds secrets in a string: every row of the scanner
// table (scannerSecrets.ts) and the writer's ten (writerSecrets.ts). Turn
// texts run to megabytes, so it does not run fifty regexes over every
// string: each row names an anchor, one character every match holds at a
// known place that is rare in prose where it can be (`_` of `ghp_`, `-` of
// `glpat-`, `:` of `https:`). One search, a regex character class of every
// anchor character and every invisible one, passes over each string, and a
// row's regex runs only where its anchor says a match would start. (An
// alternation of the anchors cost more than twice the class: it tries every
// alternative at every position.) Placeholders and documentation
// examples (`AKIAIOSFODNN7EXAMPLE`, `<your token>`, `xxxx`, `${TOKEN}`, a
// URL whose password is `password`) are not findings.

import { invisibleChars } from '../../text/invisibleChars';
import { isPublishedExample } from './exampleSecrets';
import { scannerRows } from './scannerSecrets';
import type { SecretRow } from './secretRows';
import { translatePython, writerRows } from './writerSecrets';

/** Every row: the scanner's first, so at a start both match the precise kind wins over the writer's broader `sk-`. */
export const secretRows: readonly SecretRow[] = [...scannerRows, ...writerRows];

/** What the writer puts in place of a secret, and what the redact fix writes. */
export const redaction = '[REDACTED]';

/**
 * Characters that show nothing and so can sit inside a token unseen: the
 * soft hyphen, the Mongolian vowel separator, zero-width space, non-joiner
 * and joiner, the direction marks and embeddings, the word joiner and
 * invisible operators, the isolates, and the byte order mark.
 */
const invisibleRanges: readonly (readonly [number, number])[] = [
  [0xad, 0xad],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
];

function isInvisible(c: number): boolean {
  for (const [from, to] of invisibleRanges) if (c >= from && c <= to) return true;
  return false;
}

export interface SecretMatch {
  readonly pattern: SecretRow;
  /** UTF-16 offsets in the string value of what is reported and redacted (the `secret` group, else the whole match). */
  readonly start: number;
  readonly end: number;
}

interface Compiled {
  readonly row: SecretRow;
  /** Position in the table: at one start, the lower rank wins. */
  readonly rank: number;
  readonly regex: RegExp;
}

/** A head of a row: its text, where the anchor sits in it, and how far before the head the row's match starts (`back`). */
interface HeadEntry {
  readonly text: string;
  readonly at: number;
  readonly back: number;
  readonly c: Compiled;
}

/** A word of a row anchored at words. */
interface WordEntry {
  readonly word: string;
  readonly c: Compiled;
  readonly quoted: boolean;
}

/** Entries by an ASCII character code (heads by a character beside the anchor, words by their last, folded as IGNORECASE does). */
type ByCode<T> = readonly (readonly T[] | undefined)[];

/**
 * The rows of one anchor, indexed so a hit costs a lookup or two whatever
 * the number of heads: heads by the character just before the anchor in
 * them, or for a head that starts with it, just after; words by their last
 * character.
 */
interface Group {
  readonly headsByBefore: ByCode<HeadEntry>;
  readonly headsByAfter: ByCode<HeadEntry>;
  /** Heads compared as Python's IGNORECASE does (`bearer`). */
  readonly foldedHeads: readonly HeadEntry[];
  readonly wordsByLast: ByCode<WordEntry> | undefined;
  readonly quotedWords: boolean;
}

/**
 * Characters common in prose (`.`, lower-case letters): an anchor among
 * them is found only where one of its heads stands around it, so the
 * search does not stop at every `b` for `bearer` or `p` for `dapi`.
 */
const common = /[a-z.]/;

/** The characters beyond ASCII that `fold` takes for an ASCII letter. */
const foldedToAscii = [0x130, 0x131, 0x17f, 0x212a];

/**
 * In the table of characters: one that is no anchor; one that is
 * invisible (it can hide a token, and the invisible-characters check
 * reports it); and one that check reports though it hides no token from
 * this reader (the Arabic letter mark), noted only.
 */
const plain = 0;
const invisibleMark = 255;
const notedMark = 254;

/**
 * The most ranges the search's class may hold. irregexp tests a class of
 * up to 16 ranges with inline comparisons and a longer one with a call per
 * character: one range more (U+061C, or any other) made the search four
 * times slower (measured on the benchmark's 6 MB file, V8 11.3).
 */
const inlineRanges = 16;

/** Code points Unicode leaves unassigned (U+2065, between the invisible operators and the isolates). */
const unassigned = /^\p{Cn}$/u;

/** What a scan noticed beside its matches, for a caller that passes it. */
export interface ScanNotes {
  /** Set when the string holds a character the invisible-characters check reports (text/invisibleChars.ts): only such strings need that check. */
  invisible: boolean;
}

export class SecretMatcher {
  private readonly groups: Group[] = [];
  /** For each UTF-16 code: 0, the anchor group's index + 1, `invisibleMark` or `notedMark`. */
  private readonly table = new Uint8Array(0x10000);
  /** The one search: every anchor character and every invisible one, the common ones only where a head stands around them. */
  private readonly search: RegExp;
  /**
   * `asWritten` reads strings only as written, as the writer's Python does
   * (the parity test with python3 uses it); by default a string holding
   * invisible characters is also read without them.
   */
  constructor(
    rows: readonly SecretRow[],
    private readonly asWritten = false,
  ) {
    const sources: string[] = [];
    const groups: {
      headsByBefore: (HeadEntry[] | undefined)[];
      headsByAfter: (HeadEntry[] | undefined)[];
      foldedHeads: HeadEntry[];
      wordsByLast: (WordEntry[] | undefined)[] | undefined;
      quotedWords: boolean;
    }[] = [];
    rows.forEach((row, rank) => {
      const anchor = row.anchor;
      let k = sources.indexOf(anchor.source);
      if (k === -1) {
        k = sources.push(anchor.source) - 1;
        for (const code of anchorCharacters(anchor.source)) {
          if (this.table[code] !== plain) throw new Error(`the anchors ${anchor.source} and ${sources[this.table[code]! - 1]} share the character ${String.fromCharCode(code)}`);
          this.table[code] = k + 1;
        }
        groups.push({ headsByBefore: byCode(), headsByAfter: byCode(), foldedHeads: [], wordsByLast: undefined, quotedWords: false });
      }
      const g = groups[k]!;
      const { source, flags } = row.python !== undefined ? translatePython(row.python) : { source: row.pattern ?? '(?!)', flags: row.ignoreCase ? 'iuy' : 'uy' };
      const c: Compiled = { row, rank, regex: new RegExp(source, source.includes('(?<secret>') ? `${flags}d` : flags) };
      if ('heads' in anchor) {
        const one = new RegExp(`^(?:${anchor.source})$`);
        for (const text of anchor.heads) {
          const at = [...text].findIndex((ch) => one.test(ch));
          if (at === -1 || text.length < 2 || !/^[\x20-\x7e]+$/.test(text)) throw new Error(`the head ${text} is not ASCII holding the anchor ${anchor.source} and more`);
          const e: HeadEntry = { text, at, back: anchor.back ?? 0, c };
          if (flags.includes('i')) g.foldedHeads.push(e);
          else if (at > 0) (g.headsByBefore[text.charCodeAt(at - 1)] ??= []).push(e);
          else (g.headsByAfter[text.charCodeAt(1)] ??= []).push(e);
        }
      } else {
        g.wordsByLast ??= byCode();
        for (const word of anchor.words) (g.wordsByLast[fold(word.charCodeAt(word.length - 1))] ??= []).push({ word, c, quoted: anchor.quoted === true });
        g.quotedWords ||= anchor.quoted === true;
      }
    });
    this.groups.push(...groups);
    for (const [from, to] of invisibleRanges) this.table.fill(invisibleMark, from, to + 1);
    for (const ch of invisibleChars.keys()) if (this.table[ch.charCodeAt(0)] === plain) this.table[ch.charCodeAt(0)] = notedMark;
    this.search = searchFor(
      this.table,
      sources.map((source, k) => {
        const g = groups[k]!;
        const heads = g.wordsByLast === undefined ? [...g.headsByBefore, ...g.headsByAfter].flatMap((es) => es ?? []) : undefined;
        return { codes: anchorCharacters(source), heads, folded: g.foldedHeads };
      }),
    );
  }

  /** Every match in `value`, placeholders included, in order, none overlapping (at one start, the first row wins). */
  matchAll(value: string): readonly SecretMatch[] {
    return this.scan(value, false, undefined);
  }

  /**
   * Every secret in `value`: the matches that are not placeholders or
   * documentation examples. `notes`, when given, says what else the scan
   * saw (it is only ever set).
   */
  find(value: string, notes?: ScanNotes): readonly SecretMatch[] {
    return this.scan(value, true, notes);
  }

  private scan(value: string, skipPlaceholders: boolean, notes: ScanNotes | undefined): readonly SecretMatch[] {
    if (value.length < shortestSecret) {
      if (notes) this.note(value, notes);
      return none;
    }
    return this.scanAsWritten(value, skipPlaceholders, !this.asWritten, notes) ?? this.scanVisible(value, skipPlaceholders);
  }

  /** What `notes` asks of `value`, without looking for secrets: a short string's characters, read one by one. */
  note(value: string, notes: ScanNotes): void {
    for (let i = 0; i < value.length && !notes.invisible; i++) {
      const t = this.table[value.charCodeAt(i)];
      if (t === invisibleMark || t === notedMark) notes.invisible = true;
    }
  }

  /**
   * The matches in `value` as written; undefined, when `stopAtInvisible`,
   * as soon as the pass meets an invisible character (the string is then
   * read both ways). Most strings hold no anchor at all: they cost the
   * pass, and allocate nothing.
   */
  private scanAsWritten(value: string, skipPlaceholders: boolean, stopAtInvisible: boolean, notes?: ScanNotes): readonly SecretMatch[] | undefined {
    const search = this.search;
    search.lastIndex = 0;
    let found: Ranked[] | undefined;
    // `test`, not `exec`: a hit is one character, read back from lastIndex, and no match array is built.
    while (search.test(value)) {
      const i = search.lastIndex - 1;
      const t = this.table[value.charCodeAt(i)]!;
      if (t >= notedMark) {
        if (notes) notes.invisible = true;
        if (t === invisibleMark && stopAtInvisible) return undefined;
        continue;
      }
      // An unassigned code point the class takes in to join two runs (see `searchFor`).
      if (t === plain) continue;
      found = this.tryGroup(value, this.groups[t - 1]!, i, skipPlaceholders, found);
    }
    return found !== undefined && found.length > 0 ? withoutOverlaps(found) : none;
  }

  /** Tries the rows of `group`, whose anchor character is at `i`; adds what matches to `found` (made when first needed). */
  private tryGroup(value: string, group: Group, i: number, skipPlaceholders: boolean, found: Ranked[] | undefined): Ranked[] | undefined {
    // Past either end, charCodeAt gives NaN, which is not below 0x80.
    const b = value.charCodeAt(i - 1);
    const before = b < 0x80 ? group.headsByBefore[b] : undefined;
    if (before !== undefined) found = tryHeads(value, before, i, skipPlaceholders, found);
    const a = value.charCodeAt(i + 1);
    const after = a < 0x80 ? group.headsByAfter[a] : undefined;
    if (after !== undefined) found = tryHeads(value, after, i, skipPlaceholders, found);
    for (const e of group.foldedHeads) {
      const start = i - e.at;
      if (start >= e.back && endsWithWord(value, start + e.text.length, e.text)) found = tryAt(value, e.c, start - e.back, skipPlaceholders, found);
    }
    const words = group.wordsByLast;
    if (words === undefined) return found;
    const end = beforeSpaces(value, i);
    found = tryWords(value, words, end, false, skipPlaceholders, found);
    if (group.quotedWords && end > 0 && isQuote(value.charCodeAt(end - 1))) found = tryWords(value, words, beforeSpaces(value, end - 1), true, skipPlaceholders, found);
    return found;
  }

  /**
   * The matches in `value` as written (what the writer's Python finds:
   * U+FEFF is no word character, so a token after one starts a word), and
   * those of `value` read without its invisible characters (a zero-width
   * space inside a token hides it from no one) that overlap none of them,
   * each range mapped back so that it covers the token's characters as
   * written, the invisible ones among them.
   */
  private scanVisible(value: string, skipPlaceholders: boolean): readonly SecretMatch[] {
    const written = this.scanAsWritten(value, skipPlaceholders, false)!;
    const at: number[] = [];
    let visible = '';
    for (let i = 0; i < value.length; i++) {
      if (isInvisible(value.charCodeAt(i))) continue;
      at.push(i);
      visible += value[i];
    }
    const revealed = this.scanAsWritten(visible, skipPlaceholders, false)!
      .map((f) => ({ pattern: f.pattern, start: at[f.start]!, end: at[f.end - 1]! + 1 }))
      .filter((f) => !written.some((w) => w.start < f.end && f.start < w.end));
    if (revealed.length === 0) return written;
    return [...written, ...revealed].sort((a, b) => a.start - b.start);
  }
}

/** The rows of `heads` whose head is there, its anchor at `i`. */
function tryHeads(value: string, heads: readonly HeadEntry[], i: number, skipPlaceholders: boolean, found: Ranked[] | undefined): Ranked[] | undefined {
  for (const e of heads) {
    const start = i - e.at;
    if (start >= e.back && value.startsWith(e.text, start)) found = tryAt(value, e.c, start - e.back, skipPlaceholders, found);
  }
  return found;
}

/** An empty index by ASCII code: every slot there (undefined), so a lookup never reads a hole. */
function byCode<T>(): (T[] | undefined)[] {
  return new Array<T[] | undefined>(0x80).fill(undefined);
}

/** The rows whose word ends at `end`; past a quote (`quoted`), only the rows that allow one. */
function tryWords(value: string, words: ByCode<WordEntry>, end: number, quoted: boolean, skipPlaceholders: boolean, found: Ranked[] | undefined): Ranked[] | undefined {
  if (end === 0) return found;
  const last = fold(value.charCodeAt(end - 1));
  const entries = last === -1 ? undefined : words[last];
  if (entries) for (const e of entries) if ((!quoted || e.quoted) && endsWithWord(value, end, e.word)) found = tryAt(value, e.c, end - e.word.length, skipPlaceholders, found);
  return found;
}

const matcher = new SecretMatcher(secretRows);

/** Every secret in `value`, in order, none overlapping; placeholders and documentation examples left out. */
export function findSecrets(value: string, notes?: ScanNotes): readonly SecretMatch[] {
  return matcher.find(value, notes);
}

/** Sets `notes` for `value` as `findSecrets` would, without looking for secrets (a key too short to scan). */
export function noteOnly(value: string, notes: ScanNotes): void {
  matcher.note(value, notes);
}

/** Every match of any row, placeholders too: what text the extension writes about a file hides. */
export function matchSecrets(value: string): readonly SecretMatch[] {
  return matcher.matchAll(value);
}

/** What a string without a match gives: one shared empty answer, not an array per string scanned. */
const none: readonly SecretMatch[] = Object.freeze([]);

/** Shorter strings cannot hold a match ("api" + "=" + 8 characters); a key shorter than that is not scanned at all, not even by a team's patterns. */
export const shortestSecret = 12;

/**
 * The search for `groups`' anchors and the invisible characters: one
 * character class (a regex alternation tries every alternative at every
 * position, three times the cost), then, only where the character found is
 * a common one, a look around it for the text of one of its heads. A group
 * of words is found at every anchor. What the look lets through is checked
 * in full after, so it need only never turn away a head.
 */
function searchFor(table: Uint8Array, groups: readonly { codes: readonly number[]; heads: readonly HeadEntry[] | undefined; folded: readonly HeadEntry[] }[]): RegExp {
  const all = groups.flatMap((g) => g.codes);
  const checked = groups.filter((g) => g.heads !== undefined && g.codes.some((c) => common.test(String.fromCharCode(c))));
  const marked = acrossUnassigned(rangesOf(table, (t) => t >= notedMark));
  if (marked.length + rangesOf(table, (t) => t !== plain && t < notedMark).length > inlineRanges) throw new Error(`the search's class would hold more than ${inlineRanges} ranges`);
  const invisibles = marked.map(([from, to]) => (from === to ? unit(from) : `${unit(from)}-${unit(to)}`)).join('');
  // Per group, from just after the character found: not (it is one of the group's and no head's look holds there).
  const refusals = checked.map((g) => {
    const looks = [...new Set([...g.heads!.map((e) => around(e, false)), ...g.folded.map((e) => around(e, true))])];
    return `(?<!(?!${looks.join('|')})[${g.codes.map(unit).join('')}])`;
  });
  return new RegExp(`[${all.map(unit).join('')}${invisibles}]${refusals.join('')}`, 'g');
}

/**
 * The look, from the anchor, for the characters of head `e` around it:
 * the two before it, or for a head that starts with it, the two after
 * (the longer the look, the longer each hit costs), exact or folded as
 * IGNORECASE does.
 */
function around(e: HeadEntry, folded: boolean): string {
  const text = (s: string): string => [...s].map((ch) => (folded ? foldedClass(ch) : unit(ch.charCodeAt(0)))).join('');
  return e.at > 0 ? `(?<=${text(e.text.slice(Math.max(0, e.at - 2), e.at))})` : `(?=${text(e.text.slice(0, 3))})`;
}

/** The characters Python's IGNORECASE takes for `ch` (see `fold`), as a class. */
function foldedClass(ch: string): string {
  const codes = new Set([ch.toLowerCase().charCodeAt(0), ch.toUpperCase().charCodeAt(0)]);
  for (const c of foldedToAscii) if (fold(c) === fold(ch.charCodeAt(0))) codes.add(c);
  return `[${[...codes].map(unit).join('')}]`;
}

/** The runs of codes whose mark in `table` passes `test`, as [first, last] pairs. */
function rangesOf(table: Uint8Array, test: (mark: number) => boolean): [number, number][] {
  const ranges: [number, number][] = [];
  for (let c = 0; c < table.length; c++) {
    if (!test(table[c]!)) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === c - 1) last[1] = c;
    else ranges.push([c, c]);
  }
  return ranges;
}

/**
 * `ranges` with each two joined that only unassigned code points part: one
 * range fewer in the class for each. Such a code point found is no anchor
 * and not invisible, and the scan goes on past it.
 */
function acrossUnassigned(ranges: readonly [number, number][]): [number, number][] {
  const joined: [number, number][] = [];
  for (const [from, to] of ranges) {
    const last = joined[joined.length - 1];
    let gap = last ? last[1] + 1 : from;
    while (gap < from && unassigned.test(String.fromCharCode(gap))) gap++;
    if (last && gap === from) last[1] = to;
    else joined.push([from, to]);
  }
  return joined;
}

/** `c` as a regex escape, safe inside a class and out. */
function unit(c: number): string {
  return `\\u${c.toString(16).padStart(4, '0')}`;
}

/** The codes of the ASCII characters an anchor's source matches: one character, or a class of them. */
function anchorCharacters(source: string): number[] {
  const one = new RegExp(`^(?:${source})$`);
  const codes: number[] = [];
  for (let code = 0; code < 0x80; code++) if (one.test(String.fromCharCode(code))) codes.push(code);
  if (codes.length === 0) throw new Error(`the anchor ${source} matches no ASCII character`);
  return codes;
}

/** A match and the rank of its row, for the tie at one start. */
interface Ranked extends SecretMatch {
  readonly rank: number;
}

/** `found` with `c`'s match at `start` added, if there is one (the array made when first needed). */
function tryAt(value: string, c: Compiled, start: number, skipPlaceholders: boolean, found: Ranked[] | undefined): Ranked[] | undefined {
  const boundary = c.row.boundary ?? (c.row.python !== undefined ? 'word' : 'letter');
  if (boundary !== 'none' && start > 0 && (boundary === 'word' ? followsWordChar(value, start) : followsLetter(value, start))) return found;
  c.regex.lastIndex = start;
  const hit = c.regex.exec(value);
  if (!hit) return found;
  const span = hit.indices?.groups?.['secret'];
  const from = span ? span[0] : start;
  let to = span ? span[1] : start + hit[0].length;
  while (to > from && trailingSpace.test(value[to - 1]!)) to--;
  if (skipPlaceholders && (isPlaceholder(value.slice(from, to), hit.groups?.['user'], c.row.generic === true) || belowEntropy(value, from, to, c.row.entropy))) return found;
  const match = { pattern: c.row, start: from, end: to, rank: c.rank };
  if (found === undefined) return [match];
  found.push(match);
  return found;
}

/** What a row's own `\s` may have taken at the end of a match (a private key's last line break): JavaScript's. */
const trailingSpace = /\s/;

/** Where the whitespace (Python's `\s`) that ends just before `at` begins. */
function beforeSpaces(s: string, at: number): number {
  let end = at;
  while (end > 0 && isSpace(s.charCodeAt(end - 1))) end--;
  return end;
}

/** Python's `str.isspace` for one UTF-16 unit (every such character is in the BMP). */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

function isQuote(c: number): boolean {
  return c === 34 || c === 39;
}

/** The ASCII letter (lower case) Python's IGNORECASE takes `c` for, or -1: ASCII letters and `İ`, `ı`, `ſ`, the Kelvin sign. */
function fold(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c + 32 : c;
  if (c === 0x130 || c === 0x131) return 105;
  if (c === 0x17f) return 115;
  if (c === 0x212a) return 107;
  return -1;
}


/** Whether `s` has the word `w` just before `end`, compared as Python's IGNORECASE does. */
function endsWithWord(s: string, end: number, w: string): boolean {
  const start = end - w.length;
  if (start < 0) return false;
  for (let i = 0; i < w.length; i++) if (fold(s.charCodeAt(start + i)) !== fold(w.charCodeAt(i))) return false;
  return true;
}

/**
 * Sorted by start (table order at equal starts), each kept only if it does
 * not overlap one kept before; but a precise match inside a broad row's
 * match (`token=` + a Slack token) takes its place.
 */
function withoutOverlaps(found: Ranked[]): SecretMatch[] {
  const kept: SecretMatch[] = [];
  for (const f of found.sort((a, b) => a.start - b.start || a.rank - b.rank)) {
    const last = kept[kept.length - 1];
    const match: SecretMatch = { pattern: f.pattern, start: f.start, end: f.end };
    if (!last || f.start >= last.end) kept.push(match);
    else if (last.pattern.generic && !f.pattern.generic && f.end <= last.end) kept[kept.length - 1] = match;
  }
  return kept;
}

/** A character Python's `\w` matches in a str pattern: a letter, a digit, or `_`. */
const wordChar = /[\p{L}\p{N}_]/u;

function followsLetter(s: string, at: number): boolean {
  const low = s.charCodeAt(at - 1);
  if (low < 128) return (low >= 97 && low <= 122) || (low >= 65 && low <= 90);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return letter.test(String.fromCodePoint(s.codePointAt(start)!));
}

const letter = /\p{L}/u;

function followsWordChar(s: string, at: number): boolean {
  if (at === 0) return false;
  const low = s.charCodeAt(at - 1);
  if (low < 128) return (low >= 97 && low <= 122) || (low >= 65 && low <= 90) || (low >= 48 && low <= 57) || low === 95;
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return wordChar.test(String.fromCodePoint(s.codePointAt(start)!));
}

/** Words a writer of documentation or a template puts where a secret goes (lower case). */
const placeholderWords = ['your', 'replace', 'placeholder', 'changeme', 'redacted', 'dummy', 'xxxx', '***', '...', '…', '%s'];

/**
 * The word a documentation example holds: a placeholder only in a broad
 * row's value (`token = "an-example-value"`). A precise row's match is
 * real-shaped (`dckr_pat_Example…`, `lin_api_…EXAMPLE` are tokens that
 * happen to hold it); the vendors' own published examples are listed
 * (exampleSecrets.ts).
 */
const exampleWord = 'example';

/** Code that reads the secret from elsewhere: `process.env.TOKEN`, `os.environ["KEY"]`, `getenv("KEY")`. */
const readsEnvironment = /process\.env|os\.environ|getenv/i;

/** Brackets: a template (`<token>`, `{{token}}`, `${TOKEN}`) or code (`os.environ["KEY"]`), never a key. */
const brackets = /[()[\]{}<>]/;

/** The value of an assignment (`token = value`). */
const assigned = /^[A-Za-z_-]+\s*[=:]\s*/;

/** Passwords in a URL that only stand for one. */
const placeholderPasswords = new Set(['password', 'passwd', 'pass', 'pwd', 'secret', 'mypassword', 'pass123', 'changeit']);

/**
 * A match that is not a secret: a placeholder, a documentation example, a
 * variable (`$TOKEN`), too few distinct characters to be a key (`1111`), a
 * URL whose password is its user name or a stand-in. For the writer's
 * assignment row (`token = …`) the value after `=` or `:` is judged.
 */
export function isPlaceholder(secret: string, user?: string, assignment = false): boolean {
  if (brackets.test(secret) || readsEnvironment.test(secret) || isPublishedExample(secret)) return true;
  const lower = secret.toLowerCase();
  for (const w of placeholderWords) if (lower.includes(w)) return true;
  if (assignment && lower.includes(exampleWord)) return true;
  const prefix = assignment ? assigned.exec(secret) : null;
  const value = prefix && prefix[0].length < secret.length ? secret.slice(prefix[0].length) : secret;
  if (value.startsWith('$') || fewerDistinctThan(value, 4)) return true;
  return user !== undefined && (value === user || value.length < 4 || placeholderPasswords.has(value.toLowerCase()));
}

/** Whether `value[from, to)` has less Shannon entropy per character than `least` (gitleaks' measure); never, without a threshold. */
function belowEntropy(value: string, from: number, to: number, least: number | undefined): boolean {
  if (least === undefined || to <= from) return false;
  const counts = new Map<number, number>();
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const n = to - from;
  let bits = 0;
  for (const k of counts.values()) bits -= (k / n) * Math.log2(k / n);
  return bits < least;
}

function fewerDistinctThan(s: string, n: number): boolean {
  const seen: number[] = [];
  for (let i = 0; i < s.length && seen.length < n; i++) {
    const c = s.charCodeAt(i);
    if (!seen.includes(c)) seen.push(c);
  }
  return seen.length < n;
}
