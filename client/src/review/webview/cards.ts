// One session card of the review page: its head (title or id, private and
// reviewed marks, source, model, outcome, time span, tags, the fork link,
// summary and lesson, Make private), its turns as a conversation (the
// list (list.ts) puts in only those near the screen), and the placeholder
// of a card whose content has not come yet. Every string is put in as
// text; a click reveals the source line of what was clicked. Glyphs are
// codicons (dist/codicons, copied by the build): a class, never content.

import type { CardOutline, Mark, ReviewCard, ReviewTurn } from '../../../../src-shared/prompts/review/view';
import { type Maker, valueElement } from './text';

export interface CardHandlers {
  /** Shows the source at `line`; `focus`: the source editor takes the keyboard. */
  reveal(line: number, focus: boolean): void;
  makePrivate(card: ReviewCard): void;
  deleteTurn(card: ReviewCard, turn: ReviewTurn): void;
  /** Scrolls to another card (a `forked_from` link). */
  showCard(index: number): void;
}

const markGlyphs: Readonly<Record<Mark['kind'], string>> = { secret: 'key', unlogged: 'edit', error: 'error', warning: 'warning' };

/** A codicon (dist/codicons/codicon.css names them), hidden from screen readers: the text beside it says what it is. */
export function icon(el: Maker, name: string, className = ''): HTMLElement {
  const i = el('span', `codicon codicon-${name}${className ? ` ${className}` : ''}`);
  i.setAttribute('aria-hidden', 'true');
  return i;
}
const markNames: Readonly<Record<Mark['kind'], string>> = { secret: 'Secret', unlogged: 'Unlogged hand edit', error: 'Error', warning: 'Warning' };

export function cardElement(el: Maker, card: ReviewCard, on: CardHandlers): HTMLElement {
  const article = el('article', `card${card.private ? ' private' : ''}`);
  article.dataset['key'] = card.key;
  article.dataset['index'] = String(card.index);
  article.tabIndex = 0;
  article.setAttribute('aria-label', `Session ${card.id}`);
  const head = el('div', 'card-head');
  const titleRow = el('div', 'title-row');
  const title = card.title ? valueElement(el, card.title, { session: card.index, key: 'title' }, 'title') : el('span', 'title id-title', card.id);
  titleRow.append(icon(el, card.private ? 'lock' : 'comment-discussion', 'glyph session-glyph'), title);
  if (card.private) {
    const badge = el('span', 'badge private-badge', 'Private · not published');
    badge.title = 'visibility = "private": the feed does not publish this session';
    titleRow.append(badge);
  }
  if (card.reviewed) {
    const r = card.reviewed;
    const badge = el('span', 'badge reviewed-badge');
    badge.append(icon(el, 'verified'), el('span', undefined, ' Reviewed'));
    badge.title = [r.mergedFrom && `merged from ${r.mergedFrom}`, r.mergedAt && `at ${r.mergedAt}`, r.approvedBy && `approved by ${r.approvedBy}`].filter(Boolean).join(', ');
    titleRow.append(badge);
  }
  const tools = el('span', 'card-actions');
  if (!card.private) {
    const makePrivate = el('button', 'secondary small make-private', 'Make private');
    makePrivate.title = 'Set visibility = "private" and record it in [[edits]]';
    makePrivate.addEventListener('click', (e) => {
      e.stopPropagation();
      on.makePrivate(card);
    });
    tools.append(makePrivate);
  }
  titleRow.append(tools);
  head.append(titleRow);

  const meta = el('div', 'meta');
  const facts = [card.title ? card.id : undefined, card.source, card.model, card.outcome].filter((f): f is string => f !== undefined);
  for (const f of facts) meta.append(el('span', 'fact', f));
  meta.append(el('span', 'fact span', card.span));
  head.append(meta);
  if (card.tags.length > 0 || card.forkedFrom) {
    const tags = el('div', 'meta tags');
    card.tags.forEach((t, i) => tags.append(valueElement(el, t, { session: card.index, key: 'tags', item: i }, 'chip')));
    if (card.forkedFrom) {
      const fork = card.forkedFrom;
      if (fork.card !== undefined) {
        const link = el('a', 'link fork');
        link.append(icon(el, 'repo-forked'), el('span', undefined, ` forked from ${fork.id}`));
        link.href = '#';
        link.title = 'Go to the ancestor session in this file';
        link.addEventListener('click', (e) => {
          e.preventDefault();
          e.stopPropagation();
          on.showCard(fork.card!);
        });
        tags.append(link);
      } else tags.append(el('span', 'fact fork', `forked from ${fork.id} (${fork.unpublished ? 'private: not published' : 'not in this file'})`));
    }
    head.append(tags);
  }
  if (card.summary) head.append(labelled(el, 'Summary', valueElement(el, card.summary, { session: card.index, key: 'summary' }, 'prose')));
  if (card.lesson) head.append(labelled(el, 'Lesson', valueElement(el, card.lesson, { session: card.index, key: 'lesson' }, 'prose')));
  for (const m of card.marks) head.append(markElement(el, m));
  lined(head, card.line);
  head.addEventListener('click', (e) => revealOnClick(e, head, on));
  article.append(head);
  article.append(el('ol', 'turns'));
  return article;
}

/** The place of a card whose content is on its way: its id and its size, so the scroll bar is right. */
export function placeholderElement(el: Maker, outline: CardOutline): HTMLElement {
  const article = el('article', `card pending${outline.private ? ' private' : ''}`);
  article.dataset['key'] = outline.outline;
  article.dataset['index'] = String(outline.index);
  article.tabIndex = 0;
  article.setAttribute('aria-label', `Session ${outline.id}`);
  article.setAttribute('aria-busy', 'true');
  const head = el('div', 'card-head');
  const titleRow = el('div', 'title-row');
  titleRow.append(icon(el, 'loading', 'glyph'), el('span', 'title id-title', outline.id));
  head.append(titleRow);
  article.append(head);
  return article;
}

/** The place of a turn whose content is on its way (a long session's turns come as they near the screen). */
export function pendingTurnElement(el: Maker, index: number, height: number): HTMLElement {
  const li = el('li', 'turn pending');
  li.dataset['turn'] = String(index);
  li.setAttribute('aria-busy', 'true');
  li.style.height = `${Math.max(24, height)}px`;
  const head = el('div', 'turn-head');
  head.append(icon(el, 'loading', 'glyph'), el('span', 'turn-index', `turn ${index}`));
  li.append(head);
  return li;
}

export function turnElement(el: Maker, card: ReviewCard, t: ReviewTurn, on: CardHandlers): HTMLElement {
  const li = el('li', `turn ${t.role === 'user' ? 'user' : t.role === 'assistant' ? 'assistant' : 'other'}`);
  li.dataset['turn'] = String(t.index);
  li.tabIndex = 0;
  li.setAttribute('aria-label', `Turn ${t.index}, ${t.role}`);
  const head = el('div', 'turn-head');
  head.append(
    icon(el, t.role === 'user' ? 'account' : t.role === 'assistant' ? 'hubot' : 'circle-outline', 'glyph role-glyph'),
    el('span', 'role', t.role === 'user' ? 'User' : t.role === 'assistant' ? 'Assistant' : t.role || '(no role)'),
    el('span', 'turn-index', `turn ${t.index}`),
  );
  if (t.model) head.append(el('span', 'fact', t.model));
  if (t.at) head.append(el('span', 'fact', t.at));
  const del = el('button', 'secondary small delete-turn', 'Delete turn');
  del.title = `Delete turn ${t.index} and record it in [[edits]]`;
  del.addEventListener('click', (e) => {
    e.stopPropagation();
    on.deleteTurn(card, t);
  });
  head.append(del);
  li.append(head);
  const ref = (key: string) => ({ session: card.index, turn: t.index, key });
  if (t.summary) li.append(valueElement(el, t.summary, ref('summary'), 'summary prose'));
  if (t.text) li.append(valueElement(el, t.text, ref('text'), 'text prose'));
  if (t.toolCalls.length > 0) {
    const calls = el('div', 'tool-calls');
    for (const c of t.toolCalls) {
      const row = el('div', `tool${c.failed ? ' failed' : ''}`);
      row.append(icon(el, c.failed ? 'error' : 'tools', 'glyph'), el('span', 'tool-name', c.name || '(no name)'));
      if (c.key) row.append(valueElement(el, c.key.value, { session: card.index, turn: t.index, toolCall: c.index, key: c.key.name }, 'tool-arg'));
      if (c.failed) row.append(el('span', 'badge failed-badge', 'failed'));
      row.title = `${c.name}${c.failed ? ' (status = "error")' : ''}: tool call ${c.index}`;
      lined(row, c.line);
      row.addEventListener('click', (e) => revealOnClick(e, row, on));
      calls.append(row);
    }
    li.append(calls);
  }
  for (const m of t.marks) li.append(markElement(el, m));
  lined(li, t.line);
  li.addEventListener('click', (e) => revealOnClick(e, li, on));
  return li;
}

export function markElement(el: Maker, m: Mark): HTMLElement {
  const div = el('div', `mark ${m.kind}`);
  lined(div, m.line);
  div.dataset['mark'] = m.kind;
  div.append(icon(el, markGlyphs[m.kind], 'glyph'), el('span', 'mark-name', `${markNames[m.kind]}:`), el('span', 'mark-message', m.message));
  div.title = m.committed !== undefined ? `At HEAD:\n${m.committed}` : m.code;
  if (m.committed !== undefined) div.append(el('span', 'at-head', 'hover for the text at HEAD'));
  return div;
}

function labelled(el: Maker, label: string, value: HTMLElement): HTMLElement {
  const row = el('div', 'labelled');
  row.append(el('span', 'label', `${label}:`), value);
  return row;
}

/**
 * A click reveals the source line, the keyboard staying in the review (its keys must never type into the
 * file); with Ctrl, Cmd or Alt held the source editor takes it. One that ends a text selection, or lands on
 * a control, reveals nothing.
 */
/**
 * An element that stands for a source line: `data-source-line` is the line
 * its content was built at, `data-line` where it is now (`placeLines` moves
 * it when lines were inserted above: a card kept by its key is not built again).
 */
function lined(e: HTMLElement, line: number): void {
  e.dataset['sourceLine'] = String(line);
  e.dataset['line'] = String(line);
}

/** Moves the lines of `root` and what it holds (a card's head, a turn) to `shift` lines below where they were built. */
export function placeLines(root: HTMLElement, shift: number): void {
  for (const e of [root, ...root.querySelectorAll<HTMLElement>('[data-source-line]')]) {
    const built = e.dataset['sourceLine'];
    if (built !== undefined) e.dataset['line'] = String(Number(built) + shift);
  }
}

function revealOnClick(e: MouseEvent, from: HTMLElement, on: CardHandlers): void {
  const line = Number(from.dataset['line']);
  if (e.defaultPrevented) return;
  const target = e.target as HTMLElement;
  if (target.closest('button, a')) return;
  if (!(target.ownerDocument.getSelection()?.isCollapsed ?? true)) return;
  e.preventDefault();
  on.reveal(line, takesFocus(e));
}

/** A click with Ctrl, Cmd or Alt held hands the keyboard to the source editor on purpose. */
export function takesFocus(e: MouseEvent): boolean {
  return e.ctrlKey || e.metaKey || e.altKey;
}
