// Secrets everywhere a `.prompts` file can ship one: every string value,
// every key, every comment. Each finding sits on the exact characters of
// the secret in the source (escapes included), names its kind and never
// repeats it. Replacing the finding's range with `[REDACTED]` is the fix:
// in a string the range covers whole escape sequences, so the literal stays
// well-formed; in a comment it covers comment text only. A finding an allow
// comment silences (secretComments.ts) is reported as a hint that says
// which comment allows it, so the silencing stays reviewable.

import type { SeverityLevel } from '../../finding';
import type { Block } from '../toml/block';
import type { Span } from '../toml/syntaxTree';
import type { PathSegment } from '../toml/tableView';
import { promptsCodes as codes } from './codes';
import type { Report } from './report';
import { allowingComment, commentSpan, commentText, outsideQuoted, overlapsAny, quotedSpans } from './secretComments';
import { findSecrets, isPlaceholder, noteOnly, redaction, type ScanNotes, type SecretMatch, shortestSecret } from './secrets';
import { keyOf, keySpans, stringSpans, type StringVisitor, walkStrings } from './valueWalk';
import { type ExtraSecretPattern, teamMatches, teamPatterns, type TeamPattern } from './teamPatterns';

export type { ExtraSecretPattern } from './teamPatterns';

export interface SecretOptions {
  /** Severity per kind (`github-token`, `private-key`, a team's own kind); kinds not listed are warnings. */
  readonly severity?: Readonly<Record<string, SeverityLevel>>;
  /** Every secret an error, whatever `severity` says (the command line's `--strict-secrets`); `off` stays off. */
  readonly strict?: boolean;
  readonly extraPatterns?: readonly ExtraSecretPattern[];
}

/** A match as this check reports it: the kind and label may be a team's own. */
interface Found {
  readonly kind: string;
  readonly label: string;
  /** A pattern of the capture writer's own list: a file holding it is one the writer would have scrubbed, and the message says so. */
  readonly writer?: boolean;
  readonly start: number;
  readonly end: number;
}

/**
 * Reports the secrets of `block`. With `invisible`, the walk also hands it
 * every string and key that holds a character it reports (the scan notes
 * them; a string too short to scan is read for them alone):
 * validation runs the invisible-characters check that way, in the same
 * walk, instead of a walk and a search of its own over every string.
 */
export function checkSecrets(report: Report, block: Block, options: SecretOptions = {}, invisible?: StringVisitor): void {
  const extra = teamPatterns(options.extraPatterns).patterns;
  const notes: ScanNotes = { invisible: false };
  const find = (s: string): readonly Found[] => {
    const matches = findSecrets(s, invisible && notes);
    // Most strings hold nothing: they cost the search, and no array of their own.
    if (extra.length === 0) return matches.length === 0 ? nothing : matches.map(asFound);
    return withoutOverlaps([...matches.map(asFound), ...extraMatches(s, extra)]);
  };
  const reported: Span[] = [];
  if (block.value) {
    walkStrings(block.value, {
      string: (v, path) => {
        notes.invisible = false;
        const found = find(v);
        if (found.length > 0) reportInString(report, block, path, found, options, reported);
        if (invisible && notes.invisible) invisible.string(v, path);
      },
      key: (key, path) => {
        notes.invisible = false;
        if (key.length < shortestSecret && invisible) noteOnly(key, notes);
        const found = key.length < shortestSecret ? nothing : find(key);
        if (found.length > 0) reportInKey(report, block, path, key, found, options);
        if (invisible && notes.invisible) invisible.key(key, path);
      },
    });
  }
  checkComments(report, block, find, options, reported);
}

const nothing: readonly Found[] = Object.freeze([]);

function asFound(m: SecretMatch): Found {
  return { kind: m.pattern.kind, label: m.pattern.label, start: m.start, end: m.end, ...(m.pattern.python !== undefined && { writer: true }) };
}

function reportInString(report: Report, block: Block, path: readonly PathSegment[], found: readonly Found[], options: SecretOptions, reported: Span[]): void {
  const { spans, literal, fallback } = stringSpans(block, path, found);
  // One allow comment covers the whole literal: looked for once, however many secrets it holds.
  const allowed = allowingComment(block.text, literal ?? fallback, false);
  found.forEach((m, i) => {
    const exact = spans[i];
    if (exact) reported.push(exact);
    // Without the exact characters (the index and the parser disagree) the value is shown, but no redaction is offered.
    add(report, block, exact ?? fallback, allowed, keyOf(path), m, options, exact !== undefined);
  });
}

function reportInKey(report: Report, block: Block, path: readonly PathSegment[], key: string, found: readonly Found[], options: SecretOptions): void {
  const { spans, segment } = keySpans(block, path, key, found);
  const allowed = allowingComment(block.text, segment, false);
  found.forEach((m, i) => add(report, block, spans[i]!, allowed, 'a key name', m, options, false));
}

/** Secrets in the comments of the block, consecutive comment lines read as one text. */
function checkComments(report: Report, block: Block, find: (s: string) => readonly Found[], options: SecretOptions, reported: readonly Span[]): void {
  const comments = commentText(block.text);
  if (!comments || comments.joined.length < shortestSecret) return;
  const candidates = find(comments.joined);
  if (candidates.length === 0) return;
  let quoted: Span[] | undefined;
  const values = [...reported].sort((a, b) => a.start - b.start);
  const allowedIn = new Map<number, number | undefined>();
  for (const m of candidates) {
    const span = commentSpan(comments, m.start, m.end);
    // A `#` inside a string is no comment: what follows it is the string's, reported (or not) as its value.
    if (overlapsAny(values, span.start, span.end)) continue;
    quoted ??= quotedSpans(block.root);
    if (!outsideQuoted(quoted, span.start)) continue;
    // One look per comment line, however many secrets it holds.
    const line = block.text.lastIndexOf('\n', span.end - 1);
    if (!allowedIn.has(line)) allowedIn.set(line, allowingComment(block.text, span, true));
    add(report, block, span, allowedIn.get(line), 'a comment', m, options, true);
  }
}

/** Reports `m` at `span`: as allowed when a comment at offset `allowedBy` silences it, else at its kind's severity. */
function add(report: Report, block: Block, span: Span, allowedBy: number | undefined, where: string, m: Found, options: SecretOptions, redactable: boolean): void {
  if (allowedBy !== undefined) {
    const line = block.positionAt(allowedBy).line + 1;
    report.add(codes.secretAllowed, block, span, `${where} holds ${m.label}, allowed by the comment on line ${line}`, { data: { kind: m.kind, allowedOnLine: line } });
    return;
  }
  const level = options.severity?.[m.kind] ?? 'warning';
  if (level === 'off') return;
  const severity = options.strict ? 'error' : level;
  const holds = where === 'a comment' ? 'a comment holds' : where === 'a key name' ? 'a key name is' : `${where} holds`;
  const why = m.writer ? ', a pattern the capture writer scrubs' : '';
  report.add(codes.secret, block, span, `${holds} ${m.label}${why}; redact it before this file is shared`, {
    severity,
    data: { kind: m.kind, ...(redactable && { replacement: redaction }) },
  });
}

function extraMatches(s: string, extras: readonly TeamPattern[]): Found[] {
  return teamMatches(s, extras)
    .filter((m) => !isPlaceholder(s.slice(m.start, m.end)))
    .map((m) => ({ kind: m.pattern.kind, label: m.pattern.label, start: m.start, end: m.end }));
}

function withoutOverlaps(found: Found[]): Found[] {
  const kept: Found[] = [];
  for (const f of [...found].sort((a, b) => a.start - b.start)) {
    const last = kept[kept.length - 1];
    if (!last || f.start >= last.end) kept.push(f);
  }
  return kept;
}
