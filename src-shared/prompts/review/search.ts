// The Session Review's search over the whole file, not only what the page
// has built: every shown session's title, summary and lesson, each turn's
// text (as the card shows it: an assistant's only when the session is
// verbose) and summary, every string argument of its tool calls, and the
// reasons of the `[[edits]]` log. Case-insensitive, on what the reader
// sees: a secret's characters are masked before the search, so a query
// never finds one by its characters. A value whose raw text does not hold
// the query is passed over before any masking, so a search over a 14 MB
// file costs about one pass over its strings.

import type { TomlTable, TomlValue } from 'smol-toml';
import type { PromptsDocument, SessionModel } from '../toml/document';
import { shown } from './pieces';
import { findInvisible } from '../../text/invisibleChars';
import { findSecrets, redaction } from '../rules/secrets';

/** A place that holds the query: a card's head (`turn` null), one of its turns, or (`card` null) an `[[edits]]` entry. */
export interface SearchPlace {
  readonly card: number | null;
  readonly turn: number | null;
  readonly line: number;
  /** How many times it holds the query. */
  readonly hits: number;
}

export interface SearchOutcome {
  /** Every hit, in every place (also those past the cap). */
  readonly total: number;
  /** The places in file order, at most `maxPlaces`. */
  readonly places: readonly SearchPlace[];
  readonly capped: boolean;
}

/** Places sent at most; the count goes on. */
export const maxPlaces = 5_000;
/** The longest query searched for. */
export const maxQueryLength = 200;

const sessionKeys = ['title', 'summary', 'lesson'] as const;

export function searchReview(doc: PromptsDocument, query: string, published: boolean): SearchOutcome {
  const needle = query.slice(0, maxQueryLength).toLowerCase();
  const places: SearchPlace[] = [];
  let total = 0;
  let capped = false;
  const add = (card: number | null, turn: number | null, line: number, hits: number) => {
    if (hits === 0) return;
    total += hits;
    if (places.length < maxPlaces) places.push({ card, turn, line, hits });
    else capped = true;
  };
  if (needle.trim() === '') return { total: 0, places, capped: false };
  for (const s of doc.sessions) {
    if (published && isPrivate(s)) continue;
    const v = s.view.value;
    add(s.index, null, s.view.range.start.line, sessionKeys.reduce((n, k) => n + hitsIn(v[k], needle), 0));
    const verbose = v['verbose'] === true;
    for (const t of s.turns) {
      const tv = t.view.value;
      let hits = hitsIn(tv['summary'], needle);
      if (tv['role'] !== 'assistant' || verbose) hits += hitsIn(tv['text'], needle);
      for (const c of t.toolCalls) {
        const args = c.view.value['args'];
        if (args && typeof args === 'object' && !Array.isArray(args)) for (const a of Object.values(args as TomlTable)) hits += hitsIn(a, needle);
      }
      add(s.index, t.index, t.view.range.start.line, hits);
    }
  }
  for (const e of doc.edits) add(null, null, e.view.range.start.line, hitsIn(e.view.value['reason'], needle));
  return { total, places, capped };
}

function isPrivate(s: SessionModel): boolean {
  return s.view.value['visibility'] === 'private';
}

/** How often a string value holds the (lower-case) needle as the reader sees it: each masked secret a gap no match crosses. */
export function hitsIn(value: TomlValue | undefined, needle: string): number {
  if (typeof value !== 'string') return 0;
  const lower = value.toLowerCase();
  if (!lower.includes(needle)) return 0;
  // Most values hold nothing the page shows as a badge: their text is one run, searched as it is.
  if (lower.length === value.length && !value.includes(redaction) && !value.includes('…[truncated ') && findSecrets(value).length === 0 && findInvisible(value).length === 0) return countIn(lower, needle);
  let hits = 0;
  for (const p of shown(value).pieces) {
    // Only text runs are searched: a secret shows as a mask, `[REDACTED]`, the truncation marker and invisible characters as badges.
    if (p.kind !== 'text') continue;
    hits += countIn(p.text.toLowerCase(), needle);
  }
  return hits;
}

function countIn(run: string, needle: string): number {
  let hits = 0;
  for (let at = run.indexOf(needle); at !== -1; at = run.indexOf(needle, at + needle.length)) hits++;
  return hits;
}
