// Session Review figures: the view model built in process (`reviewOf`,
// validation findings included), and through the real server over stdio
// the review request as the panel sends it: on open (the cards of the first
// screens whole, the others as outlines; and, for comparison, every card
// whole), after a one-character edit in a turn with the cards and turns the
// client holds named (only the edited session's card travels, its other
// turns as their keys), and when the page
// scrolls to the middle of the file, with each answer's size; and the
// search over the whole file.

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parsePrompts } from '../src-shared/prompts/toml/document';
import { validatePrompts } from '../src-shared/prompts/rules/validate';
import { reviewOf } from '../src-shared/prompts/review/build';
import type { ReviewCard } from '../src-shared/prompts/review/view';
import { slotKey } from '../src-shared/prompts/review/outline';
import { reviewRequest, reviewSearchRequest, type ReviewParams, type ReviewResult, type ReviewSearchResult } from '../src-shared/protocol/prompts';
import { type Figure, measure, median, type Plan } from './measure';
import { middleTurnText, promptsInput, turnTextLineOffsets } from './promptsInput';
import { benchSession, checked, lineOf } from './serverFigures';

export interface ReviewFigures {
  readonly input: string;
  readonly bytes: number;
  readonly sessions: number;
  /** `reviewOf` on a parsed document, its findings computed beforehand. */
  readonly core: Figure;
  /** didOpen to the first diagnostics. */
  readonly diagnosticsMs: number;
  /** The first review request after the diagnostics, with the panel's first window (the other cards as outlines). */
  readonly openMs: number;
  readonly openBytes: number;
  /** The same request without a window: every card whole. */
  readonly wholeMs: number;
  readonly wholeBytes: number;
  /** The page scrolled to the session the edits are typed in: the window there, what the panel holds named. */
  readonly scrollMs: number;
  readonly scrollBytes: number;
  /** After one character typed in a turn, the request naming every card the client holds: median over the edits. */
  readonly editMs: number;
  readonly editBytes: number;
  readonly editCardsSent: number;
  /** The review's search over the whole file through the server (packs/prompts/reviewSearch), median of 3: a common word (the worst case: most values hold it and are masked before the search) and a turn's own words. */
  readonly searchCommonMs: number;
  readonly searchCommonPlaces: number;
  readonly searchRareMs: number;
  readonly searchRarePlaces: number;
}

export async function reviewFigures(input: string, text: string, plan: Plan, edits: number): Promise<ReviewFigures> {
  const doc = parsePrompts(text);
  const findings = validatePrompts(doc, { strictUnknownTools: false });
  const core = measure(text.length, plan, () => reviewOf(doc, { findings, unlogged: [], head: { kind: 'compared' }, published: false }));
  const session = await benchSession();
  try {
    const uri = `file:///bench/review-${input}.prompts`;
    const opened = performance.now();
    await session.open(uri, 'spec-prompts', text);
    await session.waitForDiagnostics(uri, (p) => p.version === 1, 600_000);
    const diagnosticsMs = performance.now() - opened;
    // As the panel asks first (reviewPanel.ts: 4 cards and a margin of 2).
    const window = { from: 0, to: 6 };
    const asked = performance.now();
    const first = await session.request<ReviewResult>(reviewRequest, { uri, published: false, window });
    const openMs = performance.now() - asked;
    const openBytes = JSON.stringify(first).length;
    const askedWhole = performance.now();
    const whole = await session.request<ReviewResult>(reviewRequest, { uri, published: false });
    const wholeMs = performance.now() - askedWhole;
    const wholeBytes = JSON.stringify(whole).length;
    // What the panel holds (its cards, their turns, the outlines of the others), named on each request.
    const holding = new Holding();
    holding.hold(first);
    const line = lineOf(text, middleTurnText(text));
    // The page scrolled to the session the edits are typed in: the window around it, as the page asks (±2 cards).
    const edited = doc.sessions.findIndex((s) => line >= s.view.range.start.line && line < s.view.block.endLine);
    const scrolledWindow = { from: Math.max(0, edited - 3), to: edited + 4 };
    const scrolled = performance.now();
    const atMiddle = await session.request<ReviewResult>(reviewRequest, { uri, published: false, ...holding.params(), window: scrolledWindow });
    const scrollMs = performance.now() - scrolled;
    const scrollBytes = JSON.stringify(atMiddle).length;
    holding.hold(atMiddle);
    const times: number[] = [];
    const sizes: number[] = [];
    let sent = 0;
    for (let i = 0; i < edits; i++) {
      const at = { line, character: 3 + i };
      await session.edit(uri, [{ range: { start: at, end: at }, text: 'x' }]);
      const began = performance.now();
      const r = await session.request<ReviewResult>(reviewRequest, { uri, published: false, ...holding.params(), window: scrolledWindow });
      times.push(performance.now() - began);
      sizes.push(JSON.stringify(r).length);
      const fresh = r.cards.filter((c): c is ReviewCard => 'key' in c);
      sent = fresh.length;
      holding.hold(r);
    }
    const search = async (query: string): Promise<{ ms: number; places: number }> => {
      const runs: number[] = [];
      let places = 0;
      for (let i = 0; i < 3; i++) {
        const began = performance.now();
        const r = await session.request<ReviewSearchResult>(reviewSearchRequest, { uri, query, published: false });
        runs.push(performance.now() - began);
        places = r.places.length;
      }
      return { ms: median(runs), places };
    };
    const common = await search('the');
    // The words of a turn's line a quarter into the file (the edits were typed in the middle).
    const at = turnTextLineOffsets(text, 4)[0]!;
    const rare = await search(text.slice(at + 10, at + 34).trim());
    return {
      input,
      bytes: text.length,
      sessions: doc.sessions.length,
      core,
      diagnosticsMs,
      openMs,
      openBytes,
      wholeMs,
      wholeBytes,
      scrollMs,
      scrollBytes,
      editMs: median(times),
      editBytes: median(sizes),
      editCardsSent: sent,
      searchCommonMs: common.ms,
      searchCommonPlaces: common.places,
      searchRareMs: rare.ms,
      searchRarePlaces: rare.places,
    };
  } finally {
    await session.stop();
  }
}

/**
 * The review of one long session (issue 31): a file of a single session of
 * `turns` turns, reviewed through the server as the panel asks: on open (the
 * first cards, their first turns), then with the page scrolled to the
 * middle turn (the turn window around it), a one-character edit there after
 * each of which the panel asks again naming what it holds, and an Enter at
 * the top of the file (which moves every line, and should send no content).
 * Bytes are the reply's JSON; server ms is the server's main thread's CPU
 * time for the request (from /proc, so the machine's load does not inflate it).
 */
export interface LongSessionFigures {
  readonly input: string;
  readonly turns: number;
  readonly bytes: number;
  readonly openBytes: number;
  readonly scrollBytes: number;
  /** Per keystroke in the middle turn: the reply (median and largest), the request's round trip and the server's CPU time (mean). */
  readonly editBytes: number;
  readonly editMaxBytes: number;
  readonly editMs: number;
  readonly editServerMs: number;
  /** An Enter on the first line: the reply, and how many cards and turns in it carried content. */
  readonly enterBytes: number;
  readonly enterContent: number;
  /** The machine's load average (1 minute) while the keystrokes were timed. */
  readonly load: number;
}

/** The server's main thread's CPU time so far (utime + stime, in ms), or NaN where /proc is not there. */
function threadCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 11 and 12 after the name; in clock ticks (100 a second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

export async function longSessionFigures(turns: number, edits: number, warmups: number): Promise<LongSessionFigures> {
  const text = promptsInput(1, 11, turns);
  const doc = parsePrompts(text);
  const input = `1 session of ${turns.toLocaleString('en-US')} turns`;
  const session = await benchSession();
  try {
    const pid = session.process.pid!;
    const uri = `file:///bench/review-long-${turns}.prompts`;
    await session.open(uri, 'spec-prompts', text);
    checked(await session.waitForDiagnostics(uri, (p) => p.version === 1, 600_000), input);
    const holding = new Holding();
    const ask = (window: ReviewParams['window']): Promise<ReviewResult> => session.request<ReviewResult>(reviewRequest, { uri, published: false, ...holding.params(), window });
    const first = await ask({ from: 0, to: 6 });
    const openBytes = JSON.stringify(first).length;
    holding.hold(first);
    const line = lineOf(text, middleTurnText(text));
    const s = doc.sessions[0]!;
    const turn = s.turns.findIndex((t, k) => line >= t.view.range.start.line && line < (s.turns[k + 1]?.view.range.start.line ?? Infinity));
    // The page scrolled to that turn: its card and the turns around it, as the page asks (list.ts).
    const window = { from: 0, to: 1, turns: [{ card: 0, from: Math.max(0, turn - 20), to: turn + 20 }] };
    const scrolled = await ask(window);
    const scrollBytes = JSON.stringify(scrolled).length;
    holding.hold(scrolled);
    const times: number[] = [];
    const sizes: number[] = [];
    let cpu = 0;
    const load = loadavg()[0]!;
    for (let i = -warmups; i < edits; i++) {
      const at = { line, character: 3 + warmups + i };
      const version = await session.edit(uri, [{ range: { start: at, end: at }, text: 'x' }]);
      await session.waitForDiagnostics(uri, (p) => p.version === version, 600_000);
      // The first keystrokes compile the review's path: timed, they are the compiler's figure, not a keystroke's.
      if (i < 0) {
        holding.hold(await ask(window));
        continue;
      }
      const cpuBefore = threadCpuMs(pid);
      const began = performance.now();
      const r = await ask(window);
      times.push(performance.now() - began);
      cpu += threadCpuMs(pid) - cpuBefore;
      sizes.push(JSON.stringify(r).length);
      holding.hold(r);
    }
    const top = { line: 0, character: 0 };
    const version = await session.edit(uri, [{ range: { start: top, end: top }, text: '\n' }]);
    await session.waitForDiagnostics(uri, (p) => p.version === version, 600_000);
    const entered = await ask(window);
    return {
      input,
      turns,
      bytes: text.length,
      openBytes,
      scrollBytes,
      editBytes: median(sizes),
      editMaxBytes: Math.max(...sizes),
      editMs: median(times),
      editServerMs: cpu / edits,
      enterBytes: JSON.stringify(entered).length,
      enterContent: contentIn(entered),
      load: (load + loadavg()[0]!) / 2,
    };
  } finally {
    await session.stop();
  }
}

/** What the panel holds, as reviewPanel.ts keeps it: the cards it has (their turns' keys by index) and the outlines of the others, of the last view. */
class Holding {
  private readonly cards = new Map<string, Map<number, string>>();
  private readonly outlines = new Set<string>();
  private readonly layouts = new Set<string>();

  hold(r: ReviewResult): void {
    const byKey = new Map<string, string>();
    for (const turns of this.cards.values()) for (const k of turns.values()) byKey.set(k, k);
    const take = (key: string, turns: readonly { index: number; key?: string; known?: string }[] | undefined) => {
      const held = this.cards.get(key) ?? new Map<number, string>();
      for (const t of turns ?? []) held.set(t.index, t.key ?? t.known!);
      this.cards.set(key, held);
    };
    for (const c of r.cards) {
      if ('known' in c) {
        if (this.cards.has(c.known)) take(c.known, c.turns as { index: number; key?: string; known?: string }[] | undefined);
      } else if ('outline' in c) this.outlines.add(c.outline);
      else {
        take(c.key, c.turns as { index: number; key?: string; known?: string }[]);
        if (c.layoutKey !== undefined) this.layouts.add(c.layoutKey);
      }
    }
    const keys = new Set(r.cards.map(slotKey));
    for (const k of [...this.cards.keys()]) if (!keys.has(k)) this.cards.delete(k);
    for (const k of [...this.outlines]) if (!keys.has(k) || this.cards.has(k)) this.outlines.delete(k);
  }

  params(): Pick<ReviewParams, 'known' | 'outlined' | 'knownTurns' | 'knownLayouts'> {
    return { known: [...this.cards.keys()], outlined: [...this.outlines], knownTurns: [...this.cards.values()].flatMap((t) => [...t.values()]), knownLayouts: [...this.layouts] };
  }
}

/** How many cards and turns of a reply carry their content (not only their key). */
function contentIn(r: ReviewResult): number {
  let n = 0;
  for (const c of r.cards) {
    if ('key' in c) n++;
    if ('key' in c || 'known' in c) for (const t of c.turns ?? []) if ('role' in t) n++;
  }
  return n;
}
