// The review page's search box: the query goes to the server, which
// searches the whole file (src-shared/prompts/review/search.ts), not only
// the cards built near the screen; the answer is a count and the places in
// file order, which Enter / Shift+Enter and the arrows beside the box step
// through (the list brings each place in as a jump does). What the page
// shows of the query is highlighted with the CSS Custom Highlight API, so
// the cards' DOM, and with it the selection's offsets, stay as they are.
// One element for the page's life: the header is rebuilt with each view,
// and the box moves into the new one with its text, caret and focus.

import type { SearchPlace } from '../../../../src-shared/prompts/review/search';
import type { ReviewSearchShow } from '../../../../src-shared/prompts/review/messages';
import { icon } from './cards';
import type { Maker } from './text';

export interface SearchHandlers {
  /** The query changed (empty: no search). */
  query(query: string): void;
  /** Brings a place into view; false when the page does not show it (its session filtered out). */
  go(place: SearchPlace): boolean;
}

/** Time after the last keystroke in the box before the query is sent. */
const typingMs = 150;
const highlightName = 'review-search';

export class SearchBar {
  readonly element: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly count: HTMLElement;
  private result: ReviewSearchShow | undefined;
  private at = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** A step asked for before the answer came. */
  private pending: 1 | -1 | undefined;

  constructor(
    el: Maker,
    private readonly on: SearchHandlers,
  ) {
    this.element = el('div', 'row search');
    this.input = el('input', 'search-box');
    this.input.type = 'search';
    this.input.placeholder = 'Search the whole file';
    this.input.setAttribute('aria-label', 'Search every session, turn, tool call and edit reason of the file');
    this.input.addEventListener('input', () => this.typed());
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        this.step(e.shiftKey ? -1 : 1);
      } else if (e.key === 'Escape' && this.input.value !== '') {
        e.preventDefault();
        this.set('');
      }
    });
    this.count = el('span', 'count search-count');
    this.count.setAttribute('aria-live', 'polite');
    const button = (glyph: string, label: string, direction: 1 | -1) => {
      const b = el('button', `secondary small search-${direction === 1 ? 'next' : 'previous'}`);
      b.append(icon(el, glyph));
      b.title = label;
      b.setAttribute('aria-label', label);
      b.addEventListener('click', () => this.step(direction));
      return b;
    };
    this.element.append(icon(el, 'search', 'glyph'), this.input, button('arrow-up', 'Previous match (Shift+Enter)', -1), button('arrow-down', 'Next match (Enter)', 1), this.count);
    this.paintCount();
  }

  get query(): string {
    return this.input.value;
  }

  /** Where the search stands, for the page's report. */
  get state(): { readonly query: string; readonly total: number; readonly places: number; readonly at: number } {
    return { query: this.input.value, total: this.result?.total ?? 0, places: this.result?.places.length ?? 0, at: this.at };
  }

  /** Puts a query in the box and searches at once (the tests' way of typing). */
  set(query: string): void {
    this.input.value = query;
    this.send();
  }

  /** The server's answer; one for another query than the box's is dropped. */
  show(result: ReviewSearchShow): void {
    if (result.query !== this.input.value) return;
    const same = this.result?.query === result.query;
    this.result = result;
    // A new version of the same query keeps the step it was at, as far as it still goes.
    this.at = same ? Math.min(this.at, result.places.length - 1) : -1;
    this.paintCount();
    const pending = this.pending;
    this.pending = undefined;
    if (pending !== undefined) this.step(pending);
  }

  /** Goes to the next (or previous) place, wrapping around; before the answer came, once it comes. */
  step(direction: 1 | -1): void {
    if (!this.result && this.input.value.trim() !== '') {
      // Enter typed right after the query: search now rather than after the pause, and step when it answers.
      this.pending = direction;
      if (this.timer !== undefined) this.send();
      return;
    }
    const places = this.result?.places ?? [];
    if (places.length === 0) return;
    // Past the places the page does not show, once around at most.
    for (let tries = 0; tries < places.length; tries++) {
      this.at = this.at === -1 ? (direction === 1 ? 0 : places.length - 1) : (this.at + direction + places.length) % places.length;
      if (this.on.go(places[this.at]!)) break;
    }
    this.paintCount();
  }

  /** Whether the box has the focus (the header about to be rebuilt takes it along). */
  get focused(): boolean {
    return document.activeElement === this.input;
  }

  /** The focus back in the box, its caret where it was (after it moved into a new header). */
  refocus(selection: readonly [number, number]): void {
    this.input.focus({ preventScroll: true });
    this.input.setSelectionRange(selection[0], selection[1]);
  }

  get selection(): [number, number] {
    return [this.input.selectionStart ?? 0, this.input.selectionEnd ?? 0];
  }

  /** Highlights every match of the query in the text runs under `root` (the cards built now). */
  highlight(root: HTMLElement): void {
    const registry = (globalThis as { CSS?: { highlights?: Map<string, unknown> } }).CSS?.highlights;
    if (!registry || typeof Highlight === 'undefined') return;
    const needle = this.result && this.result.total > 0 ? this.input.value.toLowerCase() : '';
    if (needle.trim() === '') {
      registry.delete(highlightName);
      return;
    }
    const ranges: Range[] = [];
    for (const piece of root.querySelectorAll<HTMLElement>('.piece[data-kind="text"]')) {
      const node = piece.firstChild;
      if (!(node instanceof Text)) continue;
      const text = node.data.toLowerCase();
      // Lower-casing may change a text's length (a few letters): offsets are then not the node's, so it is passed over.
      if (text.length !== node.data.length) continue;
      for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + needle.length);
        ranges.push(range);
      }
    }
    registry.set(highlightName, new Highlight(...ranges));
  }

  private typed(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.send(), typingMs);
  }

  private send(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.result = undefined;
    this.at = -1;
    if (this.input.value.trim() === '') this.pending = undefined;
    this.paintCount();
    this.on.query(this.input.value);
  }

  private paintCount(): void {
    const r = this.result;
    const n = (x: number) => x.toLocaleString('en-US');
    if (this.input.value.trim() === '') this.count.textContent = '';
    else if (!r) this.count.textContent = 'Searching…';
    else if (r.total === 0) this.count.textContent = 'No matches';
    else {
      const where = `${n(r.places.length)}${r.capped ? '+' : ''} place${r.places.length === 1 ? '' : 's'}`;
      const matches = `${n(r.total)} match${r.total === 1 ? '' : 'es'}`;
      this.count.textContent = this.at === -1 ? `${matches} in ${where}` : `${n(this.at + 1)} of ${where} · ${matches}`;
    }
  }
}
