// The Session Review's page script (bundled to dist/review.js for the
// browser). It builds the page from the host's messages with DOM calls and
// `textContent` only, so file content can never become markup or script.
// A new view patches the page: cards whose key it holds stay as they are,
// new ones replace theirs, and a card's turns are built only when it comes
// near the screen. It forwards clicks to the source line they came from,
// lights up the card and turn under the source's cursor, runs the actions
// (redact the selection, make private, delete a turn, record all) through
// the host, moves between cards and turns with the arrow keys, and reports
// back what it shows.

import type { HostToReview, ReviewShow, ReviewToHost, DriveStep } from '../../../../src-shared/prompts/review/messages';
import type { Mark, ReviewCard } from '../../../../src-shared/prompts/review/view';
import { buildTurns, type CardHandlers, cardElement } from './cards';
import { headerElement, type HeaderHandlers } from './header';
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
const held = new Map<string, { card: ReviewCard; element: HTMLElement }>();
let header: HTMLElement | undefined;
const list = el('section', 'cards');
let highlighted: { card: number; turn: number | null } | null = null;
let replaced = 0;
let lastMarkLine = -1;

const observer = new IntersectionObserver(
  (entries) => {
    let grew = false;
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const key = (entry.target as HTMLElement).dataset['key']!;
      const h = held.get(key);
      if (h) {
        buildTurns(el, h.element, h.card, cardHandlers);
        observer.unobserve(h.element);
        grew = true;
      }
    }
    if (grew) report();
  },
  // Built a screen or two ahead, so scrolling never meets an empty card.
  { rootMargin: '1500px 0px' },
);

const cardHandlers: CardHandlers = {
  reveal: (line) => vscode.postMessage({ type: 'reveal', line }),
  makePrivate: (card) => show && vscode.postMessage({ type: 'makePrivate', version: show.version, line: card.line }),
  deleteTurn: (card, turn) => show && vscode.postMessage({ type: 'deleteTurn', version: show.version, session: card.index, turn: turn.index }),
  showCard: (index) => {
    const h = cardAt(index);
    if (!h) return;
    h.element.scrollIntoView({ block: 'start' });
    h.element.focus({ preventScroll: true });
  },
};

const headerHandlers: HeaderHandlers = {
  reveal: (line) => cardHandlers.reveal(line),
  togglePublished: () => show && vscode.postMessage({ type: 'published', published: !show.published }),
  redact,
  recordAll: () => vscode.postMessage({ type: 'recordAll' }),
  nextMark,
};

function redact(): void {
  const selected = selectedValue(document.getSelection());
  if ('problem' in selected) vscode.postMessage({ type: 'notice', message: selected.problem });
  else if (show) vscode.postMessage({ type: 'redact', version: show.version, ...selected });
}

function apply(message: ReviewShow): void {
  show = message;
  vscode.setState({ uri: message.uri });
  for (const c of message.cards) {
    const old = held.get(c.key);
    if (old) observer.unobserve(old.element);
    held.set(c.key, { card: c, element: cardElement(el, c, cardHandlers) });
  }
  replaced = message.cards.length;
  const order = new Set(message.order);
  for (const [key, h] of held) {
    if (order.has(key)) continue;
    observer.unobserve(h.element);
    h.element.remove();
    held.delete(key);
  }
  // Put the cards in order, moving only those out of place.
  let at: ChildNode | null = list.firstChild;
  for (const key of message.order) {
    const h = held.get(key);
    if (!h) continue;
    if (at === h.element) at = at.nextSibling;
    else {
      list.insertBefore(h.element, at);
      if (h.element.querySelector('ol.turns')?.getAttribute('data-built') !== 'yes') observer.observe(h.element);
    }
  }
  const nextHeader = headerElement(el, message, headerHandlers);
  if (header) header.replaceWith(nextHeader);
  else root.replaceChildren(nextHeader, list);
  header = nextHeader;
  if (highlighted) light(highlighted.card, highlighted.turn, false);
  report();
}

function cardAt(index: number): { card: ReviewCard; element: HTMLElement } | undefined {
  for (const h of held.values()) if (h.card.index === index) return h;
  return undefined;
}

/** The card and turn whose lines hold `line`. */
function whereIs(line: number): { card: number; turn: number | null } | null {
  if (!show) return null;
  for (const key of show.order) {
    const c = held.get(key)?.card;
    if (!c || line < c.line || line > c.endLine) continue;
    const t = c.turns.find((turn) => line >= turn.line && line <= turn.endLine);
    return { card: c.index, turn: t?.index ?? null };
  }
  return null;
}

function light(card: number, turn: number | null, scroll: boolean): void {
  for (const e of root.querySelectorAll('.active')) e.classList.remove('active');
  const h = cardAt(card);
  if (!h) {
    highlighted = null;
    return;
  }
  highlighted = { card, turn };
  buildTurns(el, h.element, h.card, cardHandlers);
  h.element.classList.add('active');
  const t = turn === null ? undefined : h.element.querySelector<HTMLElement>(`.turn[data-turn="${turn}"]`);
  t?.classList.add('active');
  if (scroll) (t ?? h.element).scrollIntoView({ block: 'nearest' });
}

function highlight(line: number): void {
  const where = whereIs(line);
  if (where) light(where.card, where.turn, true);
  else {
    for (const e of root.querySelectorAll('.active')) e.classList.remove('active');
    highlighted = null;
  }
  report();
}

/** Jumps to the next mark (of `kind`, or any) after the last one jumped to, wrapping around. */
function nextMark(kind: Mark['kind'] | undefined): void {
  if (!show) return;
  const all: { line: number; card: ReviewCard }[] = [];
  for (const key of show.order) {
    const c = held.get(key)?.card;
    if (!c) continue;
    for (const m of [...c.marks, ...c.turns.flatMap((t) => t.marks)]) if (kind === undefined || m.kind === kind) all.push({ line: m.line, card: c });
  }
  if (all.length === 0) return;
  all.sort((a, b) => a.line - b.line);
  const next = all.find((m) => m.line > lastMarkLine) ?? all[0]!;
  lastMarkLine = next.line;
  const h = cardAt(next.card.index)!;
  buildTurns(el, h.element, h.card, cardHandlers);
  const mark = [...h.element.querySelectorAll<HTMLElement>(`.mark${kind ? `.${kind}` : ''}`)].find((m) => Number(m.dataset['line']) === next.line);
  const where = whereIs(next.line);
  if (where) light(where.card, where.turn, false);
  (mark ?? h.element).scrollIntoView({ block: 'center' });
  (mark?.closest<HTMLElement>('.turn, .card') ?? h.element).focus({ preventScroll: true });
  report();
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
  const cards = show.order.map((k) => held.get(k)?.card.id ?? '');
  // The header, then cards in order, until the cap: a 6 MB file is not read back whole on every scroll.
  let text = header?.textContent ?? '';
  for (const child of list.children) {
    if (text.length >= maxReportedText) break;
    text += child.textContent ?? '';
  }
  vscode.postMessage({
    type: 'shown',
    version: show.version,
    published: show.published,
    cards,
    text: text.slice(0, maxReportedText),
    highlighted,
    built: list.querySelectorAll('ol.turns[data-built="yes"]').length,
    tags: [...new Set([...root.querySelectorAll('*')].map((e) => e.tagName))].sort(),
    replaced,
  });
}

function drive(step: DriveStep): void {
  if ('click' in step) {
    const h = cardAt(step.click.card);
    if (!h) return;
    buildTurns(el, h.element, h.card, cardHandlers);
    const target = step.click.turn === undefined ? h.element.querySelector<HTMLElement>('.card-head .meta') : h.element.querySelector<HTMLElement>(`.turn[data-turn="${step.click.turn}"] .turn-head`);
    target?.click();
  } else if ('select' in step) {
    const h = cardAt(step.select.value.session);
    if (!h) return;
    buildTurns(el, h.element, h.card, cardHandlers);
    const ref = JSON.stringify(step.select.value);
    const box = [...h.element.querySelectorAll<HTMLElement>('.value')].find((b) => b.dataset['ref'] === ref);
    if (box) selectInValue(box, step.select.from, step.select.to);
  } else if ('press' in step) {
    const selector = { redact: 'button.redact', published: 'button.published', recordAll: 'button.record-all', nextMark: 'button.mark-count:not(.none)' }[step.press];
    root.querySelector<HTMLButtonElement>(selector)?.click();
  } else {
    const h = cardAt(step.pressOn.card);
    if (!h) return;
    buildTurns(el, h.element, h.card, cardHandlers);
    const scope = step.pressOn.turn === undefined ? h.element : h.element.querySelector<HTMLElement>(`.turn[data-turn="${step.pressOn.turn}"]`);
    scope?.querySelector<HTMLButtonElement>(step.pressOn.action === 'makePrivate' ? 'button.make-private' : 'button.delete-turn')?.click();
  }
}

// The keyboard: arrows move between cards and turns, Enter reveals the source, Ctrl+Alt+R redacts the selection.
document.addEventListener('keydown', (e) => {
  if (e.key === 'r' && e.ctrlKey && e.altKey) {
    e.preventDefault();
    redact();
    return;
  }
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const item = focused?.closest<HTMLElement>('.turn, .card');
  if (!item || focused !== item) return;
  if (e.key === 'Enter') {
    e.preventDefault();
    const target = item.classList.contains('turn') ? item.querySelector<HTMLElement>('.turn-head') : item.querySelector<HTMLElement>('.card-head .meta');
    target?.click();
  } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    const items = [...root.querySelectorAll<HTMLElement>('.card, .turn')];
    const next = items[items.indexOf(item) + (e.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      const card = next.closest<HTMLElement>('.card');
      const h = card && held.get(card.dataset['key']!);
      if (h) buildTurns(el, h.element, h.card, cardHandlers);
      next.focus();
      next.scrollIntoView({ block: 'nearest' });
    }
  }
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
    case 'drive':
      drive(message.step);
      return;
  }
});

vscode.postMessage({ type: 'ready' });
