// The secret patterns the capture writer redacts (FORMATS.md B.4), as data,
// and the matcher that finds them in a string value. Patterns are kept in
// the writer's own (Python) syntax; `compile` turns each into a JavaScript
// regex. Turn texts run to megabytes, so the matcher does not run ten
// regexes over every string: each pattern names an anchor, a short piece
// every match contains that is rare in prose (`-` of `sk-`, `=` of
// `token=`), one search for all anchors passes over each string, and the
// full pattern runs only where its anchor says a match would start.

/**
 * Where a pattern's matches start relative to its anchor (`source`, a
 * JavaScript regex without capture groups): `back` characters before it, or
 * at one of `words` that ends just before it (whitespace allowed between).
 * Two patterns' anchors either are the same source or never match the same text.
 */
export type Anchor = { readonly source: string; readonly back: number } | { readonly source: string; readonly words: readonly string[] };

export interface SecretPattern {
  /** Stable id, carried in the finding's data. */
  readonly kind: string;
  /** How a message names it, never quoting it. */
  readonly label: string;
  /** The writer's regex, verbatim. */
  readonly python: string;
  readonly anchor: Anchor;
}

const assignment = '[=:]';

export const secretPatterns: readonly SecretPattern[] = [
  {
    kind: 'bearer-token',
    label: 'a bearer token',
    python: String.raw`(?i)\bbearer\s+[A-Za-z0-9._~+/=\-]{8,}`,
    anchor: { source: '[bB][eE][aA][rR][eE][rR]', back: 0 },
  },
  {
    kind: 'authorization-header',
    label: 'an authorization header',
    python: String.raw`(?i)\bauthorization\s*:\s*[A-Za-z0-9._~+/=\-]{8,}`,
    anchor: { source: assignment, words: ['authorization'] },
  },
  { kind: 'anthropic-key', label: 'an Anthropic API key', python: String.raw`\bsk-ant-[A-Za-z0-9_-]{16,}`, anchor: { source: '-', back: 2 } },
  { kind: 'secret-key', label: 'an API secret key (sk-)', python: String.raw`\bsk-[A-Za-z0-9_-]{16,}`, anchor: { source: '-', back: 2 } },
  { kind: 'github-token', label: 'a GitHub token', python: String.raw`\bghp_[A-Za-z0-9]{20,}`, anchor: { source: '_', back: 3 } },
  { kind: 'github-server-token', label: 'a GitHub server token', python: String.raw`\bghs_[A-Za-z0-9]{20,}`, anchor: { source: '_', back: 3 } },
  { kind: 'github-oauth-token', label: 'a GitHub OAuth token', python: String.raw`\bgho_[A-Za-z0-9]{20,}`, anchor: { source: '_', back: 3 } },
  { kind: 'aws-access-key', label: 'an AWS access key id', python: String.raw`\bAKIA[0-9A-Z]{16}\b`, anchor: { source: 'K', back: 1 } },
  {
    kind: 'jwt',
    label: 'a JSON web token',
    python: String.raw`\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`,
    anchor: { source: 'J', back: 2 },
  },
  {
    kind: 'credential-assignment',
    label: 'a password or key assignment',
    python: String.raw`(?i)\b(password|passwd|token|secret|api[_-]?key)\s*[=:]\s*[^\s&"']{8,}`,
    anchor: { source: assignment, words: ['password', 'passwd', 'token', 'secret', 'apikey', 'api_key', 'api-key'] },
  },
];

/** What the writer puts in place of a secret, and what the redact fix writes. */
export const redaction = '[REDACTED]';

export interface SecretMatch {
  readonly pattern: SecretPattern;
  /** UTF-16 offsets in the string value. */
  readonly start: number;
  readonly end: number;
}

/** A character Python's `\w` matches in a str pattern: a letter, a digit, or `_`. */
const wordChar = /[\p{L}\p{N}_]/u;

/**
 * Python regex -> sticky JavaScript regex. A leading `\b` is dropped (the
 * matcher checks it with Python's Unicode notion of a word character, which
 * JavaScript's `\b` lacks); a trailing `\b` becomes a lookahead for the same.
 */
export function compile(python: string): RegExp {
  let source = python;
  let flags = 'uy';
  if (source.startsWith('(?i)')) {
    source = source.slice(4);
    flags += 'i';
  }
  if (source.startsWith('\\b')) source = source.slice(2);
  if (source.endsWith('\\b')) source = `${source.slice(0, -2)}(?![\\p{L}\\p{N}_])`;
  return new RegExp(source, flags);
}

interface Compiled {
  readonly pattern: SecretPattern;
  readonly regex: RegExp;
  /** The literal a case-sensitive pattern starts with (`sk-`, `AKIA`), checked before the regex runs. */
  readonly head: string;
}

/** The literal characters a case-sensitive Python pattern starts with, after its `\b`. */
function literalHead(python: string): string {
  if (python.startsWith('(?i)')) return '';
  return /^(?:\\b)?([^\\^$.|?*+()[\]{}]*)/.exec(python)?.[1] ?? '';
}

/**
 * The patterns grouped by anchor, in table order; one search for all
 * anchors (no capture groups: a hit allocates nothing but its match); the
 * anchor a hit belongs to, by its text for the anchors of one character
 * (most hits), else by a sticky regex per anchor.
 */
const { groups, anchorSearch, anchorAt, anchorOfChar } = ((): {
  groups: readonly (readonly Compiled[])[];
  anchorSearch: RegExp;
  anchorAt: readonly RegExp[];
  anchorOfChar: ReadonlyMap<string, number>;
} => {
  const sources: string[] = [];
  const grouped: Compiled[][] = [];
  for (const pattern of secretPatterns) {
    let k = sources.indexOf(pattern.anchor.source);
    if (k === -1) {
      k = sources.push(pattern.anchor.source) - 1;
      grouped.push([]);
    }
    grouped[k]!.push({ pattern, regex: compile(pattern.python), head: literalHead(pattern.python) });
  }
  // A hit whose text is one such character came from the first anchor that matches exactly that text.
  const byChar = new Map<string, number>();
  for (const c of sources.flatMap(singleCharacters)) byChar.set(c, sources.findIndex((t) => new RegExp(`^(?:${t})$`).test(c)));
  return { groups: grouped, anchorSearch: new RegExp(sources.join('|'), 'g'), anchorAt: sources.map((t) => new RegExp(t, 'y')), anchorOfChar: byChar };
})();

/** The characters an anchor of one character matches (`-`, `[=:]`), or none for a longer one. */
function singleCharacters(source: string): string[] {
  if (/^[A-Za-z0-9_=:-]$/.test(source)) return [source];
  const set = /^\[([A-Za-z0-9_=:]+)\]$/.exec(source);
  return set ? [...set[1]!] : [];
}

/** Shorter strings cannot hold a match ("api" + "=" + 8 characters). */
const shortestSecret = 12;

/** Every secret in `value`, in order, none overlapping (at one start, the first pattern in the table wins). */
export function findSecrets(value: string): SecretMatch[] {
  if (value.length < shortestSecret) return [];
  let found: SecretMatch[] | undefined;
  anchorSearch.lastIndex = 0;
  for (let m = anchorSearch.exec(value); m !== null; m = anchorSearch.exec(value)) {
    for (const c of groups[anchorOf(value, m)]!) {
      const anchor = c.pattern.anchor;
      if ('back' in anchor) found = tryAt(value, c, m.index - anchor.back, found);
      else {
        const end = beforeSpaces(value, m.index);
        for (const w of anchor.words) if (endsWithWord(value, end, w)) found = tryAt(value, c, end - w.length, found);
      }
    }
  }
  return found ? withoutOverlaps(found) : [];
}

/** Which anchor the search's hit `m` is: the first, in table order, that matches where it matched (as the alternation chose). */
function anchorOf(value: string, m: RegExpExecArray): number {
  const byChar = m[0].length === 1 ? anchorOfChar.get(m[0]) : undefined;
  if (byChar !== undefined) return byChar;
  let k = 0;
  for (; k < anchorAt.length - 1; k++) {
    anchorAt[k]!.lastIndex = m.index;
    if (anchorAt[k]!.test(value)) break;
  }
  return k;
}

/** `found` with `c`'s match at `start` added, if there is one (a new list on the first). */
function tryAt(value: string, c: Compiled, start: number, found: SecretMatch[] | undefined): SecretMatch[] | undefined {
  if (start < 0 || !value.startsWith(c.head, start) || followsWordChar(value, start)) return found;
  c.regex.lastIndex = start;
  const hit = c.regex.exec(value);
  if (!hit) return found;
  (found ??= []).push({ pattern: c.pattern, start, end: start + hit[0].length });
  return found;
}

/** Where the whitespace that ends just before `at` begins. */
function beforeSpaces(s: string, at: number): number {
  let end = at;
  while (end > 0 && isSpace(s.charCodeAt(end - 1))) end--;
  return end;
}

function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return /\s/.test(String.fromCharCode(c));
}

/** Whether `s` has the (lower-case) word `w` just before `end`, compared case-insensitively as `toLowerCase` does. */
function endsWithWord(s: string, end: number, w: string): boolean {
  const start = end - w.length;
  if (start < 0) return false;
  for (let i = 0; i < w.length; i++) {
    const c = s.charCodeAt(start + i);
    // Outside ASCII, lower-casing can change lengths (and the Kelvin sign is a k): let toLowerCase judge.
    if (c >= 128) return s.slice(start, end).toLowerCase() === w;
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== w.charCodeAt(i)) return false;
  }
  return true;
}

/** Sorted by start (stable: table order at equal starts), each kept only if it does not overlap one kept before. */
function withoutOverlaps(found: SecretMatch[]): SecretMatch[] {
  if (found.length < 2) return found;
  const kept: SecretMatch[] = [];
  for (const f of [...found].sort((a, b) => a.start - b.start)) {
    const last = kept[kept.length - 1];
    if (!last || f.start >= last.end) kept.push(f);
  }
  return kept;
}

function followsWordChar(s: string, at: number): boolean {
  if (at === 0) return false;
  const low = s.charCodeAt(at - 1);
  if (low < 128) return (low >= 97 && low <= 122) || (low >= 65 && low <= 90) || (low >= 48 && low <= 57) || low === 95;
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return wordChar.test(String.fromCodePoint(s.codePointAt(start)!));
}
