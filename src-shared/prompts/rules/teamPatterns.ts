// A team's own secret patterns (setting
// `packsAndPrompts.prompts.secrets.extraPatterns`), run by RE2JS, a
// linear-time engine: JavaScript's backtracking engine took tens of seconds
// on `(a+)+$` against 30 `a`s and a `!`, and every request of every
// document waited. A pattern RE2 cannot run (a backreference, a lookaround)
// is refused: it finds nothing, and each file checked says which one and
// why, naming the setting. The built-in patterns are the project's own,
// written against backtracking, and stay JavaScript's.

import { RE2JS } from 're2js';
import type { Finding } from '../../finding';
import { promptsCodes as codes } from './codes';

/** A pattern a team adds (setting `packsAndPrompts.prompts.secrets.extraPatterns`). */
export interface ExtraSecretPattern {
  readonly kind: string;
  readonly label?: string;
  /** A regular expression RE2 runs (JavaScript's syntax without backreferences and lookarounds); a group `(?<secret>…)` marks the part reported, else the whole match. */
  readonly pattern: string;
  readonly ignoreCase?: boolean;
}

export interface TeamPattern {
  readonly kind: string;
  readonly label: string;
  readonly regex: RE2JS;
  readonly hasSecretGroup: boolean;
}

export interface TeamPatterns {
  readonly patterns: readonly TeamPattern[];
  /** One sentence per pattern that is not used, naming its place in the setting. */
  readonly refused: readonly string[];
}

/** A span of `text` a team pattern matched: the `secret` group when it has one, else the whole match. */
export interface TeamMatch {
  readonly pattern: TeamPattern;
  readonly start: number;
  readonly end: number;
}

const setting = 'packsAndPrompts.prompts.secrets.extraPatterns';
const none: TeamPatterns = { patterns: [], refused: [] };
const cache = new Map<string, TeamPatterns>();

/** The patterns compiled, and why any is not used; remembered per setting's value. */
export function teamPatterns(raw: readonly ExtraSecretPattern[] | undefined): TeamPatterns {
  if (!raw || raw.length === 0) return none;
  const key = JSON.stringify(raw);
  const known = cache.get(key);
  if (known) return known;
  const patterns: TeamPattern[] = [];
  const refused: string[] = [];
  raw.forEach((p, i) => {
    if (typeof p.pattern !== 'string' || typeof p.kind !== 'string' || p.pattern === '') return;
    const where = `${setting}[${i}] (kind \`${p.kind}\`)`;
    try {
      // The syntax people write is JavaScript's: a pattern JavaScript rejects is the settings schema's to show.
      new RegExp(p.pattern, 'u');
    } catch {
      refused.push(`${where} is not a valid regular expression, so it finds nothing`);
      return;
    }
    try {
      const regex = RE2JS.compile(p.pattern, p.ignoreCase === true ? RE2JS.CASE_INSENSITIVE : 0);
      const label = typeof p.label === 'string' && p.label !== '' ? p.label : `a secret of the team's kind \`${p.kind}\``;
      patterns.push({ kind: p.kind, label, regex, hasSecretGroup: 'secret' in regex.namedGroups() });
    } catch (e) {
      const detail = e instanceof Error ? e.message.replace(/^error parsing regexp: /, '') : String(e);
      refused.push(`${where} cannot run in linear time (${detail}): backreferences and lookarounds are not supported, so it finds nothing`);
    }
  });
  const result = { patterns, refused };
  if (cache.size > 32) cache.clear();
  cache.set(key, result);
  return result;
}

/** Every non-empty match of every pattern in `text`, in linear time per pattern. */
export function teamMatches(text: string, patterns: readonly TeamPattern[]): TeamMatch[] {
  const out: TeamMatch[] = [];
  for (const pattern of patterns) {
    const m = pattern.regex.matcher(text);
    while (m.find()) {
      const start = pattern.hasSecretGroup ? m.start('secret') : m.start();
      const end = pattern.hasSecretGroup ? m.end('secret') : m.end();
      if (start >= 0 && end > start) out.push({ pattern, start, end });
    }
  }
  return out;
}

/** One warning at the top of a file per refused pattern, so the team learns its pattern is not used. */
export function refusedPatternFindings(raw: readonly ExtraSecretPattern[] | undefined): Finding[] {
  const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return teamPatterns(raw).refused.map((message) => ({ range: at, severity: codes.secretPatternRefused.severity, code: codes.secretPatternRefused.code, message }));
}
