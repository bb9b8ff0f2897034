// The review page's list of cards, virtual: the DOM holds only the cards
// near the screen, and of each only the turns near the screen, between
// spacers as tall as what they stand for (a height measured once shown,
// else estimated from the card's content or outline). Scrolling patches it:
// cards and turns that stay keep their elements, those that leave are
// removed, those that come are built. A card whose content the page does
// not hold yet is a placeholder, and the list asks for it (`need`). Jumps
// (the cursor in the source, the next mark, a fork link, the keyboard) go
// by the same geometry, so they reach cards and turns never built yet.

import type { MarkKind, CardOutline, ReviewCard, ReviewTurn } from '../../../../src-shared/prompts/review/view';
import { outlineOfCard } from '../../../../src-shared/prompts/review/outline';
import { cardElement, type CardHandlers, pendingTurnElement, placeholderElement, placeLines, turnElement } from './cards';
import type { Maker } from './text';

/** The turns `[from, to)` of the card at position `card` near the screen. */
export interface TurnRange {
  readonly card: number;
  readonly from: number;
  readonly to: number;
}

export interface ListHandlers extends CardHandlers {
  /** The positions `[from, to)` are near the screen and some of them are outlines only, or lack turns of `turns`. */
  need(from: number, to: number, turns: readonly TurnRange[]): void;
  /** What the DOM holds changed. */
  changed(): void;
}

export interface Item {
  readonly card: number;
  readonly turn: number | null;
}

/**
 * A card as the page holds it: its outline, its head and the turns that came
 * (by index), each at the lines it was built at; `line` is the card's first
 * line now, and every line held moves by the difference (keys.ts).
 */
interface Slot {
  readonly outline: CardOutline;
  readonly card?: ReviewCard;
  readonly turns: Map<number, ReviewTurn>;
  line: number;
}

interface Shown {
  readonly element: HTMLElement;
  readonly content: boolean;
  readonly turnList?: HTMLOListElement;
  readonly above?: HTMLLIElement;
  readonly below?: HTMLLIElement;
  readonly turns: Map<number, HTMLElement>;
  /** The turns in `turns` that are placeholders, their content on its way. */
  readonly pending: Set<number>;
  /** The line shift the card's elements were placed at. */
  shift: number;
}

/** What stays in place through a layout: a card's head (`turn` null) or turn, by key and by position, and its top on screen. */
interface Anchor {
  readonly key: string;
  readonly position: number;
  readonly turn: number | null;
  readonly top: number;
}

/** Space between two cards and between two turns (media/review.css). */
const cardGap = 12;
const turnGap = 6;
const lineHeight = 20;
/** Layouts a jump's target must stay put through before it is let go. */
const pinFrames = 6;
const maxPinLayouts = 120;
/** Scrolls a jump makes by the heights known at the time before it gives up. */
const maxJumpTries = 30;
/** Layouts a jump waits, beside its tries, while content near the screen is on its way (each arrival moves its target). */
const maxJumpWaits = 600;

export class CardList {
  readonly element: HTMLElement;
  private readonly top: HTMLElement;
  private readonly bottom: HTMLElement;
  private order: readonly string[] = [];
  private positions = new Map<number, number>();
  private readonly slots = new Map<string, Slot>();
  private readonly cardHeights = new Map<string, number>();
  private readonly headHeights = new Map<string, number>();
  private readonly turnHeights = new Map<string, number[]>();
  private readonly estimates = new Map<string, { head: number; turns: number[] }>();
  private readonly shown = new Map<string, Shown>();
  private highlighted: Item | null = null;
  private wanted: { key: string; turn: number | null; block: ScrollLogicalPosition; tries: number; waits: number; then?: (target: HTMLElement) => void } | undefined;
  /**
   * What a jump landed on, held in place while the heights around it are measured for the first time (each
   * measurement moves what follows): after every layout it is scrolled back to where the jump put it, until
   * the user scrolls, clicks or types, or it stayed put for `pinFrames` layouts.
   */
  private pinned: { element: HTMLElement; top: number; still: number; layouts: number } | undefined;
  private frame = 0;
  private lastNeed = '';
  private lastSignature = '';

  constructor(
    private readonly el: Maker,
    private readonly on: ListHandlers,
  ) {
    this.element = el('section', 'cards');
    this.top = el('div', 'spacer');
    this.bottom = el('div', 'spacer');
    this.element.append(this.top, this.bottom);
    const schedule = () => this.schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    for (const input of ['wheel', 'mousedown', 'keydown', 'touchstart'] as const) window.addEventListener(input, () => (this.pinned = undefined), { passive: true, capture: true });
    window.addEventListener('resize', () => {
      this.estimates.clear();
      this.schedule();
    });
  }

  /**
   * A new view: the order of every card's key and each card's first line now, the cards whose content came (or
   * more turns of a card held), and the outlines of the others.
   */
  update(order: readonly string[], lines: readonly number[], cards: readonly ReviewCard[], outlines: readonly CardOutline[]): void {
    // Taken before anything here changes the DOM (placeholders of turns that came are dropped below).
    const anchor = this.anchorNow();
    const before = this.order.map((k) => this.slots.get(k)!.outline);
    for (const c of cards) {
      const held = this.slots.get(c.key);
      const turns = held?.card ? held.turns : new Map<number, ReviewTurn>();
      for (const t of c.turns) if ('role' in t) turns.set(t.index, t);
      this.slots.set(c.key, { outline: held?.outline ?? outlineOfCard(c), card: held?.card ?? c, turns, line: held?.line ?? c.line });
      this.estimates.delete(c.key);
      const s = this.shown.get(c.key);
      if (s && !s.content) this.drop(c.key);
      // Placeholders of turns that came are built next.
      else if (s) for (const t of c.turns) if (s.pending.has(t.index)) this.dropTurn(s, t.index);
    }
    for (const o of outlines) if (!this.slots.has(o.outline)) this.slots.set(o.outline, { outline: o, turns: new Map(), line: o.line });
    order.forEach((k, p) => {
      const slot = this.slots.get(k);
      if (slot && lines[p] !== undefined) slot.line = lines[p]!;
    });
    const current = new Set(order);
    // A card edited comes under a new key at its place: it takes the old one's heights, measured or estimated, so
    // what is on screen stays put (the new key's estimates, from fewer turns held, would differ); what changed is
    // measured again when shown.
    order.forEach((k, p) => {
      const old = before[p];
      const slot = this.slots.get(k);
      if (!old || !slot || this.turnHeights.has(k) || current.has(old.outline) || old.id !== slot.outline.id || old.index !== slot.outline.index) return;
      const n = Math.min(slot.outline.turns.length, old.turns.length);
      this.turnHeights.set(k, Array.from({ length: n }, (_, t) => this.turnHeight(old.outline, t)));
      this.headHeights.set(k, this.headHeight(old.outline));
    });
    for (const key of [...this.slots.keys()]) {
      if (current.has(key)) continue;
      this.slots.delete(key);
      this.cardHeights.delete(key);
      this.headHeights.delete(key);
      this.turnHeights.delete(key);
      this.estimates.delete(key);
      // Left in the DOM for render to replace: taken out now, the layout render reads first would be short by it
      // and clamp the scroll (a keystroke deep in a long session would move the page).
    }
    this.order = order.filter((k) => this.slots.has(k));
    this.positions = new Map(this.order.map((k, p) => [this.slots.get(k)!.outline.index, p]));
    this.lastNeed = '';
    this.render(anchor);
  }

  get ids(): string[] {
    return this.order.map((k) => this.slots.get(k)!.outline.id);
  }

  get fetched(): number {
    let n = 0;
    for (const s of this.slots.values()) if (s.card) n++;
    return n;
  }

  card(index: number): ReviewCard | undefined {
    const p = this.positions.get(index);
    return p === undefined ? undefined : this.slots.get(this.order[p]!)?.card;
  }

  /** What the DOM holds: the cards with content (by index), their turns, and the placeholders. */
  dom(): { cards: number[]; turns: number; placeholders: number } {
    const cards: number[] = [];
    let turns = 0;
    let placeholders = 0;
    for (const [key, s] of this.shown) {
      if (!s.content) placeholders++;
      else {
        cards.push(this.slots.get(key)!.outline.index);
        turns += s.turns.size;
      }
    }
    return { cards: cards.sort((a, b) => a - b), turns, placeholders };
  }

  /** How many lines below its outline's the card is now. */
  private shiftOf(key: string): number {
    const slot = this.slots.get(key)!;
    return slot.line - slot.outline.line;
  }

  /** How many lines below where it was built a card's head is now (`turn` null), or one of its turns. */
  private contentShift(key: string, turn: number | null): number {
    const slot = this.slots.get(key)!;
    if (turn === null) return slot.line - (slot.card?.line ?? slot.outline.line);
    const built = slot.turns.get(turn);
    const now = slot.outline.turns[turn];
    return built && now ? now[0] + this.shiftOf(key) - built.line : 0;
  }

  /** The card and turn whose lines hold `line`. */
  whereIs(line: number): Item | null {
    for (const key of this.order) {
      const o = this.slots.get(key)!.outline;
      const at = line - this.shiftOf(key);
      if (at < o.line || at > o.endLine) continue;
      const t = o.turns.findIndex(([from, to]) => at >= from && at <= to);
      return { card: o.index, turn: t === -1 ? null : t };
    }
    return null;
  }

  /** Every mark of every card, in file order of its card. */
  marks(kind: MarkKind | undefined): (Item & { line: number })[] {
    const out: (Item & { line: number })[] = [];
    for (const key of this.order) {
      const o = this.slots.get(key)!.outline;
      const shift = this.shiftOf(key);
      for (const m of o.marks) if (kind === undefined || m.kind === kind) out.push({ card: o.index, turn: m.turn, line: m.line + shift });
    }
    return out;
  }

  /** The item after (or before) this one: a card's head, then its turns, then the next card. */
  neighbour(item: Item, direction: 1 | -1): Item | null {
    const p = this.positions.get(item.card);
    if (p === undefined) return null;
    const turnsOf = (at: number) => this.slots.get(this.order[at]!)!.outline.turns.length;
    const indexAt = (at: number) => this.slots.get(this.order[at]!)!.outline.index;
    if (direction === 1) {
      const next = item.turn === null ? 0 : item.turn + 1;
      if (next < turnsOf(p)) return { card: item.card, turn: next };
      return p + 1 < this.order.length ? { card: indexAt(p + 1), turn: null } : null;
    }
    if (item.turn !== null) return { card: item.card, turn: item.turn === 0 ? null : item.turn - 1 };
    if (p === 0) return null;
    const n = turnsOf(p - 1);
    return { card: indexAt(p - 1), turn: n > 0 ? n - 1 : null };
  }

  /** The card `direction` cards after (or before) this item's card, at its head. */
  nextCard(item: Item, direction: 1 | -1): Item | null {
    const p = this.positions.get(item.card);
    if (p === undefined) return null;
    // Up from inside a card goes to its own head first.
    if (direction === -1 && item.turn !== null) return { card: item.card, turn: null };
    const at = p + direction;
    return at >= 0 && at < this.order.length ? { card: this.slots.get(this.order[at]!)!.outline.index, turn: null } : null;
  }

  /** The first card's head, or the last card's last turn (its head when it has none). */
  edge(which: 'first' | 'last'): Item | null {
    const key = which === 'first' ? this.order[0] : this.order[this.order.length - 1];
    if (key === undefined) return null;
    const o = this.slots.get(key)!.outline;
    return { card: o.index, turn: which === 'first' || o.turns.length === 0 ? null : o.turns.length - 1 };
  }

  /** The source line of a card's head or of one of its turns. */
  lineOf(item: Item): number | undefined {
    const p = this.positions.get(item.card);
    if (p === undefined) return undefined;
    const key = this.order[p]!;
    const o = this.slots.get(key)!.outline;
    const line = item.turn === null ? o.line : o.turns[item.turn]?.[0];
    return line === undefined ? undefined : line + this.shiftOf(key);
  }

  /** Lights up a card and turn (or nothing), scrolling it into view if asked. */
  light(item: Item | null, scroll: boolean): void {
    this.highlighted = item;
    this.paintActive();
    if (item && scroll) this.reveal(item, 'nearest');
  }

  get lit(): Item | null {
    return this.highlighted;
  }

  /**
   * Scrolls the item into view (by its estimated place when it is not built)
   * and, once it is on the page with its content, runs `then` on its element.
   */
  reveal(item: Item, block: ScrollLogicalPosition, then?: (target: HTMLElement) => void): boolean {
    const p = this.positions.get(item.card);
    if (p === undefined) return false;
    const key = this.order[p]!;
    const target = this.elementOf(key, item.turn);
    if (target) {
      target.scrollIntoView({ block });
      then?.(target);
      return true;
    }
    this.wanted = { key, turn: item.turn, block, tries: 0, waits: 0, ...(then && { then }) };
    this.scrollNear(key, item.turn, block);
    this.render();
    return true;
  }

  /** Scrolls to where a card (or its turn) is by the heights known so far. */
  private scrollNear(key: string, turn: number | null, block: ScrollLogicalPosition): void {
    const y = this.offsetOf(key, turn);
    const origin = this.top.getBoundingClientRect().top + window.scrollY;
    const padding = scrollPadding();
    window.scrollTo({ top: Math.max(0, origin + y - (block === 'start' ? padding : window.innerHeight / 3)) });
  }

  /** Where a card (or its turn) is below the top spacer by the heights known so far. */
  private offsetOf(key: string, turn: number | null): number {
    const p = this.order.indexOf(key);
    let y = 0;
    for (let k = 0; k < p; k++) y += this.cardHeight(this.order[k]!);
    if (turn !== null) {
      y += this.headHeight(key);
      for (let t = 0; t < turn; t++) y += this.turnHeight(key, t);
    }
    return y;
  }

  /** The element of a card (or its turn) when it is on the page with its content. */
  elementOf(key: string, turn: number | null): HTMLElement | undefined {
    const s = this.shown.get(key);
    if (!s?.content || (turn !== null && s.pending.has(turn))) return undefined;
    return turn === null ? s.element : s.turns.get(turn);
  }

  elementAt(item: Item): HTMLElement | undefined {
    const p = this.positions.get(item.card);
    return p === undefined ? undefined : this.elementOf(this.order[p]!, item.turn);
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /**
   * The first card head or turn on the page whose bottom is below the top of the screen (under the sticky header),
   * and where its top is: what the page keeps in place through a layout that is not a jump.
   */
  private anchorNow(): Anchor | undefined {
    if (this.pinned) return this.pinnedAnchor(this.pinned);
    const padding = scrollPadding();
    for (const [p, key] of this.order.entries()) {
      const s = this.shown.get(key);
      if (!s) continue;
      const head = s.content ? s.element.querySelector<HTMLElement>('.card-head')! : s.element;
      const rect = head.getBoundingClientRect();
      if (rect.bottom > padding && rect.height > 0) return { key, position: p, turn: null, top: s.element.getBoundingClientRect().top };
      for (const t of [...s.turns.keys()].sort((a, b) => a - b)) {
        const r = s.turns.get(t)!.getBoundingClientRect();
        if (r.bottom > padding) return { key, position: p, turn: t, top: r.top };
      }
    }
    return undefined;
  }

  /** The card head or turn a pin holds (its element, or the one holding the mark it is), at where the pin holds it. */
  private pinnedAnchor(pin: { element: HTMLElement; top: number }): Anchor | undefined {
    for (const [p, key] of this.order.entries()) {
      const s = this.shown.get(key);
      if (!s?.element.contains(pin.element)) continue;
      for (const [t, li] of s.turns) if (li.contains(pin.element)) return { key, position: p, turn: t, top: li.getBoundingClientRect().top + pin.top - pin.element.getBoundingClientRect().top };
      return { key, position: p, turn: null, top: s.element.getBoundingClientRect().top + pin.top - pin.element.getBoundingClientRect().top };
    }
    return undefined;
  }

  /**
   * The anchor back where it was: content that came above it (a placeholder's estimate becoming a height), a card
   * edited under a new key, or a spacer re-estimated would otherwise move what is on screen. A card that came
   * under a new key at the anchor's place stands for it. The page does this itself (overflow-anchor is off in
   * media/review.css: Chromium drops its anchor when the node is replaced, as a re-keyed card's are).
   */
  private holdAnchor(anchor: Anchor | undefined, built: boolean): void {
    // A jump scrolls on its own; after the patch a pin still held has put its element back itself.
    if (!anchor || this.wanted || (built && this.pinned)) return;
    const key = this.slots.has(anchor.key) ? anchor.key : this.order[anchor.position];
    if (key === undefined) return;
    let delta: number;
    if (!built) {
      // Before the DOM is patched, by the heights known now (what came may have moved it out of the turns built).
      delta = this.top.getBoundingClientRect().top + this.offsetOf(key, anchor.turn) - anchor.top;
    } else {
      // After, by its element: the heights measured on the way.
      const s = this.shown.get(key);
      const element = anchor.turn === null ? s?.element : s?.turns.get(anchor.turn);
      if (!element) return;
      delta = element.getBoundingClientRect().top - anchor.top;
    }
    if (Math.abs(delta) > 0.5) window.scrollBy({ top: delta });
  }

  /** Puts in the DOM what is near the screen, measures it, and asks for what it lacks. */
  render(anchor = this.anchorNow()): void {
    this.holdAnchor(anchor, false);
    const origin = this.top.getBoundingClientRect().top;
    const screen = window.innerHeight || 800;
    const from = -origin - screen;
    const to = -origin + 2 * screen;
    let y = 0;
    let first = -1;
    let last = -1;
    let above = 0;
    const ranges = new Map<string, { from: number; to: number; above: number; below: number }>();
    for (let p = 0; p < this.order.length; p++) {
      const key = this.order[p]!;
      const h = this.cardHeight(key);
      if (y + h > from && y < to) {
        if (first === -1) first = p;
        last = p;
        ranges.set(key, this.turnRange(key, y, from, to));
      } else if (first === -1) above += h;
      y += h;
    }
    let below = 0;
    for (let p = last + 1; p < this.order.length && last !== -1; p++) below += this.cardHeight(this.order[p]!);
    if (first === -1) below = 0;
    const want = first === -1 ? [] : this.order.slice(first, last + 1);
    const keep = new Set(want);
    for (const key of [...this.shown.keys()]) if (!keep.has(key)) this.drop(key);
    let at: ChildNode | null = this.top.nextSibling;
    for (const key of want) {
      const s = this.shown.get(key) ?? this.build(key);
      if (at === s.element) at = at.nextSibling;
      else this.element.insertBefore(s.element, at);
      if (s.content) {
        this.placeShown(key, s);
        this.patchTurns(key, s, ranges.get(key)!);
      }
    }
    this.top.style.height = `${above}px`;
    this.bottom.style.height = `${first === -1 ? y : below}px`;
    this.paintActive();
    const moved = this.measure(want);
    this.settleWanted();
    this.holdPinned();
    this.holdAnchor(anchor, true);
    const turns: TurnRange[] = [];
    for (let p = first; p <= last && first !== -1; p++) {
      const r = ranges.get(this.order[p]!)!;
      if (r.from <= r.to) turns.push({ card: p, from: r.from, to: r.to + 1 });
    }
    // A jump's turn, not held yet, is asked for with what is on screen (estimates may have left it just off).
    const target = this.wantedTurn();
    if (target) turns.push(target);
    const missing = target !== undefined || want.some((k) => !this.slots.get(k)!.card || (this.shown.get(k)?.pending.size ?? 0) > 0);
    const need = `${first}:${last + 1}:${turns.map((t) => `${t.card}/${t.from}-${t.to}`).join(',')}`;
    if (missing && need !== this.lastNeed) {
      this.lastNeed = need;
      this.on.need(first, last + 1, turns);
    }
    const signature = [...ranges].map(([k, r]) => `${k}/${this.shown.get(k)?.content ? 1 : 0}/${r.from}-${r.to}`).join(',');
    if (signature !== this.lastSignature) {
      this.lastSignature = signature;
      this.on.changed();
    }
    // Heights measured for the first time move what follows: lay out again with them.
    if (moved) this.schedule();
  }

  /** Which of a card's turns are near the screen (the card's top at `y`), and the space of those before and after. */
  private turnRange(key: string, y: number, from: number, to: number): { from: number; to: number; above: number; below: number } {
    const n = this.slots.get(key)!.outline.turns.length;
    let t0 = y + this.headHeight(key);
    let first = n;
    let last = -1;
    let above = 0;
    let below = 0;
    for (let t = 0; t < n; t++) {
      const h = this.turnHeight(key, t);
      if (t0 + h <= from) above += h;
      else if (t0 >= to) below += h;
      else {
        first = Math.min(first, t);
        last = t;
      }
      t0 += h;
    }
    return { from: first, to: last, above, below };
  }

  private build(key: string): Shown {
    const slot = this.slots.get(key)!;
    let s: Shown;
    if (!slot.card) {
      const element = placeholderElement(this.el, slot.outline);
      element.style.height = `${Math.max(40, this.cardHeight(key) - cardGap)}px`;
      s = { element, content: false, turns: new Map(), pending: new Set(), shift: 0 };
    } else {
      const element = cardElement(this.el, slot.card, this.on);
      const turnList = element.querySelector<HTMLOListElement>('ol.turns')!;
      const above = this.el('li', 'spacer');
      const below = this.el('li', 'spacer');
      above.setAttribute('aria-hidden', 'true');
      below.setAttribute('aria-hidden', 'true');
      turnList.append(above, below);
      s = { element, content: true, turnList, above, below, turns: new Map(), pending: new Set(), shift: 0 };
      placeLines(element.querySelector<HTMLElement>('.card-head')!, (s.shift = this.contentShift(key, null)));
    }
    this.shown.set(key, s);
    return s;
  }

  /** The card's elements at its lines now, when an Enter above it moved them (one in it gives it a new key). */
  private placeShown(key: string, s: Shown): void {
    const shift = this.contentShift(key, null);
    if (shift === s.shift) return;
    s.shift = shift;
    placeLines(s.element.querySelector<HTMLElement>('.card-head')!, shift);
    for (const [t, li] of s.turns) if (!s.pending.has(t)) placeLines(li, this.contentShift(key, t));
  }

  private dropTurn(s: Shown, t: number): void {
    s.turns.get(t)?.remove();
    s.turns.delete(t);
    s.pending.delete(t);
  }

  private patchTurns(key: string, s: Shown, r: { from: number; to: number; above: number; below: number }): void {
    const slot = this.slots.get(key)!;
    const card = slot.card!;
    for (const t of [...s.turns.keys()]) if (t < r.from || t > r.to) this.dropTurn(s, t);
    let at: ChildNode | null = s.above!.nextSibling;
    for (let t = r.from; t <= r.to; t++) {
      let li = s.turns.get(t);
      if (!li) {
        const turn = slot.turns.get(t);
        if (turn) {
          li = turnElement(this.el, card, turn, this.on);
          placeLines(li, this.contentShift(key, t));
        } else {
          li = pendingTurnElement(this.el, t, this.turnHeight(key, t) - turnGap);
          s.pending.add(t);
        }
        s.turns.set(t, li);
      }
      if (at === li) at = at.nextSibling;
      else s.turnList!.insertBefore(li, at);
    }
    s.above!.style.height = `${r.above}px`;
    s.below!.style.height = `${r.below}px`;
  }

  private drop(key: string): void {
    const s = this.shown.get(key);
    if (!s) return;
    s.element.remove();
    this.shown.delete(key);
  }

  /** Records the heights of what is on the page; true when one changed. */
  private measure(keys: readonly string[]): boolean {
    let moved = false;
    const set = (map: Map<string, number>, key: string, h: number) => {
      if (Math.abs((map.get(key) ?? -1) - h) > 0.5) moved = true;
      map.set(key, h);
    };
    for (const key of keys) {
      const s = this.shown.get(key)!;
      if (!s.content) continue;
      const top = s.element.getBoundingClientRect().top;
      const next = (s.element.nextElementSibling as HTMLElement).getBoundingClientRect().top;
      set(this.cardHeights, key, next - top);
      set(this.headHeights, key, s.turnList!.getBoundingClientRect().top - top);
      const heights = this.turnHeights.get(key) ?? [];
      for (const [t, li] of s.turns) {
        if (s.pending.has(t)) continue;
        const h = (li.nextElementSibling as HTMLElement).getBoundingClientRect().top - li.getBoundingClientRect().top;
        if (Math.abs((heights[t] ?? -1) - h) > 0.5) moved = true;
        heights[t] = h;
      }
      this.turnHeights.set(key, heights);
    }
    return moved;
  }

  /** True while a jump is on its way or held in place (its target not yet where it will stay). */
  get moving(): boolean {
    return this.wanted !== undefined || this.pinned !== undefined;
  }

  /** Scrolls what a jump landed on there again, `element` in place of the item itself when given (a mark in it). */
  pin(element: HTMLElement): void {
    this.pinned = { element, top: element.getBoundingClientRect().top, still: 0, layouts: 0 };
    this.schedule();
  }

  /** The pinned element, back where the jump put it if a layout moved it; true while a pin holds. */
  private holdPinned(): void {
    const p = this.pinned;
    if (!p) return;
    // Gone from the page, or held as long as a layout can take to settle (at the end of the page it may not move at all).
    // Layouts while content near it is on its way count against the longer wait of a jump.
    if (!p.element.isConnected || ++p.layouts > (this.awaiting() ? maxJumpWaits : maxPinLayouts)) {
      this.pinned = undefined;
      return;
    }
    const delta = p.element.getBoundingClientRect().top - p.top;
    if (Math.abs(delta) > 1) {
      p.still = 0;
      window.scrollBy({ top: delta });
      this.on.changed();
      this.schedule();
    } else if (this.awaiting()) {
      // Turns near it are on their way: their heights will move it, so it stays held until they came.
      p.still = 0;
      this.schedule();
    } else if (++p.still >= pinFrames) {
      this.pinned = undefined;
      this.on.changed();
    } else this.schedule();
  }

  /** True while a card or turn on the page is a placeholder, its content asked for. */
  private awaiting(): boolean {
    for (const s of this.shown.values()) if (!s.content || s.pending.size > 0) return true;
    return false;
  }

  /** The turns around a jump's target turn when its card is on the page and the turn's content is not held yet. */
  private wantedTurn(): TurnRange | undefined {
    const w = this.wanted;
    if (!w || w.turn === null || !this.shown.get(w.key)?.content || this.slots.get(w.key)!.turns.has(w.turn)) return undefined;
    return { card: this.order.indexOf(w.key), from: Math.max(0, w.turn - 10), to: w.turn + 10 };
  }

  private settleWanted(): void {
    const w = this.wanted;
    if (!w) return;
    if (!this.slots.has(w.key)) {
      this.wanted = undefined;
      return;
    }
    // Its card is on the page and its turn on its way (render asks for it): the layout after it comes goes on.
    if (this.wantedTurn()) return;
    const target = this.elementOf(w.key, w.turn);
    if (!target) {
      // A placeholder (of the card, or of its turn): its content is on its way, and a layout follows when it comes.
      const s = this.shown.get(w.key);
      if (s && (!s.content || (w.turn !== null && s.pending.has(w.turn)))) return;
      // Not on the page, or its turn not built: the heights measured on the way (estimates until then) moved
      // it. Scroll again by what is measured now, until it is there.
      if (w.tries < maxJumpTries) {
        // A layout while cards or turns on the page wait for their content is not a try: their heights are still to come.
        if (!this.awaiting() || ++w.waits > maxJumpWaits) w.tries++;
        this.scrollNear(w.key, w.turn, w.block);
        this.schedule();
      } else {
        this.wanted = undefined;
        this.on.changed();
      }
      return;
    }
    this.wanted = undefined;
    target.scrollIntoView({ block: w.block === 'nearest' ? 'center' : w.block });
    this.pin(target);
    w.then?.(target);
  }

  private paintActive(): void {
    for (const e of this.element.querySelectorAll('.active')) e.classList.remove('active');
    const h = this.highlighted;
    if (!h) return;
    const card = this.elementAt({ card: h.card, turn: null });
    card?.classList.add('active');
    if (h.turn !== null) this.elementAt(h)?.classList.add('active');
  }

  private cardHeight(key: string): number {
    const measured = this.cardHeights.get(key);
    if (measured !== undefined && this.shown.get(key)?.content) return measured;
    // Off the page, a card is its head and its turns, each as measured when last shown, else as estimated.
    let h = this.headHeight(key) + 9 + cardGap;
    const n = this.slots.get(key)!.outline.turns.length;
    for (let t = 0; t < n; t++) h += this.turnHeight(key, t);
    return h;
  }

  private headHeight(key: string): number {
    return this.headHeights.get(key) ?? this.estimate(key).head;
  }

  private turnHeight(key: string, t: number): number {
    return this.turnHeights.get(key)?.[t] ?? this.estimate(key).turns[t] ?? 40;
  }

  /** Heights from what a card holds (its text wrapped at the page's width), else from its source lines. */
  private estimate(key: string): { head: number; turns: number[] } {
    const cached = this.estimates.get(key);
    if (cached) return cached;
    const slot = this.slots.get(key)!;
    const perLine = Math.max(20, ((this.element.clientWidth || 600) - 80) / 7.5);
    const lines = (v: { pieces: readonly { kind: string; text?: string }[] } | undefined): number => {
      if (!v) return 0;
      let n = 0;
      const text = v.pieces.map((p) => p.text ?? '●●●●').join('');
      for (const l of text.split('\n')) n += Math.max(1, Math.ceil(l.length / perLine));
      return n;
    };
    let result: { head: number; turns: number[] };
    const c = slot.card;
    const o = slot.outline;
    const marks = new Map<number | null, number>();
    for (const m of o.marks) marks.set(m.turn, (marks.get(m.turn) ?? 0) + 1);
    // A turn that came from its content, the others from their source lines.
    const turns = o.turns.map(([from, to], t) => {
      const held = slot.turns.get(t);
      if (held) return 36 + turnGap + lineHeight * (lines(held.summary) + lines(held.text)) + 24 * held.toolCalls.length + 26 * held.marks.length;
      return 36 + turnGap + lineHeight * Math.min(60, Math.max(1, to - from - 2)) + 26 * (marks.get(t) ?? 0);
    });
    if (c) {
      result = { head: 64 + lineHeight * (lines(c.summary) + lines(c.lesson)) + (c.tags.length > 0 || c.forkedFrom ? 24 : 0) + 26 * c.marks.length, turns };
    } else {
      result = { head: 64 + 26 * (marks.get(null) ?? 0), turns };
    }
    this.estimates.set(key, result);
    return result;
  }
}

/** How far the sticky header reaches down the page (main.ts sets the scroll padding to its height). */
function scrollPadding(): number {
  return parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
}
