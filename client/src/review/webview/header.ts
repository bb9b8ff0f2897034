// The review page's header: the file, branch, commit message and author
// (never an email), the counts, the bar of marks (each count a button that
// jumps to the next mark of its kind), the actions on the whole file
// (As published, Redact selection, Record all unlogged edits), and why
// HEAD was not compared when it was not. Text only, never markup.

import type { ReviewShow } from '../../../../src-shared/prompts/review/messages';
import type { Mark } from '../../../../src-shared/prompts/review/view';
import { icon, markElement, takesFocus } from './cards';
import { type Maker, valueElement } from './text';

export interface HeaderHandlers {
  reveal(line: number, focus: boolean): void;
  togglePublished(): void;
  redact(): void;
  recordAll(): void;
  exportMarkdown(): void;
  nextMark(kind: Mark['kind'] | undefined): void;
  /** Puts the focus on the lit card, else the first (the skip link). */
  toList(): void;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The header of a view; `rows` are the page's one search row and filter row, moved into each new header. */
export function headerElement(el: Maker, show: ReviewShow, on: HeaderHandlers, rows: readonly HTMLElement[]): HTMLElement {
  const h = show.header;
  const head = el('header', 'head');
  // The first Tab stop: past the header's buttons straight to the cards.
  const skip = el('a', 'skip', 'Skip to the sessions');
  skip.href = '#';
  skip.title = 'Then the arrow keys, PageUp/PageDown, Home and End move between sessions and turns';
  skip.addEventListener('click', (e) => {
    e.preventDefault();
    on.toList();
  });
  head.append(skip);
  const top = el('div', 'row top');
  top.append(el('span', 'file-name', show.fileName));
  if (h.branch) top.append(icon(el, 'git-branch', 'glyph'), valueElement(el, h.branch, undefined, 'branch'));
  if (h.author) {
    const author = el('span', 'author');
    author.append(el('span', 'label', 'by '), valueElement(el, h.author, undefined, 'author-name'));
    if (h.username) author.append(el('span', 'username', ` (${h.username})`));
    top.append(author);
  }
  const published = el('button', `toggle published${show.published ? ' on' : ''}`);
  published.append(icon(el, show.published ? 'eye' : 'eye-closed'), el('span', undefined, ' As published'));
  published.setAttribute('aria-pressed', String(show.published));
  published.title = 'Show only what the feed publishes: public sessions, no emails';
  published.addEventListener('click', () => on.togglePublished());
  top.append(published);
  head.append(top);
  if (h.message) {
    const message = el('div', 'row message');
    message.append(valueElement(el, h.message, undefined, 'commit-message'));
    message.title = 'Go to [commit]';
    message.addEventListener('click', (e) => on.reveal(h.line, takesFocus(e)));
    head.append(message);
  }

  const c = h.counts;
  const counts = el('div', 'row counts');
  counts.append(
    el('span', 'count', plural(c.sessions, 'session')),
    el('span', 'count', `${c.public.toLocaleString('en-US')} public`),
    el('span', 'count', `${c.private.toLocaleString('en-US')} private`),
    el('span', 'count', plural(c.turns, 'turn')),
  );
  const bar = el('span', 'marks-bar');
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', 'Marks: each jumps to the next one');
  const markButton = (kind: Mark['kind'], n: number, one: string, many?: string) => {
    const b = el('button', `mark-count ${kind}${n === 0 ? ' none' : ''}`, plural(n, one, many));
    b.title = n === 0 ? `No ${many ?? `${one}s`}` : `Go to the next ${one}`;
    b.disabled = n === 0;
    b.addEventListener('click', () => on.nextMark(kind));
    bar.append(b);
  };
  markButton('secret', c.secrets, 'secret');
  if (h.head.kind === 'compared') markButton('unlogged', c.unlogged, 'unlogged edit');
  markButton('error', c.errors, 'error');
  markButton('warning', c.warnings, 'warning');
  counts.append(bar);
  if (show.filtered) counts.prepend(el('span', 'badge filtered-badge', 'Filtered'));
  head.append(counts, ...rows);

  const actions = el('div', 'row actions');
  const redact = el('button', 'secondary redact');
  redact.append(icon(el, 'shield'), el('span', undefined, ' Redact selection'));
  redact.title = 'Replace the text selected in the review with [REDACTED] and record it in [[edits]] (Ctrl+Alt+R)';
  // Pressing the button must not take the selection it acts on.
  redact.addEventListener('mousedown', (e) => e.preventDefault());
  redact.addEventListener('click', () => on.redact());
  actions.append(redact);
  if (h.head.kind === 'compared' && c.unlogged > 0) {
    const record = el('button', 'secondary record-all');
    record.append(icon(el, 'checklist'), el('span', undefined, ' Record all unlogged edits'));
    record.title = 'Append one [[edits]] entry that records every unlogged hand edit';
    record.addEventListener('click', () => on.recordAll());
    actions.append(record);
  }
  const exported = el('button', 'secondary export');
  exported.append(icon(el, 'markdown'), el('span', undefined, ' Export as Published Markdown'));
  exported.title = 'What a public feed would show, as Markdown: public sessions only, secrets masked, no emails (beside the file or to the clipboard)';
  exported.addEventListener('click', () => on.exportMarkdown());
  actions.append(exported);
  if (h.head.kind === 'off') actions.append(el('span', 'head-off', `Not compared with HEAD: ${h.head.reason}. Unlogged hand edits are not shown.`));
  head.append(actions);
  for (const m of show.marks) {
    const mark = markElement(el, m);
    mark.addEventListener('click', (e) => on.reveal(m.line, takesFocus(e)));
    head.append(mark);
  }
  if (show.unreadable) head.append(el('p', 'note', 'The file does not parse: nothing to show. The Problems panel says where.'));
  else if (show.order.length === 0)
    head.append(el('p', 'note', show.filtered ? 'No session passes the filters.' : show.published ? 'Nothing is published: every session is private.' : 'No sessions.'));
  return head;
}
