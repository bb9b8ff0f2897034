// The matcher that finds secrets in a string: every row of the scanner
// table (scannerSecrets.ts) and the writer's ten (writerSecrets.ts). Turn
// texts run to megabytes, so it does not run fifty regexes over every
// string: each row names an anchor, a short piece every match contains that
// is rare in prose (`_` of `ghp_`, `-` of `glpat-`, `:` of `https:`), one
// search for all anchors passes over each string, and a row's regex runs
// only where its anchor says a match would start. Placeholders and
// documentation examples (`AKIAIOSFODNN7EXAMPLE`, `<your token>`, `xxxx`,
// `${TOKEN}`, a URL whose password is `password`) are not findings.

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
const invisible = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

function isInvisible(c: number): boolean {
  return c === 0xad || c === 0x180e || (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x2069) || c === 0xfeff;
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

/** A head of a row anchored at heads: the text and the row. */
interface HeadEntry {
  readonly text: string;
  readonly c: Compiled;
}

/** A word of a row anchored at words. */
interface WordEntry {
  readonly word: string;
  readonly c: Compiled;
  readonly quoted: boolean;
}

/**
 * The rows of one anchor source, indexed so a hit costs a lookup or two:
 * heads by where the anchor sits in them and then by their first
 * character; words by their last character (folded as IGNORECASE does).
 */
interface Group {
  readonly headsAt: readonly { readonly at: number; readonly byFirst: ReadonlyMap<number, readonly HeadEntry[]> }[];
  /** Heads compared as Python's IGNORECASE does (`bearer`). */
  readonly foldedHeads: readonly (HeadEntry & { readonly at: number })[];
  readonly wordsByLast: ReadonlyMap<number, readonly WordEntry[]>;
  readonly quotedWords: boolean;
  /** Rows whose match starts a fixed number of characters before the anchor. */
  readonly backs: readonly { readonly back: number; readonly c: Compiled }[];
}

export class SecretMatcher {
  private readonly groups: Group[] = [];
  private readonly anchorSearch: RegExp;
  private readonly anchorAt: readonly RegExp[];
  private readonly anchorOfChar = new Map<string, number>();

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
      headsAt: Map<number, Map<number, HeadEntry[]>>;
      foldedHeads: (HeadEntry & { at: number })[];
      wordsByLast: Map<number, WordEntry[]>;
      quotedWords: boolean;
      backs: { back: number; c: Compiled }[];
    }[] = [];
    rows.forEach((row, rank) => {
      let k = sources.indexOf(row.anchor.source);
      if (k === -1) {
        k = sources.push(row.anchor.source) - 1;
        groups.push({ headsAt: new Map(), foldedHeads: [], wordsByLast: new Map(), quotedWords: false, backs: [] });
      }
      const g = groups[k]!;
      const { source, flags } = row.python !== undefined ? translatePython(row.python) : { source: row.pattern ?? '(?!)', flags: row.ignoreCase ? 'iuy' : 'uy' };
      const c: Compiled = { row, rank, regex: new RegExp(source, source.includes('(?<secret>') ? `${flags}d` : flags) };
      const anchor = row.anchor;
      if ('back' in anchor) g.backs.push({ back: anchor.back, c });
      else if ('heads' in anchor) {
        const sticky = new RegExp(anchor.source, 'y');
        for (const text of anchor.heads) {
          const at = anchorIndex(sticky, text);
          if (flags.includes('i')) g.foldedHeads.push({ text, c, at });
          else {
            const byFirst = g.headsAt.get(at) ?? g.headsAt.set(at, new Map()).get(at)!;
            const first = text.charCodeAt(0);
            (byFirst.get(first) ?? byFirst.set(first, []).get(first)!).push({ text, c });
          }
        }
      } else {
        for (const word of anchor.words) {
          const last = fold(word.charCodeAt(word.length - 1));
          (g.wordsByLast.get(last) ?? g.wordsByLast.set(last, []).get(last)!).push({ word, c, quoted: anchor.quoted === true });
        }
        g.quotedWords ||= anchor.quoted === true;
      }
    });
    for (const g of groups) this.groups.push({ ...g, headsAt: [...g.headsAt].map(([at, byFirst]) => ({ at, byFirst })) });
    // A hit whose text is one such character came from the first anchor that matches exactly that text.
    for (const c of sources.flatMap(singleCharacters)) {
      if (!this.anchorOfChar.has(c)) this.anchorOfChar.set(c, sources.findIndex((t) => new RegExp(`^(?:${t})$`).test(c)));
    }
    this.anchorSearch = new RegExp(sources.join('|'), 'g');
    this.anchorAt = sources.map((t) => new RegExp(t, 'y'));
  }

  /** Every match in `value`, placeholders included, in order, none overlapping (at one start, the first row wins). */
  matchAll(value: string): readonly SecretMatch[] {
    return this.scan(value, false);
  }

  /** Every secret in `value`: the matches that are not placeholders or documentation examples. */
  find(value: string): readonly SecretMatch[] {
    return this.scan(value, true);
  }

  private scan(value: string, skipPlaceholders: boolean): readonly SecretMatch[] {
    if (value.length < shortestSecret) return none;
    // A search of its own: in the anchors' alternation, the class slowed every string's search by half.
    return !this.asWritten && invisible.test(value) ? this.scanVisible(value, skipPlaceholders) : this.scanAsWritten(value, skipPlaceholders);
  }

  private scanAsWritten(value: string, skipPlaceholders: boolean): readonly SecretMatch[] {
    const search = this.anchorSearch;
    search.lastIndex = 0;
    let m = search.exec(value);
    // Most strings hold no anchor at all: they cost one search that allocates nothing (every string of a reply is scanned).
    if (m === null) return none;
    const found: Ranked[] = [];
    for (; m !== null; m = search.exec(value)) {
      const group = this.groups[this.anchorOf(value, m)]!;
      for (const { at, byFirst } of group.headsAt) {
        const start = m.index - at;
        const entries = start >= 0 ? byFirst.get(value.charCodeAt(start)) : undefined;
        if (entries) for (const e of entries) if (value.startsWith(e.text, start)) tryAt(value, e.c, start, skipPlaceholders, found);
      }
      for (const e of group.foldedHeads) {
        const start = m.index - e.at;
        if (start >= 0 && endsWithWord(value, start + e.text.length, e.text)) tryAt(value, e.c, start, skipPlaceholders, found);
      }
      for (const b of group.backs) if (m.index >= b.back) tryAt(value, b.c, m.index - b.back, skipPlaceholders, found);
      if (group.wordsByLast.size === 0) continue;
      const end = beforeSpaces(value, m.index);
      this.tryWords(value, group, end, false, skipPlaceholders, found);
      if (group.quotedWords && end > 0 && isQuote(value.charCodeAt(end - 1))) this.tryWords(value, group, beforeSpaces(value, end - 1), true, skipPlaceholders, found);
    }
    return found.length > 0 ? withoutOverlaps(found) : none;
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
    const written = this.scanAsWritten(value, skipPlaceholders);
    const at: number[] = [];
    let visible = '';
    for (let i = 0; i < value.length; i++) {
      if (isInvisible(value.charCodeAt(i))) continue;
      at.push(i);
      visible += value[i];
    }
    const revealed = this.scanAsWritten(visible, skipPlaceholders)
      .map((f) => ({ pattern: f.pattern, start: at[f.start]!, end: at[f.end - 1]! + 1 }))
      .filter((f) => !written.some((w) => w.start < f.end && f.start < w.end));
    if (revealed.length === 0) return written;
    return [...written, ...revealed].sort((a, b) => a.start - b.start);
  }

  /** The rows whose word ends at `end`; past a quote (`quoted`), only the rows that allow one. */
  private tryWords(value: string, group: Group, end: number, quoted: boolean, skipPlaceholders: boolean, found: Ranked[]): void {
    if (end === 0) return;
    const entries = group.wordsByLast.get(fold(value.charCodeAt(end - 1)));
    if (!entries) return;
    for (const e of entries) if ((!quoted || e.quoted) && endsWithWord(value, end, e.word)) tryAt(value, e.c, end - e.word.length, skipPlaceholders, found);
  }

  /** Which anchor the search's hit `m` is: the first, in table order, that matches where it matched (as the alternation chose). */
  private anchorOf(value: string, m: RegExpExecArray): number {
    const byChar = m[0].length === 1 ? this.anchorOfChar.get(m[0]) : undefined;
    if (byChar !== undefined) return byChar;
    let k = 0;
    for (; k < this.anchorAt.length - 1; k++) {
      this.anchorAt[k]!.lastIndex = m.index;
      if (this.anchorAt[k]!.test(value)) break;
    }
    return k;
  }
}

const matcher = new SecretMatcher(secretRows);

/** Every secret in `value`, in order, none overlapping; placeholders and documentation examples left out. */
export function findSecrets(value: string): readonly SecretMatch[] {
  return matcher.find(value);
}

/** Every match of any row, placeholders too: what text the extension writes about a file hides. */
export function matchSecrets(value: string): readonly SecretMatch[] {
  return matcher.matchAll(value);
}

/** What a string without a match gives: one shared empty answer, not an array per string scanned. */
const none: readonly SecretMatch[] = Object.freeze([]);

/** Shorter strings cannot hold a match ("api" + "=" + 8 characters). */
const shortestSecret = 12;

function anchorIndex(anchor: RegExp, head: string): number {
  for (let i = 0; i < head.length; i++) {
    anchor.lastIndex = i;
    if (anchor.test(head)) return i;
  }
  throw new Error(`the anchor ${anchor.source} is not in the head ${head}`);
}

/** The characters an anchor of one character matches (`-`, `[=:]`), or none for a longer one. */
function singleCharacters(source: string): string[] {
  if (/^[A-Za-z0-9_=:-]$/.test(source)) return [source];
  const set = /^\[([A-Za-z0-9_=:]+)\]$/.exec(source);
  return set ? [...set[1]!] : [];
}

/** A match and the rank of its row, for the tie at one start. */
interface Ranked extends SecretMatch {
  readonly rank: number;
}

/** Adds `c`'s match at `start` to `found`, if there is one. */
function tryAt(value: string, c: Compiled, start: number, skipPlaceholders: boolean, found: Ranked[]): void {
  const boundary = c.row.boundary ?? (c.row.python !== undefined ? 'word' : 'letter');
  if (boundary !== 'none' && start > 0 && (boundary === 'word' ? followsWordChar(value, start) : followsLetter(value, start))) return;
  c.regex.lastIndex = start;
  const hit = c.regex.exec(value);
  if (!hit) return;
  const span = hit.indices?.groups?.['secret'];
  const from = span ? span[0] : start;
  let to = span ? span[1] : start + hit[0].length;
  while (to > from && trailingSpace.test(value[to - 1]!)) to--;
  if (skipPlaceholders && (isPlaceholder(value.slice(from, to), hit.groups?.['user'], c.row.generic === true) || belowEntropy(value, from, to, c.row.entropy))) return;
  found.push({ pattern: c.row, start: from, end: to, rank: c.rank });
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
