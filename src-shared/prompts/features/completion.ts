// Completion: at the start of a line, the keys the current table may still
// take (and the sub-table headers it may open); after `=` or inside the
// quotes, the allowed values of an enum key and the tool names; inside
// `args = { ... }`, the arguments the tool captures and the call lacks.
// Read from the line being typed and the position index, so it works in a
// block that does not parse (it rarely does while one is typing).

import type { Position, Range } from '../../text/range';
import type { Block } from '../toml/block';
import type { PromptsDocument } from '../toml/document';
import { writerOrder } from './formatLayout';
import { argDoc, fieldDoc, toolDoc } from './keyDocs';
import { locate, type PromptsLocation } from '../toml/locate';
import { memberAtPath } from '../toml/members';
import { type FieldSpec, tableSpecs, type TableName } from '../rules/schema';
import { stringPrefixOf } from '../toml/stringPrefix';
import type { Header, TableNode } from '../toml/syntaxTree';
import { type ArgSpec, tools } from '../rules/tools';

export type CompletionKind = 'key' | 'table' | 'value' | 'tool' | 'argument';

export interface PromptsCompletion {
  readonly label: string;
  readonly kind: CompletionKind;
  readonly detail: string;
  /** Markdown. */
  readonly documentation: string;
  /** What replaces `range`; a snippet (`$1`, `${1|a,b|}`) when `snippet` is set. */
  readonly range: Range;
  readonly newText: string;
  readonly snippet: boolean;
  readonly sortText: string;
}

const keyBefore = /^[ \t]*([A-Za-z0-9_-]*)$/;
const headerBefore = /^[ \t]*(\[\[?)[ \t]*([A-Za-z0-9_.]*)$/;
const valueBefore = /^[ \t]*([A-Za-z0-9_-]+|"[^"]*")[ \t]*=[ \t]*(["']?)([^"'\s]*)$/;
// What is written of the args before the key being typed ends in a character no key has: a lazy
// `([^}]*?)([A-Za-z0-9_]*)$` would try every split of a long word, quadratic on a long line.
const argBefore = /^[ \t]*args[ \t]*=[ \t]*\{((?:[^}]*[^}A-Za-z0-9_])?)([A-Za-z0-9_]*)$/;

export function completionsAt(doc: PromptsDocument, position: Position, triggerCharacter?: string): PromptsCompletion[] {
  const at = locate(doc, position);
  const lineStart = at.block.offsetAt({ line: position.line, character: 0 });
  const lineEnd = at.block.lineEndAt(lineStart);
  const before = at.block.text.slice(lineStart, at.offset);
  const after = at.block.text.slice(at.offset, lineEnd);
  const range = (from: number, to = position.character): Range => ({ start: { line: position.line, character: from }, end: { line: position.line, character: to } });

  // Inside a value begun on an earlier line (a multi-line string, an array) the line is text, not keys.
  const m = at.part === 'value' ? memberAtPath(at.header?.table ?? at.block.root, at.keyPath) : undefined;
  if (m?.value && m.value.start < lineStart) return [];
  const arg = argBefore.exec(before);
  if (arg && at.table === 'toolCall' && /(^|,)[ \t]*$/.test(arg[1]!)) return argCompletions(at, arg[1]!, range(position.character - arg[2]!.length));
  const value = valueBefore.exec(before);
  if (value) {
    const quote = value[2]!;
    // Inside quotes the value is replaced up to the closing quote (written if missing); after `=` it is written quoted.
    const close = quote && after.startsWith(quote) ? 1 : 0;
    return valueCompletions(at, value[1]!.replace(/"/g, ''), quote === '' ? '"' : '', quote || '"', range(position.character - value[3]!.length, position.character + close));
  }
  const header = headerBefore.exec(before);
  if (header) {
    const closing = /^[ \t]*\]{0,2}/.exec(after)![0].length;
    return headerCompletions(doc, at, lineStart, range(position.character - header[0].trimStart().length, position.character + closing));
  }
  const key = keyBefore.exec(before);
  // A space typed while indenting is no request for keys.
  if (key && triggerCharacter !== ' ' && !after.includes('=')) return keyCompletions(at, range(position.character - key[1]!.length));
  return [];
}

function keyCompletions(at: PromptsLocation, range: Range): PromptsCompletion[] {
  const table = at.table;
  if (!table) return [];
  const node = at.header?.table ?? at.block.root;
  const fields = tableSpecs[table].fields;
  return writerOrder[table].flatMap((key, i) => {
    const field = fields[key]!;
    if (node.member(key) || field.type.kind === 'table' || field.type.kind === 'tables') return [];
    return [{ label: key, kind: 'key', detail: field.required ? 'required' : 'optional', documentation: fieldDoc(table, key, field), range, newText: `${key} = ${valueSnippet(field)}`, snippet: true, sortText: rank(i) }];
  });
}

/** What a new key's value starts as: the quotes of a string, the choices of an enum. */
function valueSnippet(field: FieldSpec): string {
  const t = field.type;
  switch (t.kind) {
    case 'enum':
      return `"\${1|${t.values.join(',')}|}"`;
    case 'exactly':
      return JSON.stringify(t.value);
    case 'boolean':
      return '${1|true,false|}';
    case 'stringList':
    case 'integerList':
      return '[$1]';
    case 'timestamp':
      return '${1:2026-01-01T00:00:00Z}';
    default:
      return '"$1"';
  }
}

/** `open` goes before a quoted value (empty inside quotes), `close` after it. */
function valueCompletions(at: PromptsLocation, key: string, open: string, close: string, range: Range): PromptsCompletion[] {
  if (!at.table) return [];
  if (at.table === 'toolCall' && key === 'name') {
    return [...tools].map(([name, tool], i) => ({ label: name, kind: 'tool', detail: tool.doc, documentation: toolDoc(name, tool), range, newText: open + name + close, snippet: false, sortText: rank(i) }));
  }
  const field = tableSpecs[at.table].fields[key];
  const t = field?.type;
  if (!field || !t) return [];
  const values = t.kind === 'enum' ? t.values : t.kind === 'boolean' && open !== '' ? ['true', 'false'] : t.kind === 'exactly' ? [t.value] : [];
  const bare = t.kind === 'boolean';
  return values.map((v, i) => ({
    label: v,
    kind: 'value',
    detail: `${key}`,
    documentation: fieldDoc(at.table!, key, field),
    range,
    newText: bare ? v : open + v + close,
    snippet: false,
    sortText: rank(i),
  }));
}

function argCompletions(at: PromptsLocation, written: string, range: Range): PromptsCompletion[] {
  const node = at.header?.table;
  const nameNode = node?.member('name')?.value;
  const name = nameNode?.kind === 'string' ? stringPrefixOf(at.block.text, nameNode, 100) : undefined;
  const tool = name === undefined ? undefined : tools.get(name);
  if (!tool) return [];
  const present = new Set([...written.matchAll(/([A-Za-z0-9_]+)[ \t]*=/g)].map((m) => m[1]!));
  return Object.entries(tool.args).flatMap(([key, spec], i) =>
    present.has(key) ? [] : [{ label: key, kind: 'argument' as const, detail: `${spec.required ? 'required' : 'optional'} argument of ${name}`, documentation: argDoc(name!, key, spec), range, newText: `${key} = ${argSnippet(spec)}`, snippet: true, sortText: rank(i) }],
  );
}

function argSnippet(spec: ArgSpec): string {
  if (spec.type === 'integer') return '$1';
  if (spec.type === 'todos') return '[{ content = "$1", id = "$2", status = "$3" }]';
  return '"$1"';
}

/** Headers the cursor's table may open: its sub-tables, and the file's tables. */
function headerCompletions(doc: PromptsDocument, at: PromptsLocation, lineStart: number, range: Range): PromptsCompletion[] {
  const out: PromptsCompletion[] = [];
  const offer = (table: TableName, names: readonly string[], key: string, present: TableNode | undefined): void => {
    const field = tableSpecs[table].fields[key]!;
    const array = field.type.kind === 'tables';
    if (!array && present?.member(key)) return;
    const text = `${array ? '[[' : '['}${[...names, key].join('.')}${array ? ']]' : ']'}`;
    out.push({ label: text, kind: 'table', detail: field.required ? 'required' : 'optional', documentation: fieldDoc(table, key, field), range, newText: text, snippet: false, sortText: rank(out.length) });
  };
  // From the innermost table out: a tool call may follow a tool call, a turn a turn, and so on.
  const above = headerAbove(doc, at, lineStart);
  const path = above?.header.keys.map((k) => k.name) ?? [];
  if (path[0] === 'sessions') {
    if (path.length >= 2 && path[1] === 'turns') offer('turn', ['sessions', 'turns'], 'tool_calls', undefined);
    offer('session', ['sessions'], 'turns', undefined);
    offer('session', ['sessions'], 'commit', above?.block.root.member('sessions')?.tables?.[0]);
  }
  if (!doc.commit && !doc.blocks.some((b) => b.kind === 'commit')) offer('root', [], 'commit', undefined);
  offer('root', [], 'sessions', undefined);
  offer('root', [], 'edits', undefined);
  return out;
}

/** The header above the one being typed (which may have opened a block of its own), and its block. */
function headerAbove(doc: PromptsDocument, at: PromptsLocation, lineStart: number): { header: Header; block: Block } | undefined {
  const here = [...at.block.headers].reverse().find((h) => h.start < lineStart);
  if (here) return { header: here, block: at.block };
  for (let i = at.block.index - 1; i >= 0; i--) {
    const block = doc.blocks[i]!;
    const last = block.headers[block.headers.length - 1];
    if (last) return { header: last, block };
  }
  return undefined;
}

function rank(i: number): string {
  return String(i).padStart(3, '0');
}
