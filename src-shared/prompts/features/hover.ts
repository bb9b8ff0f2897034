// Hovers: on a key or a table header, what it means, whether it is
// required and what it may hold (keyDocs.ts); on a tool name, the tool and
// the arguments the writer captures; on a session id (where the session is
// defined, or named in an `[[edits]]` entry), the session's title, turn
// count and time span.

import type { TomlValue } from 'smol-toml';
import type { Position, Range } from '../../text/range';
import type { Block } from '../toml/block';
import type { PromptsDocument, SessionModel } from '../toml/document';
import { argDoc, fieldDoc, toolDoc } from './keyDocs';
import { locate, type PromptsLocation, tableNameOf } from '../toml/locate';
import { inlineCode, escapeMarkdown } from '../../text/markdown';
import { tableSpecs } from '../rules/schema';
import { redactSecrets } from '../rules/redactText';
import { stringPrefixOf } from '../toml/stringPrefix';
import { memberAtPath } from '../toml/members';
import { spanContains, type ValueNode } from '../toml/syntaxTree';
import { judgeTimestamp } from '../rules/timestamps';
import { tools } from '../rules/tools';

export interface PromptsHover {
  readonly markdown: string;
  readonly range: Range;
}

/** Ids and tool names are short; a longer string is not one. */
const nameLength = 200;

export function hoverAt(doc: PromptsDocument, position: Position): PromptsHover | undefined {
  const at = locate(doc, position);
  const block = at.block;
  if (at.part === 'header' && at.header) {
    const keys = at.header.keys.map((k) => k.name);
    const parent = tableNameOf(keys.slice(0, -1));
    const key = keys[keys.length - 1]!;
    const field = parent && tableSpecs[parent].fields[key];
    return field ? { markdown: fieldDoc(parent, key, field), range: block.rangeOf(at.header) } : undefined;
  }
  if (at.part !== 'key' && at.part !== 'value') return undefined;
  const m = memberAtPath(at.header?.table ?? block.root, at.keyPath);
  if (!m || !at.table) return undefined;
  if (at.part === 'value' && m.value) {
    const named = namedThing(doc, at, m.value);
    if (named) return named;
  }
  const range = block.rangeOf(at.part === 'key' ? m.key : (m.value ?? m.key));
  const [key, arg] = at.keyPath;
  if (at.table === 'toolCall' && key === 'args' && arg !== undefined && at.keyPath.length === 2) {
    const name = at.toolCall?.view.value['name'];
    const spec = typeof name === 'string' ? tools.get(name)?.args[arg] : undefined;
    return spec ? { markdown: argDoc(name as string, arg, spec), range } : undefined;
  }
  const field = at.keyPath.length === 1 ? tableSpecs[at.table].fields[key!] : undefined;
  return field ? { markdown: fieldDoc(at.table, key!, field), range } : undefined;
}

/** Hovers on values that name something: a session id, a tool. */
function namedThing(doc: PromptsDocument, at: PromptsLocation, value: ValueNode): PromptsHover | undefined {
  const key = at.keyPath.length === 1 ? at.keyPath[0] : undefined;
  const range = at.block.rangeOf(value);
  if (at.table === 'session' && key === 'id' && at.session) return { markdown: sessionSummary(at.session), range };
  if (at.table === 'toolCall' && key === 'name') {
    const name = stringAt(at.block, value);
    const tool = name === undefined ? undefined : tools.get(name);
    return tool && { markdown: toolDoc(name!, tool), range };
  }
  if (at.table === 'edit' && key === 'sessions' && value.kind === 'array') {
    const item = value.items.find((i) => spanContains(i, at.offset));
    const id = item && stringAt(at.block, item);
    if (!item || id === undefined) return undefined;
    const named = doc.sessions.find((s) => s.view.value['id'] === id);
    return { markdown: named ? sessionSummary(named) : `No session in this file has the id ${inlineCode(redactSecrets(id))}.`, range: at.block.rangeOf(item) };
  }
  return undefined;
}

function stringAt(block: Block, node: ValueNode): string | undefined {
  return node.kind === 'string' ? stringPrefixOf(block.text, node, nameLength) : undefined;
}

/** Title and id; source, outcome, turn count and time span. What it quotes of the file never shows a secret. */
export function sessionSummary(s: SessionModel): string {
  const v = s.view.value;
  const title = typeof v['title'] === 'string' && v['title'].trim() !== '' ? `**${escapeMarkdown(redactSecrets(v['title']))}**` : '*untitled session*';
  const id = typeof v['id'] === 'string' ? inlineCode(redactSecrets(v['id'])) : '';
  const facts = [v['source'], v['outcome']].filter((x): x is string => typeof x === 'string').map((x) => inlineCode(redactSecrets(x)));
  const turns = `${s.turns.length} ${s.turns.length === 1 ? 'turn' : 'turns'}`;
  return [[title, id].filter((x) => x).join(' · '), [...facts, turns, timeSpan(s)].join(' · ')].join('\n\n');
}

/** From `started_at` to `ended_at`, else from the first turn's `at` to the last one's. */
export function timeSpan(s: SessionModel): string {
  const instant = (v: TomlValue | undefined): number | undefined => {
    const verdict = judgeTimestamp(v);
    return verdict.valid ? verdict.instant : undefined;
  };
  let start = instant(s.view.value['started_at']);
  let end = instant(s.view.value['ended_at']);
  // The turns' own times only when the session's are missing: a session of 10,000 turns is not read for its span
  // on every keystroke. A loop, not Math.min(...ats): spreading a session of 200,000 turns overflows the call stack.
  if (start === undefined || end === undefined) {
    let first: number | undefined;
    let last: number | undefined;
    for (const t of s.turns) {
      const at = instant(t.view.value['at']);
      if (at === undefined) continue;
      if (first === undefined || at < first) first = at;
      if (last === undefined || at > last) last = at;
    }
    start ??= first;
    end ??= last;
  }
  if (start === undefined) return 'no timestamps';
  if (end === undefined || end === start) return utc(start);
  return `${utc(start)} → ${utc(end)} (${duration(end - start)})`;
}

function utc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

function duration(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const sign = ms < 0 ? '-' : '';
  if (minutes < 60) return `${sign}${minutes} min`;
  return `${sign}${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
