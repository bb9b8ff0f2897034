// The outline of a `.prompts` file: the commit, each session (its title,
// else its id, with its source and outcome), its turns (role and first
// words), their tool calls (name and main argument), and the edits log.
// Read from the blocks' position indexes, so a block that does not parse
// still shows. A node's range runs from its header to the end of the last
// key it holds (so breadcrumbs follow the cursor); its selection range is
// the header. Folds: each of those tables, and each value spanning lines.

import { comparePositions, type Position, type Range } from '../../text/range';
import type { Block } from '../toml/block';
import type { PromptsDocument } from '../toml/document';
import { forEachStatement } from '../toml/statements';
import { redactSecrets } from '../rules/redactText';
import { stringPrefixOf } from '../toml/stringPrefix';
import type { Header, Span, TableNode } from '../toml/syntaxTree';
import { tools } from '../rules/tools';

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

/** One outline per model: symbols and folds are asked for together, and a model never changes. */
const outlines = new WeakMap<PromptsDocument, readonly OutlineNode[]>();

export function outlineOf(doc: PromptsDocument): readonly OutlineNode[] {
  let outline = outlines.get(doc);
  if (!outline) outlines.set(doc, (outline = buildOutline(doc)));
  return outline;
}

function buildOutline(doc: PromptsDocument): OutlineNode[] {
  const out: OutlineNode[] = [];
  let edits: OutlineNode[] = [];
  const endEdits = (): void => {
    if (edits.length === 0) return;
    const range = { start: edits[0]!.range.start, end: edits[edits.length - 1]!.range.end };
    out.push({ name: 'edits', detail: `${edits.length} hand ${edits.length === 1 ? 'edit' : 'edits'}`, kind: 'editsLog', range, selectionRange: edits[0]!.selectionRange, children: edits });
    edits = [];
  };
  for (const block of doc.blocks) {
    const header = block.headers[0];
    if (!header) continue;
    const tables = new BlockTables(block);
    if (block.kind === 'edits') {
      edits.push(editNode(tables, header));
      continue;
    }
    endEdits();
    if (block.kind === 'commit') out.push(tables.node('commit', 'commit', tables.str(header.table, 'branch') ?? '', header, []));
    else if (block.kind === 'session') out.push(sessionNode(tables, header));
    else out.push(tables.node(block.slice(header), 'table', '', header, []));
  }
  endEdits();
  return out;
}

function sessionNode(t: BlockTables, header: Header): OutlineNode {
  const session = header.table;
  const title = t.str(session, 'title')?.trim();
  const id = t.str(session, 'id');
  const detail = [t.str(session, 'source'), t.str(session, 'outcome')].filter((s) => s).join(' · ');
  const children: OutlineNode[] = [];
  const commit = session.member('commit')?.table?.header;
  if (commit) children.push(t.node('commit', 'sessionCommit', t.str(commit.table, 'commit_sha')?.slice(0, 12) ?? '', commit, []));
  (session.member('turns')?.tables ?? []).forEach((turn, i) => {
    if (turn.header) children.push(turnNode(t, turn.header, i));
  });
  children.sort((a, b) => comparePositions(a.range.start, b.range.start));
  return t.node(title || id || 'session', 'session', title ? [id, detail].filter((s) => s).join(' · ') : detail, header, children);
}

function turnNode(t: BlockTables, header: Header, index: number): OutlineNode {
  const turn = header.table;
  const role = t.str(turn, 'role') ?? 'turn';
  const calls = (turn.member('tool_calls')?.tables ?? []).flatMap((c) => (c.header ? [toolCallNode(t, c.header)] : []));
  const words = firstWords(t.str(turn, 'text', firstWordsLength * 4) ?? t.str(turn, 'summary', firstWordsLength * 4) ?? '');
  const said = words || calls.map((c) => c.name).join(', ');
  return t.node(said ? `${role}: ${said}` : role, 'turn', `turn ${index}`, header, calls);
}

function toolCallNode(t: BlockTables, header: Header): OutlineNode {
  const call = header.table;
  const name = t.str(call, 'name') ?? 'tool call';
  const args = call.member('args');
  const argTable = args?.value?.kind === 'inlineTable' ? args.value.table : args?.table;
  // The main argument: the first one the tool captures (path, pattern, command, url, todos...).
  const main = argTable && Object.keys(tools.get(name)?.args ?? {}).map((k) => t.str(argTable, k) ?? t.count(argTable, k)).find((v) => v !== undefined);
  return t.node(name, 'toolCall', firstWords(main ?? ''), header, []);
}

function editNode(t: BlockTables, header: Header): OutlineNode {
  const edit = header.table;
  const reason = firstWords(t.str(edit, 'reason', firstWordsLength * 4) ?? '');
  return t.node(reason || 'hand edit', 'edit', t.str(edit, 'by') ?? '', header, []);
}

/** Whitespace collapsed, cut at a word boundary near `firstWordsLength` characters. */
function firstWords(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  if (flat.length <= firstWordsLength) return flat;
  const cut = flat.lastIndexOf(' ', firstWordsLength);
  return `${flat.slice(0, cut > firstWordsLength / 2 ? cut : firstWordsLength)}…`;
}

/** One block's tables with where each one's content ends, and its string values. */
class BlockTables {
  /** Headers and statements (key to value end), by start. */
  private readonly spans: Span[] = [];

  constructor(readonly block: Block) {
    for (const h of block.headers) this.spans.push(h);
    forEachStatement(block.root, (_path, m) => this.spans.push({ start: m.key.start, end: m.value!.end }));
    this.spans.sort((a, b) => a.start - b.start);
  }

  node(name: string, kind: OutlineKind, detail: string, header: Header, children: OutlineNode[]): OutlineNode {
    const selectionRange = this.block.rangeOf(header);
    return { name, detail, kind, range: { start: selectionRange.start, end: this.contentEnd(header) }, selectionRange, children };
  }

  /** A string value of `table`, or its first `max` characters, never showing a secret (redacted before any cut). */
  str(table: TableNode, key: string, max = 200): string | undefined {
    const v = table.member(key)?.value;
    return v?.kind === 'string' ? redactSecrets(stringPrefixOf(this.block.text, v, max)) : undefined;
  }

  /** `3 todos` for a list of three under `key`. */
  count(table: TableNode, key: string): string | undefined {
    const v = table.member(key)?.value;
    return v?.kind === 'array' ? `${v.items.length} ${key}` : undefined;
  }

  /** The end of the last thing the table of `header` holds, before the next header that is not under it. */
  private contentEnd(header: Header): Position {
    const headers = this.block.headers;
    const names = header.keys.map((k) => k.name);
    const next = headers.find((h) => h.start > header.start && !extends_(h, names));
    const boundary = next?.start ?? this.block.text.length;
    let end = header.end;
    for (let i = this.firstAtOrAfter(header.start); i < this.spans.length && this.spans[i]!.start < boundary; i++) {
      end = Math.max(end, this.spans[i]!.end);
    }
    return this.block.positionAt(end);
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

/** Whether `h` opens a table under the table at `names`. */
function extends_(h: Header, names: readonly string[]): boolean {
  return h.keys.length > names.length && names.every((n, i) => h.keys[i]!.name === n);
}

/** Folds: each table from its header to its last key, and each value that spans lines. */
export function foldingRangesOf(doc: PromptsDocument): { startLine: number; endLine: number }[] {
  const folds: { startLine: number; endLine: number }[] = [];
  const visit = (nodes: readonly OutlineNode[]): void => {
    for (const n of nodes) {
      if (n.kind !== 'editsLog' && n.range.end.line > n.range.start.line) folds.push({ startLine: n.range.start.line, endLine: n.range.end.line });
      visit(n.children);
    }
  };
  visit(outlineOf(doc));
  for (const block of doc.blocks) {
    forEachStatement(block.root, (_path, m) => {
      const v = m.value!;
      const start = block.positionAt(m.key.start).line;
      const end = block.positionAt(v.end);
      // Keep a closing delimiter alone on its line in view, as the writer lays out `text = """`.
      const last = end.character <= 3 + indentOf(block, end) ? end.line - 1 : end.line;
      if (last > start) folds.push({ startLine: start, endLine: last });
    });
  }
  return folds.sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine);
}

function indentOf(block: Block, p: Position): number {
  const lineStart = block.offsetAt({ line: p.line, character: 0 });
  let i = lineStart;
  while (block.text[i] === ' ' || block.text[i] === '\t') i++;
  return i - lineStart;
}
