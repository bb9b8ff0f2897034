// Hand-edit detection (FORMATS.md B.5): the parsed file as committed at
// HEAD against the parsed document. Sessions are matched by id; within a
// matched session the fields, the turns (aligned, so a deleted turn is one
// deletion) and each turn's tool calls are compared; then the `[commit]`
// table and the `[[edits]]` log. The result lists each place that differs
// (an edit some new `[[edits]]` entry must record) and each change no entry
// can excuse (a changed session id, an altered or removed log entry, a
// removed author email). Coverage and findings are in check.ts.

import type { TomlTable, TomlValue } from 'smol-toml';
import type { Finding } from '../../finding';
import type { Range } from '../../text/range';
import type { Block } from '../toml/block';
import type { EditModel, PromptsDocument, SessionModel, TurnModel } from '../toml/document';
import { type AlignOp, align } from './align';
import { handEditCodes as codes, type SessionIdChangedData } from './codes';
import { canonical, sameValue, unionKeys, without } from './values';
import type { TableView } from '../toml/tableView';
import { isTable } from '../toml/valueTypes';

/** One place the document differs from HEAD, which an `[[edits]]` entry must record. */
export interface HandEdit {
  /** The session's id as committed; undefined for a file-level edit (`[commit]`). */
  readonly session: string | undefined;
  /** The turn affected: its index now, or for a deleted turn the index it had. */
  readonly turn: number | undefined;
  readonly range: Range;
  /** "`text` of turn 3 changed", "turn 2 was deleted", "`[commit].message` changed". */
  readonly what: string;
  /** The string committed at HEAD where one was changed or removed (a deleted turn: its text), for a reader to compare. */
  readonly committed?: string;
  /** For a value changed or removed: its TOML text as committed (cut past `committedShown` characters). */
  readonly committedToml?: string;
}

/** How much of a committed value an edit carries, for the hover and the diff that show it. */
export const committedShown = 20_000;

export interface HandEditDiff {
  readonly edits: readonly HandEdit[];
  /** Errors no entry excuses: session-id-changed, edits-entry-removed, edits-entry-altered, author-email-removed. */
  readonly violations: readonly Finding[];
  /** `[[edits]]` entries new since HEAD: the only ones that can record an edit. */
  readonly newEntries: readonly EditModel[];
}

/** `base` names the baseline in messages: `HEAD` in the editor, the command line's `--base` revision. */
export function diffHandEdits(baseline: PromptsDocument, current: PromptsDocument, base = 'HEAD'): HandEditDiff {
  const out = new DiffCollector(current, base);
  diffSessions(baseline, current, out);
  diffCommit(baseline, current, out);
  const newEntries = diffEditsLog(baseline, current, out);
  return { edits: out.edits, violations: out.violations, newEntries };
}

class DiffCollector {
  readonly edits: HandEdit[] = [];
  readonly violations: Finding[] = [];

  constructor(
    readonly current: PromptsDocument,
    readonly base: string,
  ) {}

  edit(session: string | undefined, turn: number | undefined, range: Range, what: string, field?: Pick<FieldDiff, 'before' | 'committedToml'>): void {
    const before = field?.before;
    this.edits.push({ session, turn, range, what, ...(typeof before === 'string' && { committed: before }), ...(field?.committedToml !== undefined && { committedToml: field.committedToml }) });
  }

  violation(code: (typeof codes)[keyof typeof codes], range: Range, message: string, data?: unknown): void {
    this.violations.push({ range, severity: code.severity, code: code.code, message, ...(data !== undefined && { data }) });
  }
}

function idOf(s: SessionModel): string | undefined {
  const id = s.view.value['id'];
  return typeof id === 'string' ? id : undefined;
}

/** Sessions by id, the first of each id only (a duplicate is the validator's business). */
function byId(sessions: readonly SessionModel[]): Map<string, SessionModel> {
  const map = new Map<string, SessionModel>();
  for (const s of sessions) {
    const id = idOf(s);
    if (id !== undefined && !map.has(id)) map.set(id, s);
  }
  return map;
}

function diffSessions(baseline: PromptsDocument, current: PromptsDocument, out: DiffCollector): void {
  const before = byId(baseline.sessions);
  const after = byId(current.sessions);
  const unmatchedBefore = [...before.values()].filter((s) => !after.has(idOf(s)!));
  const unmatchedAfter = new Set([...after.values()].filter((s) => !before.has(idOf(s)!)));
  const renamed = new Map<SessionModel, SessionModel>();
  for (const b of unmatchedBefore) {
    const c = renamedTo(b, unmatchedAfter);
    if (!c) continue;
    unmatchedAfter.delete(c);
    renamed.set(b, c);
  }
  for (const [id, b] of before) {
    const c = after.get(id) ?? renamed.get(b);
    if (!c) {
      out.edit(id, undefined, whereSessionWas(b, before, after, current), `session ${JSON.stringify(id)} was deleted`);
      continue;
    }
    if (renamed.has(b)) {
      const data: SessionIdChangedData = { original: id };
      out.violation(
        codes.sessionIdChanged,
        c.view.valueRange('id'),
        `the session id changed since ${out.base} (it was ${JSON.stringify(id)}); ids never change`,
        data,
      );
    }
    diffSession(id, b, c, out);
  }
}

/**
 * The new-looking session that is `b` under a new id: one with the same
 * content but the id, else the one at the same position that started at
 * the same time or, when neither says when it started, that kept at least
 * half of `b`'s turns. A capture appended after a deleted session starts
 * later, so it is not taken for a renamed one.
 */
function renamedTo(b: SessionModel, candidates: ReadonlySet<SessionModel>): SessionModel | undefined {
  const content = canonical(without(b.view.value, ['id']));
  for (const c of candidates) if (canonical(without(c.view.value, ['id'])) === content) return c;
  for (const c of candidates) {
    if (c.index !== b.index) continue;
    const started = b.view.value['started_at'];
    const startedNow = c.view.value['started_at'];
    if (started !== undefined || startedNow !== undefined) {
      if (sameValue(started, startedNow)) return c;
      continue;
    }
    const kept = new Set(c.turns.map((t) => canonical(t.view.value)));
    if (b.turns.filter((t) => kept.has(canonical(t.view.value))).length * 2 >= b.turns.length) return c;
  }
  return undefined;
}

/**
 * Where a deleted session was: the header of the next committed session
 * still there, else of the first `[[edits]]` entry (the log follows the
 * sessions), else the end of the file.
 */
function whereSessionWas(b: SessionModel, before: Map<string, SessionModel>, after: Map<string, SessionModel>, current: PromptsDocument): Range {
  for (const [id, s] of before) {
    if (s.index <= b.index) continue;
    const survivor = after.get(id);
    if (survivor) return survivor.view.range;
  }
  return current.edits[0]?.view.range ?? endOfFile(current);
}

/** Keys of a session compared as a whole elsewhere. */
const sessionOwnKeys = ['id', 'turns'];

function diffSession(id: string, b: SessionModel, c: SessionModel, out: DiffCollector): void {
  const bb = b.view.block;
  const cb = c.view.block;
  if (bb.kind === 'session' && cb.kind === 'session' && bb.text === cb.text) return;
  for (const f of diffFields(b.view, c.view, sessionOwnKeys)) out.edit(id, undefined, f.range, describeField(f, ''), f);
  for (const change of listChanges(b.turns, c.turns, sameKey('role'))) {
    if (change.kind === 'inserted') {
      out.edit(id, change.after.index, change.after.view.range, `turn ${change.after.index} was inserted`);
    } else if (change.kind === 'deleted') {
      const range = change.next?.view.range ?? lastContentLine(cb, c.view);
      out.edit(id, change.before.index, range, `turn ${change.before.index} was deleted`, { before: change.before.view.value['text'] });
    } else diffTurn(id, change.before, change.after, out);
  }
}

function diffTurn(id: string, b: TurnModel, c: TurnModel, out: DiffCollector): void {
  const turn = c.index;
  for (const f of diffFields(b.view, c.view, ['tool_calls'])) out.edit(id, turn, f.range, describeField(f, ` of turn ${turn}`), f);
  for (const change of listChanges(b.toolCalls, c.toolCalls, sameKey('name'))) {
    if (change.kind === 'inserted') {
      out.edit(id, turn, change.after.view.range, `tool call ${change.after.index} of turn ${turn} was inserted`);
    } else if (change.kind === 'deleted') {
      out.edit(id, turn, change.next?.view.range ?? c.view.range, `tool call ${change.before.index} of turn ${turn} was deleted`);
    } else {
      const call = change.after;
      for (const f of diffFields(change.before.view, call.view, [])) {
        out.edit(id, turn, f.range, describeField(f, ` of tool call ${call.index} of turn ${turn}`), f);
      }
    }
  }
}

/** What differs between a committed list of tables and the edited one; a deleted item knows the item now in its place. */
type ListChange<T> =
  | { readonly kind: 'inserted'; readonly after: T }
  | { readonly kind: 'deleted'; readonly before: T; readonly next: T | undefined }
  | { readonly kind: 'changed'; readonly before: T; readonly after: T };

/** The aligned differences of two lists of tables (turns, tool calls, log entries); `similar` items may pair as changed. */
function listChanges<T extends { readonly view: TableView }>(
  before: readonly T[],
  after: readonly T[],
  similar: (a: TomlTable, b: TomlTable) => boolean,
): ListChange<T>[] {
  const ops = align({
    before: before.length,
    after: after.length,
    equal: (i, j) => sameValue(before[i]!.view.value, after[j]!.view.value),
    similar: (i, j) => similar(before[i]!.view.value, after[j]!.view.value),
  });
  const changes: ListChange<T>[] = [];
  ops.forEach((op, k) => {
    if (op.kind === 'inserted') changes.push({ kind: 'inserted', after: after[op.after]! });
    else if (op.kind === 'changed') changes.push({ kind: 'changed', before: before[op.before]!, after: after[op.after]! });
    else if (op.kind === 'deleted') {
      const next = nextAfter(ops, k);
      changes.push({ kind: 'deleted', before: before[op.before]!, next: next === undefined ? undefined : after[next] });
    }
  });
  return changes;
}

function sameKey(key: string): (a: TomlTable, b: TomlTable) => boolean {
  return (a, b) => sameValue(a[key], b[key]);
}

/** The index (edited list) of the first item after op `k` that is in the edited list. */
function nextAfter(ops: readonly AlignOp[], k: number): number | undefined {
  for (let i = k + 1; i < ops.length; i++) {
    const op = ops[i]!;
    if (op.kind !== 'deleted') return op.after;
  }
  return undefined;
}

type FieldChange = 'changed' | 'added' | 'removed';

/** A key whose value differs: its dotted name, what happened, and where to show it. */
interface FieldDiff {
  readonly name: string;
  readonly change: FieldChange;
  readonly range: Range;
  /** The committed value (absent for a key added). */
  readonly before?: TomlValue;
  /** The value's TOML text at HEAD, for a value changed or removed. */
  readonly committedToml?: string;
}

/** "`text` of turn 3 changed" */
function describeField(f: FieldDiff, suffix: string): string {
  return `\`${f.name}\`${suffix} ${f.change === 'changed' ? 'changed' : `was ${f.change}`}`;
}

/**
 * Each key of two tables whose value differs, shown at the value now (or
 * at the table, for a key removed). A sub-table on both sides
 * (`[sessions.commit]`) is compared key by key: `commit.branch` changed.
 */
function diffFields(b: TableView, c: TableView, skip: readonly string[], prefix = ''): FieldDiff[] {
  const found: FieldDiff[] = [];
  for (const key of unionKeys(b.value, c.value)) {
    if (skip.includes(key)) continue;
    const before = b.value[key];
    const after = c.value[key];
    if (sameValue(before, after)) continue;
    const name = `${prefix}${key}`;
    if (after === undefined) found.push({ name, change: 'removed', range: c.range, before, ...committedText(b, key) });
    else if (before === undefined) found.push({ name, change: 'added', range: c.valueRange(key) });
    else {
      const bt = isTable(before) ? b.table(key) : undefined;
      const ct = isTable(after) ? c.table(key) : undefined;
      if (bt && ct) found.push(...diffFields(bt, ct, [], `${name}.`));
      else found.push({ name, change: 'changed', range: c.valueRange(key), before, ...committedText(b, key) });
    }
  }
  return found;
}

/** The value of `key` as written in the committed file, when it is written there under that key. */
function committedText(table: TableView, key: string): { committedToml?: string } {
  if (!table.member(key)) return {};
  const span = table.valueSpan(key);
  const text = table.block.text.slice(span.start, Math.min(span.end, span.start + committedShown));
  return { committedToml: span.end - span.start > committedShown ? `${text}…` : text };
}

function diffCommit(baseline: PromptsDocument, current: PromptsDocument, out: DiffCollector): void {
  const b = baseline.commit;
  const c = current.commit;
  if (!b) {
    if (c) out.edit(undefined, undefined, c.range, '`[commit]` was added');
    return;
  }
  const emailRemoved = (range: Range) =>
    out.violation(codes.authorEmailRemoved, range, `\`[commit].author_email\` was removed since ${out.base}; it is never removed`);
  if (!c) {
    const top = firstLine(current);
    if ('author_email' in b.value) emailRemoved(top);
    out.edit(undefined, undefined, top, '`[commit]` was removed');
    return;
  }
  for (const f of diffFields(b, c, [])) {
    if (f.name === 'author_email' && f.change === 'removed') emailRemoved(f.range);
    else out.edit(undefined, undefined, f.range, describeField({ ...f, name: `[commit].${f.name}` }, ''), f);
  }
}

/** Aligns the log; reports altered and removed entries; returns the entries new since HEAD. */
function diffEditsLog(baseline: PromptsDocument, current: PromptsDocument, out: DiffCollector): EditModel[] {
  const added: EditModel[] = [];
  for (const change of listChanges(baseline.edits, current.edits, sharesMostValues)) {
    if (change.kind === 'inserted') {
      added.push(change.after);
    } else if (change.kind === 'deleted') {
      const range = change.next?.view.range ?? endOfFile(current);
      out.violation(codes.editsEntryRemoved, range, `[[edits]] entry ${change.before.index} of ${out.base} was removed here; the log is append-only`);
    } else {
      const was = change.before.view.value;
      const entry = change.after.view;
      const changed = unionKeys(was, entry.value).filter((k) => !sameValue(was[k], entry.value[k]));
      const first = changed.find((k) => k in entry.value);
      out.violation(
        codes.editsEntryAltered,
        first === undefined ? entry.range : entry.valueRange(first),
        `this [[edits]] entry changed since ${out.base} (${changed.map((k) => `\`${k}\``).join(', ')}); the log is append-only: restore it and add a new entry`,
      );
    }
  }
  return added;
}

/** Two entries that agree on at least half their keys are one entry altered, not one removed and one added. */
function sharesMostValues(a: TomlTable, b: TomlTable): boolean {
  const keys = unionKeys(a, b);
  const same = keys.filter((k) => sameValue(a[k], b[k])).length;
  return same * 2 >= keys.length;
}

function endOfFile(doc: PromptsDocument): Range {
  return lastContentLine(doc.blocks[doc.blocks.length - 1]!);
}

function firstLine(doc: PromptsDocument): Range {
  const nl = doc.text.indexOf('\n');
  const end = nl === -1 ? doc.text.length : nl > 0 && doc.text[nl - 1] === '\r' ? nl - 1 : nl;
  return { start: { line: 0, character: 0 }, end: { line: 0, character: end } };
}

/**
 * The last line with content of a block (of the part of it `within` covers:
 * a session's own block), from its first non-blank character: where
 * something deleted at the block's end used to be.
 */
function lastContentLine(block: Block, within?: TableView): Range {
  const text = block.text;
  let end = text.length;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  if (end === 0) return within?.range ?? block.rangeOf({ start: 0, end: 0 });
  const lineStart = text.lastIndexOf('\n', end - 1) + 1;
  let start = lineStart;
  while (start < end && (text[start] === ' ' || text[start] === '\t')) start++;
  return block.rangeOf({ start, end });
}
