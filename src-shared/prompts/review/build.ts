// The Session Review's view model of one parsed document version (view.ts):
// the header with its counts, a card per session with its turns, and the
// findings (validation, secrets, hand edits against HEAD) placed as marks
// on the card and turn whose lines hold them. As published, only what the
// feed would show: public sessions, and no email anywhere.

import type { TomlTable, TomlValue } from 'smol-toml';
import { type Finding } from '../../finding';
import { promptsCodes } from '../rules/codes';
import type { PromptsDocument, SessionModel } from '../toml/document';
import type { HandEdit } from '../handEdits/diff';
import { handEditCodes } from '../handEdits/codes';
import { timeSpan } from '../features/hover';
import { redactSecrets } from '../rules/redactText';
import { judgeTimestamp } from '../rules/timestamps';
import { cardKey, layoutKey, turnKey } from './keys';
import { lastAtOrBefore } from '../../text/offsets';
import { sessionLine, toolCallOffsets, turnLines, turnOffsets } from './places';
import { passes, toolNames, type ReviewFilter } from './filter';
import { shown, shownIf } from './pieces';
import type { CardOutline, HeadComparison, KnownCard, KnownTurn, Mark, MarkKind, ReviewCard, ReviewCounts, ReviewHeader, ReviewToolCall, ReviewTurn, ReviewView } from './view';

export interface ReviewInputs {
  /** Validation findings and hand-edit findings of this version (their messages never hold a secret). */
  readonly findings: readonly Finding[];
  /** The hand edits no entry records, for the committed text of each (shown on hover). */
  readonly unlogged: readonly HandEdit[];
  readonly head: HeadComparison;
  readonly published: boolean;
  /** Keys of cards the receiver holds: those are not built again, only named. */
  readonly known?: ReadonlySet<string>;
  /** Keys of cards the receiver holds the outline of: outside the window those are only named too. */
  readonly outlined?: ReadonlySet<string>;
  /** Keys of card outlines the receiver holds (`ReviewCard.layoutKey`): those are only named. */
  readonly knownLayouts?: ReadonlySet<string>;
  /** Keys of turns the receiver holds: in a turn window those are only named. */
  readonly knownTurns?: ReadonlySet<string>;
  /**
   * The positions `[from, to)` among the shown cards to build; the others are
   * outlines. Of a card built with more than `wholeTurns` turns, only those
   * of its turn window (`turns`, by its position; else its first
   * `defaultTurns`), so a card of 10,000 turns costs what the screen shows.
   * Without it every card is built whole.
   */
  readonly window?: ReviewWindow;
  /** Only the sessions that pass (filter.ts); the counts are theirs. */
  readonly filter?: ReviewFilter;
}

export interface ReviewWindow {
  readonly from: number;
  readonly to: number;
  /** The turns `[from, to)` of the card at position `card` to build (at most `maxTurns` of them). */
  readonly turns?: readonly { readonly card: number; readonly from: number; readonly to: number }[];
}

/** A card of at most this many turns in the window is built whole (its turns the receiver holds named only): only longer ones are windowed. */
export const wholeTurns = 150;
/** The turns built of a longer card in the window that names none: a screen's worth and more. */
export const defaultTurns = 40;
/** The most turns one card's turn window builds, whatever it asks. */
export const maxTurns = 400;

/** The argument that says what a call did, per tool (FORMATS.md B.3). */
export const keyArguments: Readonly<Record<string, string>> = {
  Read: 'path',
  Write: 'path',
  Edit: 'path',
  StrReplace: 'path',
  Delete: 'path',
  Shell: 'command',
  Bash: 'command',
  Grep: 'pattern',
  Glob: 'pattern',
  WebFetch: 'url',
  WebSearch: 'search_term',
  Task: 'description',
};

export function reviewOf(doc: PromptsDocument, inputs: ReviewInputs): ReviewView {
  const all = doc.sessions;
  const marks = placeMarks(all, marksOf(inputs));
  const f = inputs.filter;
  const sessions = all.filter((s) => (!inputs.published || !isPrivate(s)) && (!f || passes(s, marks.bySession.get(s.index) ?? [], f)));
  /** Each id's first session in the file, and whether its card is shown. */
  const cardOf = new Map<string, { index: number; shown: boolean }>();
  for (const s of all) {
    const id = s.view.value['id'];
    if (typeof id === 'string' && !cardOf.has(id)) cardOf.set(id, { index: s.index, shown: !inputs.published || !isPrivate(s) });
  }
  const w = inputs.window;
  const inWindow = (k: number) => !w || (k >= w.from && k < w.to);
  const cards = sessions.map((s, k) => card(s, marks.bySession.get(s.index) ?? [], cardOf, inputs, inWindow(k) ? turnWindow(w, k, s.turns.length) : undefined));
  const shownMarks = sessions.flatMap((s) => (marks.bySession.get(s.index) ?? []).map((m) => m.mark));
  // Marks outside every session belong to no card: a filter of sessions leaves them out, as "As published" does.
  const fileMarks = inputs.published || f ? [] : marks.outside;
  const counts: ReviewCounts = {
    sessions: sessions.length,
    public: sessions.filter((s) => !isPrivate(s)).length,
    private: sessions.filter(isPrivate).length,
    turns: sessions.reduce((n, s) => n + s.turns.length, 0),
    ...countMarks([...shownMarks, ...fileMarks]),
  };
  return {
    header: header(doc, counts, inputs.head),
    cards,
    marks: fileMarks,
    published: inputs.published,
    filtered: f !== undefined,
    tools: toolNames(all),
    unreadable: doc.commit === undefined && all.length === 0,
  };
}

/** A partial card's outline: its key, and the outline unless the receiver holds it. */
function withLayout(o: CardOutline, known: ReadonlySet<string> | undefined): Pick<ReviewCard, 'layoutKey' | 'layout'> {
  const key = layoutKey(o);
  return known?.has(key) ? { layoutKey: key } : { layoutKey: key, layout: o };
}

/** The turns `[from, to)` to build of the card at position `k` with `n` turns. */
function turnWindow(w: ReviewWindow | undefined, k: number, n: number): { from: number; to: number } {
  if (!w || n <= wholeTurns) return { from: 0, to: n };
  const asked = w.turns?.find((t) => t.card === k);
  if (!asked) return { from: 0, to: Math.min(n, defaultTurns) };
  const from = Math.min(n, Math.max(0, asked.from));
  return { from, to: Math.min(n, from + maxTurns, Math.max(from, asked.to)) };
}

function isPrivate(s: SessionModel): boolean {
  return s.view.value['visibility'] === 'private';
}

function header(doc: PromptsDocument, counts: ReviewCounts, head: HeadComparison): ReviewHeader {
  const c: TomlTable = doc.commit?.value ?? {};
  const name = nonBlank(c['author_name']);
  const username = nonBlank(c['author_username']);
  const author = name ?? username;
  return {
    line: doc.commit?.range.start.line ?? 0,
    ...(typeof c['branch'] === 'string' && { branch: shown(c['branch']) }),
    ...(typeof c['message'] === 'string' && { message: shown(c['message']) }),
    ...(author !== undefined && { author: shown(author) }),
    ...(username !== undefined && name !== undefined && { username: redactSecrets(username) }),
    counts,
    head,
  };
}

function card(
  s: SessionModel,
  marks: readonly PlacedMark[],
  cardOf: ReadonlyMap<string, { index: number; shown: boolean }>,
  held: Pick<ReviewInputs, 'known' | 'outlined' | 'knownTurns' | 'knownLayouts' | 'window'>,
  window: { readonly from: number; readonly to: number } | undefined,
): ReviewCard | KnownCard | CardOutline {
  const v = s.view.value;
  const line = sessionLine(s);
  const fork = nonBlank(v['forked_from']);
  const forkCard = fork === undefined ? undefined : cardOf.get(fork);
  const forkedFrom: ReviewCard['forkedFrom'] =
    fork === undefined
      ? undefined
      : {
          id: redactSecrets(fork),
          ...(forkCard?.shown && forkCard.index !== s.index && { card: forkCard.index }),
          ...(forkCard && !forkCard.shown && { unpublished: true }),
        };
  const key = cardKey(s.view.block.content, { index: s.index, line, marks, forkedFrom });
  const known = held.known?.has(key) === true;
  // Without a window every card is built whole, and one held is named only.
  if (known ? !window || !held.window : !window && held.outlined?.has(key)) return { known: key, line };
  const id = typeof v['id'] === 'string' ? v['id'] : '';
  // The block's last line (`endLine` is one past it).
  const endLine = s.view.block.endLine - 1;
  const starts = turnLines(s);
  const linesOf = (k: number): [number, number] => {
    const at = starts[k]!;
    return [Math.max(at, line), Math.max(at, (starts[k + 1] ?? endLine + 1) - 1)];
  };
  const outline = (): CardOutline => ({
    outline: key,
    index: s.index,
    line,
    endLine,
    id: redactSecrets(id),
    private: isPrivate(s),
    turns: starts.map((_, k) => linesOf(k)),
    marks: marks.map((m) => ({ kind: m.mark.kind, line: m.mark.line, turn: m.turn ?? null })),
  });
  if (!window) return outline();
  const verbose = v['verbose'] === true;
  const turns: (ReviewTurn | KnownTurn)[] = [];
  for (let k = window.from; k < window.to; k++) turns.push(turn(s, k, linesOf(k), verbose, marks, held.knownTurns));
  if (known) return { known: key, line, turns };
  const partial = turns.length < s.turns.length || turns.some((t) => 'known' in t);
  const merged = reviewed(v);
  const own = marks.filter((m) => m.turn === undefined).map((m) => m.mark);
  return {
    key,
    index: s.index,
    line,
    endLine,
    id: redactSecrets(id),
    ...(nonBlank(v['title']) !== undefined && { title: shown(v['title'] as string) }),
    ...scalar('source', v['source']),
    ...scalar('model', v['model']),
    ...scalar('outcome', v['outcome']),
    tags: Array.isArray(v['tags']) ? v['tags'].filter((t): t is string => typeof t === 'string').map(shown) : [],
    span: timeSpan(s),
    ...optionalShown('summary', v['summary']),
    ...optionalShown('lesson', v['lesson']),
    private: isPrivate(s),
    ...(merged && { reviewed: merged }),
    ...(forkedFrom && { forkedFrom }),
    turns,
    marks: own,
    ...(partial && withLayout(outline(), held.knownLayouts)),
  };
}

function turn(s: SessionModel, k: number, [line, endLine]: readonly [number, number], verbose: boolean, cardMarks: readonly PlacedMark[], known: ReadonlySet<string> | undefined): ReviewTurn | KnownTurn {
  const t = s.turns[k]!;
  const marks = cardMarks.filter((m) => m.turn === t.index);
  const source = turnSource(s, k);
  const key = turnKey(t.view.block.content.text.slice(source.from, source.to), { session: s.index, index: t.index, line, verbose, marks });
  if (known?.has(key)) return { known: key, index: t.index };
  const v = t.view.value;
  const role = typeof v['role'] === 'string' ? v['role'] : '';
  const showText = role !== 'assistant' || verbose;
  const callOffsets = toolCallOffsets(t, source.from, source.to);
  return {
    index: t.index,
    key,
    line,
    endLine,
    role: redactSecrets(role),
    ...(instant(v['at']) !== undefined && { at: instant(v['at'])! }),
    ...scalar('model', v['model']),
    ...optionalShown('summary', v['summary']),
    ...(showText && typeof v['text'] === 'string' && { text: shown(v['text']) }),
    toolCalls: t.toolCalls.map((c, i): ReviewToolCall => {
      const name = typeof c.view.value['name'] === 'string' ? c.view.value['name'] : '';
      const args = c.view.value['args'];
      const keyName = keyArguments[name];
      const keyValue = keyName && args && typeof args === 'object' && !Array.isArray(args) ? (args as TomlTable)[keyName] : undefined;
      return {
        index: c.index,
        line: t.view.block.positionAt(callOffsets[i]!).line,
        name: redactSecrets(name),
        ...(keyName !== undefined && typeof keyValue === 'string' && { key: { name: keyName, value: shown(keyValue) } }),
        failed: c.view.value['status'] === 'error',
      };
    }),
    marks: marks.map((m) => m.mark),
  };
}

/** A turn's source in its block: from its table to the next turn's (the block's end for the last), or the whole block when they are out of order. */
function turnSource(s: SessionModel, k: number): { from: number; to: number } {
  const t = s.turns[k]!;
  const offsets = turnOffsets(s);
  const end = t.view.block.content.text.length;
  const from = offsets[k]!;
  const to = k + 1 < offsets.length ? offsets[k + 1]! : end;
  return to > from ? { from, to } : { from: 0, to: end };
}

function reviewed(v: TomlTable): ReviewCard['reviewed'] {
  const mergedFrom = nonBlank(v['merged_from']);
  const mergedAt = instant(v['merged_at']);
  const approvedBy = nonBlank(v['approved_by']);
  if (mergedFrom === undefined && mergedAt === undefined && approvedBy === undefined) return undefined;
  return {
    ...(mergedFrom !== undefined && { mergedFrom: redactSecrets(mergedFrom) }),
    ...(mergedAt !== undefined && { mergedAt }),
    ...(approvedBy !== undefined && { approvedBy: redactSecrets(approvedBy) }),
  };
}

function scalar<K extends string>(key: K, v: TomlValue | undefined): { [P in K]?: string } {
  const s = nonBlank(v);
  return (s === undefined ? {} : { [key]: redactSecrets(s) }) as { [P in K]?: string };
}

function optionalShown<K extends string>(key: K, v: TomlValue | undefined): { [P in K]?: ReturnType<typeof shown> } {
  const s = shownIf(v);
  return (s === undefined || s.length === 0 ? {} : { [key]: s }) as { [P in K]?: ReturnType<typeof shown> };
}

function nonBlank(v: TomlValue | undefined): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function instant(v: TomlValue | undefined): string | undefined {
  const verdict = judgeTimestamp(v);
  return verdict.valid ? new Date(verdict.instant).toISOString().replace(/\.000Z$/, 'Z') : undefined;
}

// ---------------------------------------------------------------------------
// Marks.

interface PlacedMark {
  readonly turn: number | undefined;
  readonly mark: Mark;
}

function kindOf(f: Finding): MarkKind | undefined {
  if (f.code === promptsCodes.secret.code) return 'secret';
  if (f.code === handEditCodes.unloggedEdit.code) return 'unlogged';
  if (f.severity === 'error') return 'error';
  if (f.severity === 'warning') return 'warning';
  return undefined;
}

function marksOf(inputs: ReviewInputs): Mark[] {
  const committed = new Map<string, string>();
  for (const e of inputs.unlogged) {
    if (e.committed !== undefined) committed.set(`${e.range.start.line}:${e.range.start.character}:${e.what}`, e.committed);
  }
  const out: Mark[] = [];
  for (const f of inputs.findings) {
    const kind = kindOf(f);
    if (!kind) continue;
    const was = kind === 'unlogged' ? committed.get(`${f.range.start.line}:${f.range.start.character}:${whatOf(f)}`) : undefined;
    out.push({ kind, line: f.range.start.line, message: redactSecrets(f.message), code: f.code, ...(was !== undefined && { committed: shortened(redactSecrets(was)) }) });
  }
  return out;
}

/** A hover's worth of the committed text: a 512 KiB turn is not sent whole for a tooltip. */
const committedChars = 2_000;

function shortened(text: string): string {
  return text.length <= committedChars ? text : `${text.slice(0, committedChars)}… (${(text.length - committedChars).toLocaleString('en-US')} more characters)`;
}

function whatOf(f: Finding): string {
  const data = f.data as { what?: unknown } | undefined;
  return typeof data?.what === 'string' ? data.what : '';
}

/** Each mark on the session (and turn) whose lines hold it; the rest are the file's. */
function placeMarks(sessions: readonly SessionModel[], marks: readonly Mark[]): { bySession: Map<number, PlacedMark[]>; outside: Mark[] } {
  const bySession = new Map<number, PlacedMark[]>();
  const outside: Mark[] = [];
  const starts = sessions.map(sessionLine);
  for (const mark of marks) {
    const k = lastAtOrBefore(starts, mark.line);
    const s = k === -1 ? undefined : sessions[k];
    if (!s || mark.line >= s.view.block.endLine) {
      outside.push(mark);
      continue;
    }
    const t = lastAtOrBefore(turnLines(s), mark.line);
    const placed: PlacedMark = { turn: t === -1 ? undefined : s.turns[t]!.index, mark };
    const list = bySession.get(s.index) ?? [];
    list.push(placed);
    bySession.set(s.index, list);
  }
  return { bySession, outside };
}

function countMarks(marks: readonly Mark[]): Pick<ReviewCounts, 'secrets' | 'unlogged' | 'errors' | 'warnings'> {
  const n = (k: MarkKind) => marks.filter((m) => m.kind === k).length;
  return { secrets: n('secret'), unlogged: n('unlogged'), errors: n('error'), warnings: n('warning') };
}
