// The outline of a `.prompts` file: the commit, each session (its title,
// else its id, with its source and outcome), its turns (role and first
// words), their tool calls (name and main argument), and the edits log.
// A block that parsed is read from its TOML and its layout (toml/layout.ts,
// a line scan of where its headers and statements are); one that did not
// is read from its position index, so it still shows. A node's range runs
// from its header to the end of the last key it holds (so breadcrumbs
// follow the cursor); its selection range is the header. Folds: each of those tables, and each value spanning lines.
// Both come bounded (`boundedOutline`, `boundedFolds`): at most so many
// items, breadth first, so a 60 MB file answers with its sessions at once
// instead of indexing every block for a reply no one reads whole.

import { comparePositions, type Position, type Range } from '../../text/range';
import type { Block } from '../toml/block';
import type { PromptsDocument } from '../toml/document';
import { forEachStatementMember } from '../toml/statements';
import { labelLookahead, maskedCut } from '../rules/redactText';
import { stringPrefixOf } from '../toml/stringPrefix';
import type { BlockIndex } from '../toml/scanner';
import type { Header, Span, TableNode } from '../toml/syntaxTree';
import { tools } from '../rules/tools';
import type { TomlTable, TomlValue } from 'smol-toml';
import { isTable } from '../toml/valueTypes';
import { type BlockLayout, type LayoutHeader, layoutOf, statementAt, statementCount, statementFields } from '../toml/layout';

export type OutlineKind = 'commit' | 'session' | 'sessionCommit' | 'turn' | 'toolCall' | 'editsLog' | 'edit' | 'table';

export interface OutlineNode {
  readonly name: string;
  readonly detail: string;
  readonly kind: OutlineKind;
  readonly range: Range;
  readonly selectionRange: Range;
  readonly children: readonly OutlineNode[];
}

/** How much of a turn's text names it. */
const firstWordsLength = 48;

/**
 * How many outline nodes, and how many folds, are computed by default:
 * VS Code's JSON language server stops at the same number (its
 * `json.maxItemsComputed`); `packsAndPrompts.maxItemsComputed` sets it.
 */
export const defaultMaxItems = 5000;

export interface Outline {
  readonly nodes: readonly OutlineNode[];
  /** Nodes were left out to stay within the limit (the deepest first: tool calls, then turns, then sessions). */
  readonly cut: boolean;
  /** The blocks read in full (their tables indexed) for the nodes shown. */
  readonly detailed: readonly Block[];
  /** The folds of the values that span lines in those blocks, in file order (read while their index was at hand). */
  readonly valueFolds: readonly Fold[];
}

export interface Fold {
  readonly startLine: number;
  readonly endLine: number;
}

/** The whole outline, however large. */
export function outlineOf(doc: PromptsDocument): readonly OutlineNode[] {
  return boundedOutline(doc, Infinity).nodes;
}

/** One outline per model and limit: symbols and folds are asked for together, and a model never changes. */
const outlines = new WeakMap<PromptsDocument, { readonly limit: number; readonly outline: Outline }>();

/**
 * The outline, at most `limit` nodes, breadth first: the commit, the
 * sessions, tables and the edits log before any turn or edit entry, those
 * before any tool call; within a level, in file order. Only the blocks
 * whose turns are shown are read in full (laid out, or indexed if they did
 * not parse), so a 60 MB file costs its sessions' headers and a few blocks. A session shown without its
 * turns reads its name from its TOML and ends at its last line that is
 * neither blank nor a comment.
 */
export function boundedOutline(doc: PromptsDocument, limit = defaultMaxItems): Outline {
  const cached = outlines.get(doc);
  if (cached?.limit === limit) return cached.outline;
  const outline = buildOutline(doc, Math.max(0, Math.floor(limit)));
  outlines.set(doc, { limit, outline });
  return outline;
}

interface Draft {
  name: string;
  detail: string;
  readonly kind: OutlineKind;
  range: Range;
  selectionRange: Range;
  children: Draft[];
}

/** A top-level node and the blocks under it (one, or the run of `[[edits]]` blocks of an edits log). */
interface Top {
  node: Draft;
  readonly blocks: readonly Block[];
}

/**
 * The same outline with every block read from its position index, as
 * before blocks that parsed were read from their layout: the reference the
 * layout path is tested against.
 */
export function indexedOutline(doc: PromptsDocument, limit = defaultMaxItems): Outline {
  return buildOutline(doc, Math.max(0, Math.floor(limit)), (block) => new BlockTables(block));
}

function buildOutline(doc: PromptsDocument, limit: number, tablesOf: (block: Block) => BlockTables | LaidOutTables = laidOutOrIndexed): Outline {
  const tops: Top[] = [];
  let run: Block[] = [];
  const endRun = (): void => {
    if (run.length > 0) tops.push({ node: editsLog(run), blocks: run });
    run = [];
  };
  const valueFolds: Fold[] = [];
  for (const block of doc.blocks) {
    if (block.kind === 'preamble') {
      if (block.text.length > 0) valueFolds.push(...tablesOf(block).valueFolds());
      continue;
    }
    if (block.kind === 'edits') {
      run.push(block);
      continue;
    }
    endRun();
    tops.push({ node: shallowNode(block, valueFolds), blocks: [block] });
  }
  endRun();
  let budget = limit;
  const shown = tops.slice(0, budget);
  budget -= shown.length;
  let cut = shown.length < tops.length;
  const detailed: Block[] = [];
  /** Per turn shown, its tool calls, added if the budget lasts. */
  const calls: { turn: Draft; calls: Draft[] }[] = [];
  // The second level: each session's commit and turns, each edit entry.
  for (const top of shown) {
    if (budget === 0) {
      cut ||= shown.some((t) => t.node.kind === 'session' || t.node.kind === 'editsLog');
      break;
    }
    if (top.node.kind === 'editsLog') {
      const entries = top.blocks.slice(0, budget);
      top.node.children = entries.map((b) => {
        const t = tablesOf(b);
        valueFolds.push(...t.valueFolds());
        return t instanceof LaidOutTables ? laidOutEdit(t) : editNode(t, t.headers[0]!);
      });
      detailed.push(...entries);
      budget -= entries.length;
      cut ||= entries.length < top.blocks.length;
      const first = top.node.children[0]!;
      const last = top.node.children[top.node.children.length - 1]!;
      top.node.range = { start: first.range.start, end: entries.length === top.blocks.length ? last.range.end : top.node.range.end };
      top.node.selectionRange = first.selectionRange;
      continue;
    }
    const block = top.blocks[0]!;
    if (top.node.kind === 'commit' && block.kind === 'commit') {
      const t = tablesOf(block);
      if (t instanceof LaidOutTables) top.node = t.node('commit', 'commit', valueStr(tableAt(t.value['commit']), 'branch') ?? '', 0, []);
      else {
        const h = t.headers[0]!;
        top.node = t.node('commit', 'commit', t.str(h.table, 'branch') ?? '', h, []);
      }
      valueFolds.push(...t.valueFolds());
      detailed.push(block);
      continue;
    }
    if (top.node.kind !== 'session') continue;
    const t = tablesOf(block);
    let exact: { node: Draft; calls: Map<Draft, Draft[]> };
    if (t instanceof LaidOutTables) {
      if (t.layout.headers.length === 0) continue;
      exact = laidOutSession(t);
    } else {
      const header = t.headers[0];
      if (!header) continue;
      exact = sessionNode(t, header);
    }
    valueFolds.push(...t.valueFolds());
    detailed.push(block);
    const children = exact.node.children.slice(0, budget);
    budget -= children.length;
    cut ||= children.length < exact.node.children.length;
    top.node = { ...exact.node, children };
    for (const child of children) {
      const turnCalls = exact.calls.get(child);
      if (turnCalls && turnCalls.length > 0) calls.push({ turn: child, calls: turnCalls });
    }
  }
  // The third level: tool calls.
  for (const { turn, calls: all } of calls) {
    const taken = all.slice(0, budget);
    turn.children = taken;
    budget -= taken.length;
    if (taken.length < all.length) {
      cut = true;
      if (budget === 0) break;
    }
  }
  return { nodes: shown.map((t) => t.node), cut, detailed, valueFolds };
}

/** A top-level node from the block's TOML and its first line, without indexing its tables; a block that did not parse is indexed (and its folds taken). */
function shallowNode(block: Block, valueFolds: Fold[]): Draft {
  const value = block.value;
  const header = block.content.header!;
  const element = (key: string): Record<string, unknown> | undefined => {
    const v = value?.[key];
    const table = Array.isArray(v) ? v[0] : v;
    return typeof table === 'object' && table !== null && !(table instanceof Date) ? (table as Record<string, unknown>) : undefined;
  };
  const kind = block.kind;
  const fields = kind === 'commit' ? element('commit') : kind === 'session' ? element('sessions') : undefined;
  if (!fields) {
    const t = new BlockTables(block);
    const h = t.headers[0]!;
    // A session is read in full again if its turns are shown (the second level, which adds its folds).
    if (kind !== 'session') valueFolds.push(...t.valueFolds());
    return kind === 'session' ? sessionNode(t, h).node : t.node(kind === 'commit' ? 'commit' : block.slice(h), kind === 'commit' ? 'commit' : 'table', kind === 'commit' ? (t.str(h.table, 'branch') ?? '') : '', h, []);
  }
  const str = (key: string): string | undefined => (typeof fields[key] === 'string' ? maskedCut((fields[key] as string).slice(0, 200 + labelLookahead), 200) : undefined);
  const selectionRange = headerLineRange(block, header.array);
  const range = { start: selectionRange.start, end: shallowEnd(block, selectionRange.end) };
  if (kind === 'commit') return { name: 'commit', detail: str('branch') ?? '', kind: 'commit', range, selectionRange, children: [] };
  const { name, detail } = sessionLabel(str('title')?.trim(), str('id'), [str('source'), str('outcome')]);
  return { name, detail, kind: 'session', range, selectionRange, children: [] };
}

/** The edits log over a run of `[[edits]]` blocks; its entries are added by the second level. */
function editsLog(run: readonly Block[]): Draft {
  const first = headerLineRange(run[0]!, true);
  const last = run[run.length - 1]!;
  const range = { start: first.start, end: shallowEnd(last, headerLineRange(last, true).end) };
  return { name: 'edits', detail: `${run.length} hand ${run.length === 1 ? 'edit' : 'edits'}`, kind: 'editsLog', range, selectionRange: first, children: [] };
}

/** The header on the block's first line (`[[sessions]]`, `[ commit ]`), read from the line alone. */
function headerLineRange(block: Block, array: boolean): Range {
  const text = block.text;
  const nl = text.indexOf('\n');
  const line = nl === -1 ? text : text.slice(0, nl);
  const start = line.length - line.trimStart().length;
  const close = line.indexOf(array ? ']]' : ']', start);
  const end = close === -1 ? line.trimEnd().length : close + (array ? 2 : 1);
  return { start: { line: block.startLine, character: start }, end: { line: block.startLine, character: end } };
}

/** The end of the block's last line that is neither blank nor a comment (trailing blanks left out); `floor` at least. */
function shallowEnd(block: Block, floor: Position): Position {
  const text = block.text;
  const endsWithBreak = text.endsWith('\n');
  // `end`: where the content of line `line` ends (before its line break).
  let end = endsWithBreak ? text.length - 1 : text.length;
  let line = block.startLine + block.lineBreaks - (endsWithBreak ? 1 : 0);
  while (line > floor.line) {
    const lineStart = text.lastIndexOf('\n', end - 1) + 1;
    const content = text.slice(lineStart, end).replace(/\r$/, '');
    const trimmed = content.trim();
    if (trimmed !== '' && !trimmed.startsWith('#')) return { line, character: content.trimEnd().length };
    if (lineStart === 0) break;
    end = lineStart - 1;
    line--;
  }
  return floor;
}

/** A session's name (its title, else its id) and detail (id, source, outcome). */
function sessionLabel(title: string | undefined, id: string | undefined, facts: readonly (string | undefined)[]): { name: string; detail: string } {
  const detail = facts.filter((s) => s).join(' · ');
  return { name: title || id || 'session', detail: title ? [id, detail].filter((s) => s).join(' · ') : detail };
}

/** The session with its commit and turns (in source order); each turn's tool calls beside it, for the third level. */
function sessionNode(t: BlockTables, header: Header): { node: Draft; calls: Map<Draft, Draft[]> } {
  const session = header.table;
  const children: Draft[] = [];
  const calls = new Map<Draft, Draft[]>();
  const commit = session.member('commit')?.table?.header;
  if (commit) children.push(t.node('commit', 'sessionCommit', t.str(commit.table, 'commit_sha')?.slice(0, 12) ?? '', commit, []));
  (session.member('turns')?.tables ?? []).forEach((turn, i) => {
    if (!turn.header) return;
    const { node, toolCalls } = turnNode(t, turn.header, i);
    children.push(node);
    calls.set(node, toolCalls);
  });
  children.sort((a, b) => comparePositions(a.range.start, b.range.start));
  const { name, detail } = sessionLabel(t.str(session, 'title')?.trim(), t.str(session, 'id'), [t.str(session, 'source'), t.str(session, 'outcome')]);
  return { node: t.node(name, 'session', detail, header, children), calls };
}

function turnNode(t: BlockTables, header: Header, index: number): { node: Draft; toolCalls: Draft[] } {
  const turn = header.table;
  const role = t.str(turn, 'role') ?? 'turn';
  const toolCalls = (turn.member('tool_calls')?.tables ?? []).flatMap((c) => (c.header ? [toolCallNode(t, c.header)] : []));
  const words = firstWords(t.str(turn, 'text', firstWordsLength * 4) ?? t.str(turn, 'summary', firstWordsLength * 4) ?? '');
  const said = words || toolCalls.map((c) => c.name).join(', ');
  return { node: t.node(said ? `${role}: ${said}` : role, 'turn', `turn ${index}`, header, []), toolCalls };
}

function toolCallNode(t: BlockTables, header: Header): Draft {
  const call = header.table;
  const name = t.str(call, 'name') ?? 'tool call';
  const args = call.member('args');
  const argTable = args?.value?.kind === 'inlineTable' ? args.value.table : args?.table;
  // The main argument: the first one the tool captures (path, pattern, command, url, todos...).
  const main = argTable && Object.keys(tools.get(name)?.args ?? {}).map((k) => t.str(argTable, k) ?? t.count(argTable, k)).find((v) => v !== undefined);
  return t.node(name, 'toolCall', firstWords(main ?? ''), header, []);
}

function editNode(t: BlockTables, header: Header): Draft {
  const edit = header.table;
  const reason = firstWords(t.str(edit, 'reason', firstWordsLength * 4) ?? '');
  return t.node(reason || 'hand edit', 'edit', t.str(edit, 'by') ?? '', header, []);
}

/** Exactly the characters `\s` matches (JavaScript's white space and line terminators). */
function isSpace(c: number): boolean {
  if (c < 0xa0) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Whitespace collapsed, cut at a word boundary near `firstWordsLength`
 * characters. Only as much of `s` is read as the words shown take: the
 * outline of a large file names thousands of turns this way.
 */
export function firstWords(s: string): string {
  // `words` joined with single spaces grows as a prefix of the whole text collapsed and trimmed, up to one character
  // past the length shown; joined once: a string grown by `+=` is a chain of pieces that a node's name would keep alive.
  // A word is one slice: a string per character, each tested against `\s`, was most of this function's time.
  const words: string[] = [];
  let length = 0;
  for (let i = 0; i < s.length && length <= firstWordsLength; ) {
    if (isSpace(s.charCodeAt(i))) {
      i++;
      continue;
    }
    if (words.length > 0) length++;
    const stop = Math.min(s.length, i + firstWordsLength + 1 - length);
    let end = i;
    while (end < stop && !isSpace(s.charCodeAt(end))) end++;
    words.push(s.slice(i, end));
    length += end - i;
    i = end;
  }
  const text = words.join(' ');
  if (text.length <= firstWordsLength) return text;
  const cut = text.lastIndexOf(' ', firstWordsLength);
  return `${text.slice(0, cut > firstWordsLength / 2 ? cut : firstWordsLength)}…`;
}

/** One block's tables with where each one's content ends, and its string values. */
class BlockTables {
  /** Headers and statements (key to value end), by start. */
  private readonly spans: Span[] = [];
  private readonly index: BlockIndex;

  constructor(readonly block: Block) {
    // Not kept in the block: an outline of 60 MB would otherwise hold every block's index at once.
    this.index = block.content.indexedOnce();
    for (const h of this.index.headers) this.spans.push(h);
    forEachStatementMember(this.index.root, (m) => this.spans.push({ start: m.key.start, end: m.value!.end }));
    this.spans.sort((a, b) => a.start - b.start);
  }

  get headers(): readonly Header[] {
    return this.index.headers;
  }

  /** Each value that spans lines, from its key's line to its last (a closing delimiter alone on its line left in view, as the writer lays out `text = """`). */
  valueFolds(): Fold[] {
    const block = this.block;
    const folds: (Fold & { at: number })[] = [];
    forEachStatementMember(this.index.root, (m) => {
      const fold = valueFold(block, m.key.start, m.value!.end);
      if (fold) folds.push({ ...fold, at: m.key.start });
    });
    // In source order (the statement tree groups a dotted key's statements), as the layout lists them.
    return folds.sort((a, b) => a.at - b.at).map(({ startLine, endLine }) => ({ startLine, endLine }));
  }

  node(name: string, kind: OutlineKind, detail: string, header: Header, children: Draft[]): Draft {
    const selectionRange = this.block.rangeOf(header);
    return { name, detail, kind, range: { start: selectionRange.start, end: this.contentEnd(header) }, selectionRange, children };
  }

  /** A string value of `table`, or its first `max` characters, never showing a secret (redacted before any cut). */
  str(table: TableNode, key: string, max = 200): string | undefined {
    const v = table.member(key)?.value;
    return v?.kind === 'string' ? maskedCut(stringPrefixOf(this.block.text, v, max + labelLookahead), max) : undefined;
  }

  /** `3 todos` for a list of three under `key`. */
  count(table: TableNode, key: string): string | undefined {
    const v = table.member(key)?.value;
    return v?.kind === 'array' ? `${v.items.length} ${key}` : undefined;
  }

  /**
   * The end of the last thing the table of `header` holds, before the next
   * header that is not under it. Headers and statements never overlap, so
   * that is the end of the last span starting before that header.
   */
  private contentEnd(header: Header): Position {
    const headers = this.index.headers;
    const names = header.keys.map((k) => k.name);
    let i = this.headerIndex().get(header) ?? headers.length;
    while (++i < headers.length && extends_(headers[i]!, names));
    const boundary = headers[i]?.start ?? this.block.text.length;
    const last = this.firstAtOrAfter(boundary) - 1;
    const end = last >= 0 && this.spans[last]!.start >= header.start ? Math.max(header.end, this.spans[last]!.end) : header.end;
    return this.block.positionAt(end);
  }

  private indexOfHeader: Map<Header, number> | undefined;

  private headerIndex(): Map<Header, number> {
    this.indexOfHeader ??= new Map(this.index.headers.map((h, i) => [h, i]));
    return this.indexOfHeader;
  }

  private firstAtOrAfter(offset: number): number {
    let lo = 0;
    let hi = this.spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.spans[mid]!.start < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** A block's tables read from its layout and TOML when it parsed, else from its position index. */
function laidOutOrIndexed(block: Block): BlockTables | LaidOutTables {
  const value = block.value;
  return value ? new LaidOutTables(block, layoutOf(block.text), value) : new BlockTables(block);
}

/**
 * `BlockTables` for a block that parsed, from its layout (a line scan) and
 * its TOML instead of its position index: the same nodes, ranges and folds
 * at a fraction of the memory. Headers are addressed by their index.
 */
class LaidOutTables {
  constructor(
    readonly block: Block,
    readonly layout: BlockLayout,
    readonly value: TomlTable,
  ) {}

  valueFolds(): Fold[] {
    const block = this.block;
    const folds: Fold[] = [];
    // Straight from the packed statements (statementAt, without an object per statement: a session has thousands).
    const packed = this.layout.statements;
    for (let k = 0; k < packed.length; k += statementFields) {
      const fold = valueFold(block, packed[k]!, packed[k + 1]!);
      if (fold) folds.push(fold);
    }
    return folds;
  }

  node(name: string, kind: OutlineKind, detail: string, header: number, children: Draft[]): Draft {
    const selectionRange = this.block.rangeOf(this.layout.headers[header]!);
    return { name, detail, kind, range: { start: selectionRange.start, end: this.contentEnd(header) }, selectionRange, children };
  }

  /** `BlockTables.contentEnd`: headers and statements are each in source order, so the last thing before the boundary is the later of the last of each. */
  private contentEnd(index: number): Position {
    const headers = this.layout.headers;
    const header = headers[index]!;
    let i = index;
    while (++i < headers.length && laidOutExtends(headers[i]!, header.names));
    const boundary = headers[i]?.start ?? this.block.text.length;
    let lo = 0;
    let hi = statementCount(this.layout);
    const packed = this.layout.statements;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      // The key start of statement `mid` (statementAt, without an object per step).
      if (packed[mid * statementFields]! < boundary) lo = mid + 1;
      else hi = mid;
    }
    const st = lo > 0 ? statementAt(this.layout, lo - 1) : undefined;
    const lastHeader = headers[i - 1]!;
    const last = st && st.keyStart > lastHeader.start ? { start: st.keyStart, end: st.valueEnd } : lastHeader;
    const end = last.start >= header.start ? Math.max(header.end, last.end) : header.end;
    return this.block.positionAt(end);
  }
}

function laidOutExtends(h: LayoutHeader, names: readonly string[]): boolean {
  return h.names.length > names.length && startsWithPath(h.names, names);
}

/** The header paths of a session's tables that the outline shows. */
const sessionPaths = {
  commit: ['sessions', 'commit'],
  turn: ['sessions', 'turns'],
  toolCall: ['sessions', 'turns', 'tool_calls'],
} as const;

function isPath(h: LayoutHeader, array: boolean, names: readonly string[]): boolean {
  return h.array === array && h.names.length === names.length && startsWithPath(h.names, names);
}

// A loop, not `every` with a closure: it runs for every header of every session shown, most of them on a first call.
function startsWithPath(names: readonly string[], prefix: readonly string[]): boolean {
  for (let i = 0; i < prefix.length; i++) if (names[i] !== prefix[i]) return false;
  return true;
}

function tableAt(v: TomlValue | undefined): TomlTable | undefined {
  return isTable(v) ? v : undefined;
}

/** Element `i` of an array of tables (the TOML of the `i`th `[[...]]` header of its name). */
function elementAt(v: TomlValue | undefined, i: number): TomlTable | undefined {
  return tableAt(Array.isArray(v) ? v[i] : undefined);
}

/**
 * The string under `key` in `table`, or its first `max` characters, as
 * `BlockTables.str` reads it from the source (the same characters: the
 * block parsed, and a string's source decodes to its value), never showing
 * a secret. Read from the TOML: decoding each turn's first characters from
 * the source again was a third of the first outline of a large file.
 */
function valueStr(table: TomlTable | undefined, key: string, max = 200): string | undefined {
  const v = table?.[key];
  return typeof v === 'string' ? maskedCut(v.slice(0, max + labelLookahead), max) : undefined;
}

/** `sessionNode` from a layout: turns are the `[[sessions.turns]]` headers in order, their tool calls the `[[sessions.turns.tool_calls]]` after each. */
function laidOutSession(t: LaidOutTables): { node: Draft; calls: Map<Draft, Draft[]> } {
  const headers = t.layout.headers;
  const children: Draft[] = [];
  const calls = new Map<Draft, Draft[]>();
  const session = elementAt(t.value['sessions'], 0);
  const commit = headers.findIndex((h) => isPath(h, false, sessionPaths.commit));
  if (commit >= 0) children.push(t.node('commit', 'sessionCommit', valueStr(tableAt(session?.['commit']), 'commit_sha')?.slice(0, 12) ?? '', commit, []));
  const turnValues = session?.['turns'];
  const turns: { header: number; calls: number[] }[] = [];
  headers.forEach((h, i) => {
    if (isPath(h, true, sessionPaths.turn)) turns.push({ header: i, calls: [] });
    else if (isPath(h, true, sessionPaths.toolCall)) turns[turns.length - 1]?.calls.push(i);
  });
  turns.forEach((turn, i) => {
    const turnValue = elementAt(turnValues, i);
    const callValues = turnValue?.['tool_calls'];
    const toolCalls = turn.calls.map((h, j) => laidOutToolCall(t, h, elementAt(callValues, j)));
    const role = valueStr(turnValue, 'role') ?? 'turn';
    const words = firstWords(valueStr(turnValue, 'text', firstWordsLength * 4) ?? valueStr(turnValue, 'summary', firstWordsLength * 4) ?? '');
    const said = words || toolCalls.map((c) => c.name).join(', ');
    const node = t.node(said ? `${role}: ${said}` : role, 'turn', `turn ${i}`, turn.header, []);
    children.push(node);
    calls.set(node, toolCalls);
  });
  children.sort((a, b) => comparePositions(a.range.start, b.range.start));
  const { name, detail } = sessionLabel(valueStr(session, 'title')?.trim(), valueStr(session, 'id'), [valueStr(session, 'source'), valueStr(session, 'outcome')]);
  return { node: t.node(name, 'session', detail, 0, children), calls };
}

function laidOutToolCall(t: LaidOutTables, header: number, call: TomlTable | undefined): Draft {
  const name = valueStr(call, 'name') ?? 'tool call';
  const args = tableAt(call?.['args']);
  const main =
    args &&
    Object.keys(tools.get(name)?.args ?? {})
      .map((k) => {
        const v = args[k];
        return valueStr(args, k) ?? (Array.isArray(v) ? `${v.length} ${k}` : undefined);
      })
      .find((v) => v !== undefined);
  return t.node(name, 'toolCall', firstWords(main ?? ''), header, []);
}

function laidOutEdit(t: LaidOutTables): Draft {
  const edit = elementAt(t.value['edits'], 0);
  const reason = firstWords(valueStr(edit, 'reason', firstWordsLength * 4) ?? '');
  return t.node(reason || 'hand edit', 'edit', valueStr(edit, 'by') ?? '', 0, []);
}

/** Whether `h` opens a table under the table at `names`. */
function extends_(h: Header, names: readonly string[]): boolean {
  return h.keys.length > names.length && names.every((n, i) => h.keys[i]!.name === n);
}

/**
 * Folds, at most `limit`: each table the outline shows, from its header to
 * its last key, then each value that spans lines in the blocks the outline
 * read in full, in file order; sorted by line.
 */
export function boundedFolds(doc: PromptsDocument, limit = defaultMaxItems): { folds: Fold[]; cut: boolean } {
  const outline = boundedOutline(doc, limit);
  const folds: Fold[] = [];
  let cut = outline.cut;
  const visit = (nodes: readonly OutlineNode[]): void => {
    for (const n of nodes) {
      if (n.kind !== 'editsLog' && n.range.end.line > n.range.start.line) folds.push({ startLine: n.range.start.line, endLine: n.range.end.line });
      visit(n.children);
    }
  };
  visit(outline.nodes);
  for (const fold of outline.valueFolds) {
    if (folds.length >= limit) {
      cut = true;
      break;
    }
    folds.push(fold);
  }
  if (folds.length > limit) {
    cut = true;
    folds.length = limit;
  }
  return { folds: folds.sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine), cut };
}

/** Every fold, however many. */
export function foldingRangesOf(doc: PromptsDocument): { startLine: number; endLine: number }[] {
  return boundedFolds(doc, Infinity).folds;
}

/**
 * The fold of a value from its key's line to its last (a closing delimiter
 * alone on its line left in view, as the writer lays out `text = """`), if
 * it spans lines: both readers of a block's statements (its index, its layout) fold the same way.
 */
function valueFold(block: Block, keyStart: number, valueEnd: number): Fold | undefined {
  // Most statements hold a line: no positions needed (the outline of a large file reads every statement of its sessions).
  const newline = block.text.indexOf('\n', keyStart);
  if (newline === -1 || newline >= valueEnd) return undefined;
  const start = block.positionAt(keyStart).line;
  const end = block.positionAt(valueEnd);
  const last = end.character <= 3 + indentOf(block, end) ? end.line - 1 : end.line;
  return last > start ? { startLine: start, endLine: last } : undefined;
}

function indentOf(block: Block, p: Position): number {
  const lineStart = block.offsetAt({ line: p.line, character: 0 });
  let i = lineStart;
  while (block.text[i] === ' ' || block.text[i] === '\t') i++;
  return i - lineStart;
}
