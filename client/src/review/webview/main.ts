// The Session Review's page script (bundled to dist/review.js for the
// browser). It builds the page from the host's messages with DOM calls and
// `textContent` only, so file content can never become markup or script.
// A new view patches the page: cards whose key it holds stay as they are,
// new ones replace theirs, and only the cards and turns near the screen are
// in the DOM at all (list.ts), their content asked for as they come near.
// It forwards clicks to the source line they came from,
// lights up the card and turn under the source's cursor, runs the actions
// (redact the selection, make private, delete a turn, record all) through
// the host, moves between cards and turns with the arrow keys, and reports
// back what it shows.

import type { HostToReview, ReviewReport, ReviewShow, ReviewToHost, DriveStep } from '../../../../src-shared/prompts/review/messages';
import type { Mark } from '../../../../src-shared/prompts/review/view';
import { headerElement, type HeaderHandlers } from './header';
import { CardList, type Item, type ListHandlers } from './list';
import { SearchBar } from './search';
import { FilterBar } from './filters';
import { type Maker, selectedValue, selectInValue } from './text';

interface VsCodeApi {
  postMessage(message: ReviewToHost): void;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root')!;
const el: Maker = (tag, className, text) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
};

let show: ReviewShow | undefined;
let header: HTMLElement | undefined;
let replaced = 0;
let lastMarkLine = -1;
let state: unknown;
let previous: { version: number; keys: Set<string> } | undefined;

const focusOn = (target: HTMLElement) => target.focus({ preventScroll: true });

const listHandlers: ListHandlers = {
  reveal: (line, focus) => vscode.postMessage({ type: 'reveal', line, focus }),
  makePrivate: (card) => show && vscode.postMessage({ type: 'makePrivate', version: show.version, line: card.line }),
  deleteTurn: (card, turn) => show && vscode.postMessage({ type: 'deleteTurn', version: show.version, session: card.index, turn: turn.index }),
  showCard: (index) => list.reveal({ card: index, turn: null }, 'start', focusOn),
  need: (from, to, turns) => vscode.postMessage({ type: 'window', from, to, turns }),
  changed: () => {
    search.highlight(list.element);
    report();
  },
};
const list = new CardList(el, listHandlers);

const filters = new FilterBar(el, (filter) => vscode.postMessage({ type: 'filter', filter }));

const search = new SearchBar(el, {
  query: (query) => vscode.postMessage({ type: 'search', query }),
  go: (place) => {
    if (place.card === null) {
      // An [[edits]] reason: not on a card; the source shows it.
      listHandlers.reveal(place.line, false);
      return true;
    }
    const item: Item = { card: place.card, turn: place.turn };
    const shown = list.reveal(item, 'center', (target) => {
      list.pin(target);
      search.highlight(list.element);
      report();
    });
    if (shown) list.light(item, false);
    report();
    return shown;
  },
});

const headerHandlers: HeaderHandlers = {
  reveal: (line, focus) => listHandlers.reveal(line, focus),
  togglePublished: () => show && vscode.postMessage({ type: 'published', published: !show.published }),
  redact,
  recordAll: () => vscode.postMessage({ type: 'recordAll' }),
  exportMarkdown: () => vscode.postMessage({ type: 'export' }),
  nextMark,
  toList: () => {
    const item = list.lit ?? list.edge('first');
    if (item) focusItem(item);
  },
};

function redact(): void {
  const selected = selectedValue(document.getSelection());
  if ('problem' in selected) vscode.postMessage({ type: 'notice', notice: selected.problem });
  else if (show) vscode.postMessage({ type: 'redact', version: show.version, ...selected });
}

function apply(message: ReviewShow): void {
  show = message;
  state = { uri: message.uri };
  vscode.setState(state);
  // A new version: how many of its cards the page did not hold (one keystroke replaces one card).
  if (previous?.version !== message.version) {
    const before = previous?.keys ?? new Set<string>();
    replaced = message.order.filter((k) => !before.has(k)).length;
    previous = { version: message.version, keys: new Set(message.order) };
  }
  const typing = search.focused ? search.selection : undefined;
  // A filter control that has the focus keeps it as it moves into the new header.
  const control = filters.element.contains(document.activeElement) ? (document.activeElement as HTMLElement) : undefined;
  filters.setTools(message.tools);
  const nextHeader = headerElement(el, message, headerHandlers, [search.element, filters.element]);
  if (header) header.replaceWith(nextHeader);
  else root.replaceChildren(nextHeader, list.element);
  header = nextHeader;
  if (typing) search.refocus(typing);
  control?.focus({ preventScroll: true });
  padBelowHeader();
  list.update(message.order, message.lines, message.cards, message.outlines);
  report();
}

/** What the sticky header covers is not "in view": scrolling to an item stops below it (a short pane's header is one line). */
function padBelowHeader(): void {
  if (header) document.documentElement.style.scrollPaddingTop = `${header.offsetHeight}px`;
}
window.addEventListener('resize', padBelowHeader);

function highlight(line: number): void {
  list.light(list.whereIs(line), true);
  report();
}

/** Jumps to the next mark (of `kind`, or any) after the last one jumped to, wrapping around. */
function nextMark(kind: Mark['kind'] | undefined): void {
  const all = list.marks(kind).sort((a, b) => a.line - b.line);
  if (all.length === 0) return;
  const next = all.find((m) => m.line > lastMarkLine) ?? all[0]!;
  lastMarkLine = next.line;
  const item: Item = { card: next.card, turn: next.turn };
  list.light(item, false);
  list.reveal(item, 'center', (target) => {
    const mark = markAt(target, next.line, kind);
    mark?.scrollIntoView({ block: 'center' });
    list.pin(mark ?? target);
    focusOn(target);
  });
  report();
}

function markAt(target: HTMLElement, line: number, kind: Mark['kind'] | undefined): HTMLElement | undefined {
  return [...target.querySelectorAll<HTMLElement>(`.mark${kind ? `.${kind}` : ''}`)].find((m) => Number(m.dataset['line']) === line);
}

/** The last mark jumped to, and whether it is on screen now (below the sticky header, above the pane's bottom). */
function jumped(): ReviewReport['jumped'] {
  if (lastMarkLine < 0) return null;
  const mark = [...list.element.querySelectorAll<HTMLElement>('.mark')].find((m) => Number(m.dataset['line']) === lastMarkLine);
  const box = mark?.getBoundingClientRect();
  const top = header?.getBoundingClientRect().bottom ?? 0;
  return { line: lastMarkLine, visible: box !== undefined && box.height > 0 && box.top >= top - 1 && box.bottom <= window.innerHeight + 1, settled: !list.moving };
}

const maxReportedText = 200_000;

let reportDue = false;

/** Reports what the page shows, once per turn of the event loop however many changes it had. */
function report(): void {
  if (reportDue) return;
  reportDue = true;
  setTimeout(() => {
    reportDue = false;
    sendReport();
  }, 0);
}

function sendReport(): void {
  if (!show) return;
  // The header, then the cards on the page in order, until the cap: a 6 MB file is not read back whole on every scroll.
  let text = header?.textContent ?? '';
  for (const child of list.element.children) {
    if (text.length >= maxReportedText) break;
    text += child.textContent ?? '';
  }
  const dom = list.dom();
  vscode.postMessage({
    type: 'shown',
    version: show.version,
    published: show.published,
    cards: list.ids,
    text: text.slice(0, maxReportedText),
    highlighted: list.lit,
    built: dom.cards.length,
    dom,
    fetched: list.fetched,
    focused: focusedItem(),
    jumped: jumped(),
    search: search.state,
    marks: [...root.querySelectorAll<HTMLElement>('.mark')].map((m) => ({ kind: m.dataset['mark'] as Mark['kind'], line: Number(m.dataset['line']), hover: m.title })),
    state,
    tags: [...new Set([...root.querySelectorAll('*')].map((e) => e.tagName))].sort(),
    replaced,
  });
}

/** The card or turn that has the focus itself (not one of its buttons). */
function focusedItem(): Item | null {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const item = focused?.closest<HTMLElement>('.turn, .card');
  if (!item || focused !== item) return null;
  const card = item.closest<HTMLElement>('.card')!;
  return { card: Number(card.dataset['index']), turn: item.classList.contains('turn') ? Number(item.dataset['turn']) : null };
}

/** Runs `act` on the element of a card or turn once it is on the page (scrolling to it first when it is not). */
function onItem(item: Item, act: (target: HTMLElement) => void): void {
  const target = list.elementAt(item);
  if (target) act(target);
  else list.reveal(item, 'center', act);
}

function drive(step: DriveStep): void {
  if ('click' in step) {
    // As a mouse does: the item under it takes the focus, then the click lands on its head.
    const { card, turn, modifier } = step.click;
    onItem({ card, turn: turn ?? null }, (target) => {
      target.focus({ preventScroll: true });
      const head = target.querySelector<HTMLElement>(turn === undefined ? '.card-head .meta' : '.turn-head');
      head?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: modifier === true }));
      report();
    });
  } else if ('select' in step) {
    const { value, from, to } = step.select;
    onItem({ card: value.session, turn: value.turn ?? null }, (target) => {
      const ref = JSON.stringify(value);
      const box = [...target.querySelectorAll<HTMLElement>('.value')].find((b) => b.dataset['ref'] === ref);
      if (box) selectInValue(box, from, to);
    });
  } else if ('filter' in step) {
    filters.set(step.filter);
  } else if ('search' in step) {
    search.set(step.search);
  } else if ('press' in step) {
    const selector = {
      redact: 'button.redact',
      published: 'button.published',
      recordAll: 'button.record-all',
      nextMark: 'button.mark-count:not(.none)',
      export: 'button.export',
      searchNext: 'button.search-next',
      searchPrevious: 'button.search-previous',
    }[step.press];
    root.querySelector<HTMLButtonElement>(selector)?.click();
  } else if ('pressOn' in step) {
    const { card, turn, action } = step.pressOn;
    onItem({ card, turn: turn ?? null }, (target) => target.querySelector<HTMLButtonElement>(action === 'makePrivate' ? 'button.make-private' : 'button.delete-turn')?.click());
  } else if ('focus' in step) {
    onItem({ card: step.focus.card, turn: step.focus.turn ?? null }, (target) => {
      target.focus();
      report();
    });
  } else if ('key' in step) {
    const target = document.activeElement ?? document.body;
    const code = step.key.length === 1 ? `Key${step.key.toUpperCase()}` : step.key;
    target.dispatchEvent(new KeyboardEvent('keydown', { key: step.key, code, ctrlKey: step.ctrl === true, altKey: step.alt === true, bubbles: true, cancelable: true }));
  } else {
    list.reveal({ card: step.scrollTo.card, turn: step.scrollTo.turn ?? null }, 'start');
  }
}

// The keyboard (docs/review.md): arrows move by cards and turns, PageUp/PageDown by cards, Home/End to the
// first and last; with nothing of the list focused, the first of these keys lands on the lit card (else the
// first). Enter reveals the source and hands it the keyboard; Ctrl+Alt+R (any case) redacts the selection.
const moves: Readonly<Record<string, (from: Item) => Item | null>> = {
  ArrowDown: (i) => list.neighbour(i, 1),
  ArrowUp: (i) => list.neighbour(i, -1),
  PageDown: (i) => list.nextCard(i, 1),
  PageUp: (i) => list.nextCard(i, -1),
  Home: () => list.edge('first'),
  End: () => list.edge('last'),
};

function isRedactKey(e: KeyboardEvent): boolean {
  return (e.key.toLowerCase() === 'r' || e.code === 'KeyR') && e.ctrlKey && (e.altKey || e.metaKey);
}

/** A text field keeps its own keys. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

function focusItem(item: Item): void {
  list.reveal(item, 'nearest', (target) => {
    focusOn(target);
    report();
  });
}

document.addEventListener('keydown', (e) => {
  if (isRedactKey(e)) {
    e.preventDefault();
    redact();
    return;
  }
  if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
  const item = focusedItem();
  if (item && e.key === 'Enter') {
    e.preventDefault();
    const line = list.lineOf(item);
    if (line !== undefined) listHandlers.reveal(line, true);
    return;
  }
  const move = moves[e.key];
  if (!move) return;
  e.preventDefault();
  const next = item ? move(item) : (list.lit ?? list.edge('first'));
  if (next) focusItem(next);
});

window.addEventListener('message', (event: MessageEvent<HostToReview>) => {
  const message = event.data;
  switch (message.type) {
    case 'show':
      apply(message);
      return;
    case 'highlight':
      highlight(message.line);
      return;
    case 'searchResult':
      search.show(message);
      search.highlight(list.element);
      report();
      return;
    case 'drive':
      drive(message.step);
      return;
  }
});

vscode.postMessage({ type: 'ready' });
