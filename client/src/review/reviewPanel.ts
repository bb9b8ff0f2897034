// One Session Review: a webview panel beside a `.prompts` file. It asks the
// server for the view of the document's current version at once, then
// again (throttled, coalesced, never older than what is shown) as the
// document, HEAD or the "as published" switch change; asks for the content
// of the cards near the page's screen only (the others come as outlines);
// sends the page only what it does not hold; jumps to the source of what was clicked;
// lights up the card and turn under the source's cursor; and runs the
// page's actions as the hand-edit fixes (one versioned workspace edit each).

import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { baseName } from '../../../src-shared/text/uriPath';
import type { HandEditFixKind } from '../../../src-shared/protocol/prompts';
import { reviewRequest, reviewSearchRequest, type ReviewParams, type ReviewResult, type ReviewSearchParams, type ReviewSearchResult } from '../../../src-shared/protocol/prompts';
import type { DriveStep, HostToReview, ReviewReport, ReviewToHost } from '../../../src-shared/prompts/review/messages';
import type { CardOutline, KnownTurn, ReviewCard, ReviewTurn } from '../../../src-shared/prompts/review/view';
import { defaultTurns, wholeTurns } from '../../../src-shared/prompts/review/build';
import type { ReviewFilter } from '../../../src-shared/prompts/review/filter';
import { outlineOfCard, slotKey, withHeldLayout } from '../../../src-shared/prompts/review/outline';
import { applyHandEditFix } from '../prompts/handEditFixes';
import { RenderScheduler } from '../preview/renderScheduler';
import { revealSourceLine } from '../preview/revealLine';
import { reviewCommands } from '../commandIds';

/** Time between two views while the curator types. */
const throttleMs = 120;
/** What the page cannot do, said by the host (in the user's language). */
const notices: Readonly<Record<string, string>> = {
  outsideValue: vscode.l10n.t('Select text inside one value of the review (a turn, a summary, a title…) to redact it.'),
};

/** The cards asked for before the page says what is near its screen. */
const firstWindow = 4;
/** Cards asked for beyond each side of the page's window, so a little scrolling needs no request. */
const windowMargin = 2;
/** Turns asked for beyond each side of a card's turns near the page's screen. */
const turnMargin = 20;

/** The cards near the page's screen (positions), and of each the turns near it (`to` exclusive). */
interface PageWindow {
  readonly from: number;
  readonly to: number;
  readonly turns: readonly { readonly card: number; readonly from: number; readonly to: number }[];
}

export class ReviewPanel implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly scheduler: RenderScheduler<ReviewResult>;
  /** The cards whose head this holds (the server may answer them with `{ known }`), by key: their `turns` are those of the last answer only. */
  private readonly cards = new Map<string, ReviewCard>();
  /** The outlines of partial cards this holds, by their `layoutKey` (a keystroke in a long session keeps it). */
  private readonly layouts = new Map<string, CardOutline>();
  /** The turns this holds of each card it holds, by index. */
  private readonly turns = new Map<string, Map<number, ReviewTurn>>();
  /** Each card's first line in the last view (the content held may have been built at another). */
  private readonly lines = new Map<string, number>();
  /** What the page holds of each card's turns (indices), beside its head. */
  private readonly pageTurns = new Map<string, Set<number>>();
  /** Every card's outline, by key. */
  private readonly outlines = new Map<string, CardOutline>();
  /** What the page holds of each key: its content, or its outline only. */
  private readonly onPage = new Map<string, 'card' | 'outline'>();
  private last: ReviewResult | undefined;
  /** The keys of the last view, in order. */
  private order: readonly string[] = [];
  /** The positions of the cards near the page's screen. */
  private window: PageWindow = { from: 0, to: firstWindow, turns: [] };
  private published = false;
  /** The page's filters (undefined: every session). */
  private filter: ReviewFilter | undefined;
  /** The page's search query ('' when none): searched again with each new version. */
  private query = '';
  private ready = false;
  private disposed = false;
  lastReport: ReviewReport | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly uri: vscode.Uri,
    private readonly client: LanguageClient,
    private readonly onReport: (uri: string, report: ReviewReport) => void,
    onDisposed: () => void,
    baselinesChanged: vscode.Event<void>,
  ) {
    const key = uri.toString();
    this.scheduler = new RenderScheduler<ReviewResult>({
      render: () => this.request(),
      versionOf: (r) => r.version,
      show: (r) => this.show(r),
      cooldown: () => new Promise((resolve) => setTimeout(resolve, throttleMs)),
      onError: (e) => this.client.error(`Reviewing ${key} failed`, e),
    });
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((m: ReviewToHost) => this.receive(m)),
      panel.onDidDispose(() => {
        this.dispose();
        onDisposed();
      }),
      // A hidden panel's page is gone (its context is not retained): nothing posted reaches it, and what it last
      // reported is no longer on screen. Shown again, it loads anew and says `ready`.
      panel.onDidChangeViewState(() => {
        if (panel.visible) return;
        this.ready = false;
        this.lastReport = undefined;
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === key && e.contentChanges.length > 0) this.scheduler.request();
      }),
      baselinesChanged(() => this.scheduler.request()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('packsAndPrompts')) this.scheduler.request();
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        const line = e.selections[0]?.active.line;
        if (e.textEditor.document.uri.toString() === key && line !== undefined) this.post({ type: 'highlight', line });
      }),
    );
    panel.title = vscode.l10n.t('Review: {0}', baseName(uri.path));
    this.scheduler.request();
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  /** Takes a step in the page (end-to-end tests): the page acts through its own handlers. */
  drive(step: DriveStep): void {
    this.post({ type: 'drive', step });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.scheduler.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  private async request(): Promise<ReviewResult | undefined> {
    // The server only knows open documents; opening is a no-op when it already is.
    await vscode.workspace.openTextDocument(this.uri);
    const window = this.asked();
    const outlined = [...this.outlines.keys()].filter((k) => !this.cards.has(k));
    const knownTurns = this.heldTurnKeys(window);
    const knownLayouts = [...this.layouts.keys()];
    const params: ReviewParams = { uri: this.uri.toString(), published: this.published, known: [...this.cards.keys()], outlined, knownTurns, knownLayouts, window, ...(this.filter && { filter: this.filter }) };
    const filter = this.filter;
    const result = await this.client.sendRequest<ReviewResult | null>(reviewRequest, params);
    // A view for the other setting of the switch or other filters (changed meanwhile) is not shown.
    return result && result.published === this.published && filter === this.filter ? result : undefined;
  }

  /** The window asked of the server: the page's, with margins of cards and turns. */
  private asked(): PageWindow {
    const w = this.window;
    return {
      from: Math.max(0, w.from - windowMargin),
      to: w.to + windowMargin,
      turns: w.turns.map((t) => ({ card: t.card, from: Math.max(0, t.from - turnMargin), to: t.to + turnMargin })),
    };
  }

  /** The turns of `window` the server is to build, by card key (of the last view): all of a short card, else its turn window, else its first turns (build.ts). */
  private turnRanges(window: PageWindow): Map<string, { from: number; to: number }> {
    const ranges = new Map<string, { from: number; to: number }>();
    for (let p = window.from; p < Math.min(window.to, this.order.length); p++) {
      const key = this.order[p]!;
      const n = this.outlines.get(key)?.turns.length ?? 0;
      const t = window.turns.find((x) => x.card === p);
      ranges.set(key, n <= wholeTurns ? { from: 0, to: n } : t ? { from: t.from, to: t.to } : { from: 0, to: defaultTurns });
    }
    return ranges;
  }

  /** The keys of the turns this holds in the turn windows asked for (what the server may answer as `{ known }`). */
  private heldTurnKeys(window: PageWindow): string[] {
    const keys: string[] = [];
    for (const [card, range] of this.turnRanges(window)) {
      const held = this.turns.get(card);
      if (held) for (const [t, turn] of held) if (t >= range.from && t < range.to) keys.push(turn.key);
    }
    return keys;
  }

  private show(result: ReviewResult): void {
    // An outline named as held that this no longer holds (never expected): ask again, naming none.
    if (result.cards.some((c) => 'key' in c && withHeldLayout(c, this.layouts) === undefined)) {
      this.layouts.clear();
      this.scheduler.request();
      return;
    }
    const order = result.cards.map(slotKey);
    // Turns named as known are those this holds, under any card's key (an edit in one turn gives its card a new key).
    const byKey = new Map<string, ReviewTurn>();
    for (const held of this.turns.values()) for (const t of held.values()) byKey.set(t.key, t);
    const take = (key: string, turns: readonly (ReviewTurn | KnownTurn)[] | undefined) => {
      const held = this.turns.get(key) ?? new Map<number, ReviewTurn>();
      for (const t of turns ?? []) {
        const turn = 'known' in t ? byKey.get(t.known) : t;
        if (turn) held.set(t.index, turn);
      }
      this.turns.set(key, held);
    };
    for (const slot of result.cards) {
      if ('known' in slot) {
        this.lines.set(slot.known, slot.line);
        if (this.cards.has(slot.known)) take(slot.known, slot.turns);
      } else if ('outline' in slot) {
        this.outlines.set(slot.outline, slot);
        this.lines.set(slot.outline, slot.line);
      } else {
        // Its outline named as held comes back from what this holds (else the card is asked for again).
        const card = withHeldLayout(slot, this.layouts)!;
        this.cards.set(slot.key, card);
        this.outlines.set(slot.key, outlineOfCard(card));
        this.lines.set(slot.key, slot.line);
        if (card.layoutKey !== undefined) this.layouts.set(card.layoutKey, card.layout!);
        take(slot.key, slot.turns);
      }
    }
    const current = new Set(order);
    const layoutsNow = new Set([...this.cards.values()].flatMap((c) => (current.has(c.key) && c.layoutKey !== undefined ? [c.layoutKey] : [])));
    for (const k of [...this.layouts.keys()]) if (!layoutsNow.has(k)) this.layouts.delete(k);
    for (const map of [this.cards, this.outlines, this.turns, this.lines]) for (const k of [...map.keys()]) if (!current.has(k)) map.delete(k);
    const newVersion = this.last?.version !== result.version || this.last.published !== result.published;
    this.last = result;
    this.order = order;
    this.send();
    if (newVersion && this.query !== '') void this.search();
  }

  /** The page's query over the whole current version, answered to the page unless the query changed meanwhile. */
  private async search(): Promise<void> {
    const query = this.query;
    if (query.trim() === '') {
      this.post({ type: 'searchResult', query, version: this.last?.version ?? 0, total: 0, places: [], capped: false });
      return;
    }
    const params: ReviewSearchParams = { uri: this.uri.toString(), query, published: this.published };
    const result = await this.client.sendRequest<ReviewSearchResult | null>(reviewSearchRequest, params);
    if (!result || query !== this.query) return;
    this.post({ type: 'searchResult', query, version: result.version, total: result.total, places: result.places, capped: result.capped });
  }

  /** True when a card of the page's window, or a turn near its screen, has no content here: the server is asked for it. */
  private missing(): boolean {
    if (this.order.slice(this.window.from, this.window.to).some((k) => !this.cards.has(k))) return true;
    for (const t of this.window.turns) {
      const key = this.order[t.card];
      const held = key === undefined ? undefined : this.turns.get(key);
      const n = key === undefined ? 0 : (this.outlines.get(key)?.turns.length ?? 0);
      for (let i = t.from; i < Math.min(t.to, n); i++) if (!held?.has(i)) return true;
    }
    return false;
  }

  private send(): void {
    const result = this.last;
    if (!result || !this.ready || this.disposed) return;
    const cards: ReviewCard[] = [];
    const outlines: CardOutline[] = [];
    // Content travels for the window's cards only (a page loaded anew gets the first screens, not all this holds),
    // and of each the turns of its turn window the page lacks: a card the page holds comes again with those only.
    const window = this.asked();
    const ranges = this.turnRanges(window);
    const sent = new Map<string, 'card' | 'outline'>();
    this.order.forEach((k, p) => {
      const card = p >= window.from && p < window.to ? this.cards.get(k) : undefined;
      const held = this.onPage.get(k);
      if (card) {
        const range = ranges.get(k)!;
        const onPage = held === 'card' ? (this.pageTurns.get(k) ?? new Set<number>()) : new Set<number>();
        const turns = [...(this.turns.get(k)?.values() ?? [])].filter((t) => t.index >= range.from && t.index < range.to && !onPage.has(t.index));
        if (held !== 'card' || turns.length > 0) cards.push({ ...card, turns });
        for (const t of turns) onPage.add(t.index);
        this.pageTurns.set(k, onPage);
      } else if (held === undefined) outlines.push(this.outlines.get(k)!);
      sent.set(k, card || held === 'card' ? 'card' : 'outline');
    });
    this.onPage.clear();
    for (const [k, held] of sent) this.onPage.set(k, held);
    for (const k of [...this.pageTurns.keys()]) if (sent.get(k) !== 'card') this.pageTurns.delete(k);
    this.post({
      type: 'show',
      uri: result.uri,
      fileName: baseName(this.uri.path),
      version: result.version,
      header: result.header,
      marks: result.marks,
      published: result.published,
      filtered: result.filtered,
      tools: result.tools,
      unreadable: result.unreadable,
      order: this.order,
      lines: this.order.map((k) => this.lines.get(k) ?? 0),
      cards,
      outlines,
    });
  }

  private receive(message: ReviewToHost): void {
    switch (message.type) {
      case 'ready':
        // A new page (first load, or reloaded after being hidden) holds nothing, and shows the top of the file.
        this.ready = true;
        this.onPage.clear();
        this.pageTurns.clear();
        this.window = { from: 0, to: firstWindow, turns: [] };
        this.send();
        return;
      case 'window':
        this.window = { from: message.from, to: message.to, turns: message.turns ?? [] };
        if (this.missing()) this.scheduler.request();
        else this.send();
        return;
      case 'shown':
        this.lastReport = message;
        this.onReport(this.uri.toString(), message);
        return;
      case 'reveal':
        void revealSourceLine(this.uri, message.line, message.focus === true);
        return;
      case 'published':
        // Cards are the same either way (their keys too): only which of them are shown changes.
        this.published = message.published;
        this.scheduler.request();
        return;
      case 'redact':
        void this.fix(message.version, { kind: 'redactValue', value: message.value, from: message.from, to: message.to });
        return;
      case 'makePrivate':
        void this.fix(message.version, { kind: 'makePrivate', position: { line: message.line, character: 0 } });
        return;
      case 'deleteTurn':
        void this.fix(message.version, { kind: 'deleteTurn', session: message.session, turn: message.turn });
        return;
      case 'recordAll':
        void this.fix(undefined, { kind: 'recordAll' });
        return;
      case 'filter':
        // Cards keep their keys either way: only which of them are shown changes, as with the switch.
        this.filter = message.filter;
        this.window = { from: 0, to: firstWindow, turns: [] };
        this.scheduler.request();
        return;
      case 'search':
        this.query = message.query;
        void this.search();
        return;
      case 'export':
        void vscode.commands.executeCommand(reviewCommands.exportPublished, this.uri);
        return;
      case 'notice':
        void vscode.window.showInformationMessage(notices[message.notice] ?? notices.outsideValue);
        return;
    }
  }

  /** A page action as a hand-edit fix on the version the page showed (the document's own for Record all). */
  private async fix(version: number | undefined, fix: HandEditFixKind): Promise<void> {
    const document = await vscode.workspace.openTextDocument(this.uri);
    await applyHandEditFix(this.client, { uri: this.uri.toString(), version: version ?? document.version, fix });
  }

  private post(message: HostToReview): void {
    if (this.ready && !this.disposed) void this.panel.webview.postMessage(message);
  }
}
