// The `.prompts` formatter: writes a file that parses in the capture
// writer's order and layout (FORMATS.md B.6) without changing a value.
// Each table's keys in the writer's order (unknown keys after them, in
// their order), sub-tables under their table in the writer's order, array
// elements never reordered, one blank line before every header, the
// writer's header comment after `schema`. Comments travel with the key or
// header they stand above. Values are copied as written (formatValues.ts),
// so multi-line strings never grow. The result is parsed again and compared
// with the original's values; if they differ, or the file does not parse,
// the formatter declines and nothing changes.

import { lineEdits } from '../../text/lineDiff';
import type { TextEdit } from '../../text/textEdit';
import { parsePrompts, type PromptsDocument } from '../toml/document';
import { type CommentGroup, groupOf, type HeaderItem, itemsOf, type StatementItem } from './formatItems';
import { headerComment, indentUnit, writerOrder } from './formatLayout';
import { compareCodePoints, normalizeKey, renderValue } from './formatValues';
import { tableNameOf } from '../toml/locate';
import { sameTomlValue } from '../toml/equal';
import { parseToml, type TomlSyntaxError } from '../toml/blocks';
import type { TomlTable } from 'smol-toml';

export type FormatResult = { readonly text: string } | { readonly declined: string };

/** The edits that format `doc`; none when it is formatted already or the formatter declines. */
export function formatEdits(doc: PromptsDocument): TextEdit[] {
  const result = formatDocument(doc);
  return 'text' in result ? lineEdits(doc.text, result.text) : [];
}

export function formatPrompts(text: string): FormatResult {
  return formatDocument(parsePrompts(text));
}

export function formatDocument(doc: PromptsDocument): FormatResult {
  const before = parseToml(doc.text);
  if (!before.value) return { declined: notParsed(before.error) };
  const items = itemsOf(doc);
  if (typeof items === 'string') return { declined: items };
  const root = sectionTree(items.items);
  const header = takeHeaderComment(items.items);
  const top = takeFileComment(items.items);
  const schema = root.statements.find((s) => s.path[0] === 'schema');
  const out = new Output();
  // Without a `schema` line the writer's comment opens the file.
  if (header && !schema) {
    out.lines(header, '');
    out.blank();
  }
  if (top) out.comments(top, '');
  for (const s of ordered(root)) {
    writeStatement(out, s, root.names, '');
    if (header && s === schema) out.lines(header, '');
  }
  for (const child of orderedChildren(root)) writeSection(out, child);
  if (items.tail) {
    if (items.tail.leadingBlank) out.blank();
    out.comments(items.tail, '');
  }
  return unlessValuesChange(before.value, (items.bom ? '\ufeff' : '') + out.join(lineEnding(doc.text)));
}

/** The formatted `text`, unless it does not parse or reads other than `before` did: a formatter bug declines, it never reaches the file. */
export function unlessValuesChange(before: TomlTable, text: string): FormatResult {
  const after = parseToml(text);
  if (!after.value || !sameTomlValue(before, after.value)) return { declined: 'formatting would change a value' };
  return { text };
}

/** "line 12 does not parse (…)": where to look first, in the words of the Problems panel. */
function notParsed(error: TomlSyntaxError | undefined): string {
  return error ? `line ${error.line + 1} does not parse (${error.message})` : 'the file does not parse';
}

interface Section {
  readonly header: HeaderItem | undefined;
  readonly names: readonly string[];
  readonly statements: StatementItem[];
  readonly children: Section[];
}

/**
 * Headers nested under the table they extend: the latest section before
 * them whose path starts theirs, which is the element TOML adds them to.
 */
function sectionTree(items: readonly (HeaderItem | StatementItem)[]): Section {
  const root: Section = { header: undefined, names: [], statements: [], children: [] };
  const latest = new Map<string, { section: Section; order: number }>();
  let current = root;
  items.forEach((item, order) => {
    if (item.kind === 'statement') {
      current.statements.push(item);
      return;
    }
    let parent = { section: root, order: -1 };
    for (let n = 1; n < item.names.length; n++) {
      const found = latest.get(item.names.slice(0, n).join('\0'));
      if (found && found.order > parent.order) parent = found;
    }
    current = { header: item, names: item.names, statements: [], children: [] };
    parent.section.children.push(current);
    latest.set(item.names.join('\0'), { section: current, order });
  });
  return root;
}

const ranks = new Map(Object.entries(writerOrder).map(([table, keys]) => [table, new Map(keys.map((k, i) => [k, i]))]));
const asWritten = (): number => 0;

/** How keys of the table at `names` are ordered: the writer's order, sorted for `args`, else as written. */
function keyOrder(names: readonly string[]): (a: string, b: string) => number {
  const n = names.length;
  if (n >= 4 && names[n - 1] === 'args' && tableNameOf(names.slice(0, -1)) === 'toolCall') return compareCodePoints;
  const rank = ranks.get(tableNameOf(names) ?? '');
  if (!rank) return asWritten;
  return (a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || 0;
}

function ordered(section: Section): StatementItem[] {
  const order = keyOrder(section.names);
  return [...section.statements].sort((a, b) => order(a.path[0]!, b.path[0]!));
}

function orderedChildren(section: Section): Section[] {
  const order = keyOrder(section.names);
  const depth = section.names.length;
  return [...section.children].sort((a, b) => order(a.names[depth]!, b.names[depth]!));
}

function writeSection(out: Output, section: Section): void {
  const h = section.header!;
  const indent = indentUnit.repeat(h.names.length - 1);
  out.blank();
  if (h.comments) out.comments(h.comments, indent);
  const brackets = h.array ? ['[[', ']]'] : ['[', ']'];
  out.line(`${indent}${brackets[0]}${normalizeKey(h.keySource)}${brackets[1]}${trailing(h.trailing)}`);
  for (const s of ordered(section)) writeStatement(out, s, section.names, indent);
  for (const child of orderedChildren(section)) writeSection(out, child);
}

function writeStatement(out: Output, s: StatementItem, names: readonly string[], indent: string): void {
  if (s.comments) out.comments(s.comments, indent);
  // The writer sorts the keys of a tool call's `args` (and of the tables inside them).
  const sortKeys = s.path.length === 1 && s.path[0] === 'args' && tableNameOf(names) === 'toolCall';
  out.line(`${indent}${normalizeKey(s.keySource)} = ${renderValue(s.block.text, s.value, sortKeys)}${trailing(s.trailing)}`);
}

function trailing(comment: string | undefined): string {
  return comment === undefined ? '' : ` ${comment}`;
}

/**
 * Finds the writer's header comment (the file has one, wherever a hand
 * edit moved it) and takes it out of its group, to be written after `schema`.
 */
function takeHeaderComment(items: readonly (HeaderItem | StatementItem)[]): readonly string[] | undefined {
  for (const item of items) {
    const lines = item.comments?.lines;
    const at = lines ? indexOfRun(lines, headerComment) : -1;
    if (lines && at !== -1) {
      const rest = [...lines.slice(0, at), ...lines.slice(at + headerComment.length)];
      item.comments = regroup(rest, item.comments!);
      return headerComment;
    }
  }
  return undefined;
}

/**
 * The comments at the top of the file down to the last blank line among
 * them belong to the file, not to the first item: they stay at the top
 * when that item moves.
 */
function takeFileComment(items: readonly (HeaderItem | StatementItem)[]): CommentGroup | undefined {
  const first = items[0];
  const group = first?.comments;
  if (!first || !group) return undefined;
  const split = group.separated ? group.lines.length : group.lines.lastIndexOf(null);
  if (split <= 0) return undefined;
  first.comments = regroup(group.lines.slice(split + 1), group);
  return { lines: group.lines.slice(0, split), separated: true, leadingBlank: false };
}

function indexOfRun(lines: readonly (string | null)[], run: readonly string[]): number {
  for (let i = 0; i + run.length <= lines.length; i++) {
    if (run.every((r, k) => lines[i + k] === r)) return i;
  }
  return -1;
}

/** What is left of a group once lines are taken out of it, still as far from its item. */
function regroup(lines: readonly (string | null)[], was: CommentGroup): CommentGroup | undefined {
  const group = groupOf(lines);
  return group && { ...group, separated: was.separated };
}

function lineEnding(text: string): string {
  const nl = text.indexOf('\n');
  return nl > 0 && text[nl - 1] === '\r' ? '\r\n' : '\n';
}

class Output {
  private readonly out: string[] = [];

  line(text: string): void {
    this.out.push(text);
  }

  lines(texts: readonly string[], indent: string): void {
    for (const t of texts) this.out.push(indent + t);
  }

  /** One blank line, unless at the top or after one. */
  blank(): void {
    if (this.out.length > 0 && this.out[this.out.length - 1] !== '') this.out.push('');
  }

  comments(group: CommentGroup, indent: string): void {
    for (const l of group.lines) this.out.push(l === null ? '' : indent + l);
    if (group.separated) this.out.push('');
  }

  join(eol: string): string {
    return this.out.length === 0 ? '' : this.out.join(eol) + eol;
  }
}
