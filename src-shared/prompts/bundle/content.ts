// Whether a merged copy of a session still equals its branch original
// "apart from the merge stamps" (FORMATS.md B.7): both sessions' parsed
// values, without `merged_from`, `merged_at` and `approved_by`, written
// out in one canonical form and digested. Compared in meaning, not in
// layout: key order, quoting and string style do not count, and neither
// does the capture writer's pile-up (B.6: each parse-and-write cycle adds
// whitespace-only lines to multi-line strings, and the merge is such a
// cycle), so in strings trailing whitespace on a line and whitespace-only
// lines at the end are not compared. Only the sessions asked for are
// parsed: the index itself never parses.

import { TomlDate, type TomlTable, type TomlValue } from 'smol-toml';
import { digest } from '../../pack/digest';
import type { PromptsDocument } from '../toml/document';
import { indexBlock, splitBlocks } from '../toml/scanner';
import { stringPrefixOf } from '../toml/stringPrefix';
import { parseToml } from '../toml/blocks';
import { isTable } from '../toml/valueTypes';
import { mergeStamps } from './facts';

/** The content digest of each session of `text` whose id is in `ids` (the first session with an id, should it repeat). */
export function sessionDigests(text: string, ids: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const bounds of splitBlocks(text)) {
    const h = bounds.header;
    if (!h || h.rootKey !== 'sessions' || !h.array || h.segments !== 1) continue;
    const blockText = text.slice(bounds.start, bounds.end);
    const idNode = indexBlock(blockText).root.member('sessions')?.tables?.[0]?.member('id')?.value;
    const id = idNode?.kind === 'string' ? stringPrefixOf(blockText, idNode, 1000) : undefined;
    if (id === undefined || !ids.has(id) || out.has(id)) continue;
    const session = firstSession(parseToml(blockText).value);
    if (session) out.set(id, contentDigest(session));
  }
  return out;
}

/** The same, from a parsed document's blocks (no parse needed). */
export function sessionDigestsOf(doc: PromptsDocument, ids: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const block of doc.blocks) {
    if (block.kind !== 'session') continue;
    const session = firstSession(block.value);
    const id = session?.['id'];
    if (session && typeof id === 'string' && ids.has(id) && !out.has(id)) out.set(id, contentDigest(session));
  }
  return out;
}

function firstSession(value: TomlTable | undefined): TomlTable | undefined {
  const sessions = value?.['sessions'];
  const first = Array.isArray(sessions) ? sessions[0] : undefined;
  return first !== undefined && isTable(first) ? first : undefined;
}

/** The digest of a session's value without its merge stamps. */
export function contentDigest(session: TomlTable): string {
  const rest: TomlTable = {};
  for (const [k, v] of Object.entries(session)) if (!(mergeStamps as readonly string[]).includes(k)) rest[k] = v;
  return digest(canonical(rest));
}

function canonical(v: TomlValue): string {
  if (typeof v === 'string') return JSON.stringify(meaningOf(v));
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof TomlDate) return `d${JSON.stringify(v.toISOString())}`;
  if (v instanceof Date) return `d${JSON.stringify(v.toISOString())}`;
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const keys = Object.keys(v).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((v as TomlTable)[k]!)}`).join(',')}}`;
}

/** A string as compared: no trailing whitespace on any line, no whitespace-only lines at the end. */
function meaningOf(s: string): string {
  if (!/[ \t\r]\n|\n[ \t\r]*$|[ \t\r]$/.test(s)) return s;
  return s
    .split('\n')
    .map((line) => line.replace(/[ \t\r]+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}
