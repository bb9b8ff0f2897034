// "Export as Published Markdown": what a public feed would show of a
// `.prompts` file, as one Markdown document, like the transcript tools
// users know. It is the review's own published view (build.ts, so the
// same sessions, the same masks): public sessions only, every secret
// masked, and no email anywhere (author_email is never shown; an address
// in any text becomes `[email]`). File content is escaped, so a title's
// `<script>` reads as text in any Markdown viewer. The command line's
// `review --published --format markdown` and the editor's command both
// print this.

import type { PromptsDocument } from '../toml/document';
import { reviewOf } from './build';
import type { Piece, ReviewCard, ReviewTurn, Shown } from './view';

const roles: Readonly<Record<string, string>> = { user: 'User', assistant: 'Assistant' };

/** The Markdown, and how many sessions it holds (the file's public ones). */
export function publishedMarkdown(doc: PromptsDocument, fileName: string): { readonly text: string; readonly sessions: number } {
  const view = reviewOf(doc, { findings: [], unlogged: [], head: { kind: 'compared' }, published: true });
  const h = view.header;
  const out: string[] = [`# ${h.message ? oneLine(h.message) : escape(fileName)}`, ''];
  const facts = [
    h.branch && `Branch \`${code(plain(h.branch))}\``,
    h.author && `by ${oneLine(h.author)}${h.username ? ` (${escape(noEmails(h.username))})` : ''}`,
    `${h.counts.sessions} published session${h.counts.sessions === 1 ? '' : 's'}, ${h.counts.turns} turn${h.counts.turns === 1 ? '' : 's'}`,
  ].filter((f): f is string => typeof f === 'string' && f !== '');
  out.push(facts.join(' · '), '');
  for (const card of view.cards) if ('key' in card) out.push(...session(card));
  return { text: `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`, sessions: h.counts.sessions };
}

function session(card: ReviewCard): string[] {
  const out = [`## ${card.title ? oneLine(card.title) : escape(noEmails(card.id))}`, ''];
  const facts = [`Session \`${code(noEmails(card.id))}\``, card.source, card.model, card.outcome, card.span].filter((f): f is string => !!f).map(noEmails);
  out.push(facts.join(' · '));
  if (card.tags.length > 0) out.push('', `Tags: ${card.tags.map((t) => `\`${code(plain(t))}\``).join(', ')}`);
  if (card.forkedFrom) out.push('', `Forked from \`${code(noEmails(card.forkedFrom.id))}\``);
  if (card.summary) out.push('', `**Summary:** ${prose(card.summary)}`);
  if (card.lesson) out.push('', `**Lesson:** ${prose(card.lesson)}`);
  out.push('');
  // Built without a window or known turns: every turn is there in full.
  for (const t of card.turns) if ('role' in t) out.push(...turn(t));
  return out;
}

function turn(t: ReviewTurn): string[] {
  const who = roles[t.role] ?? escape(noEmails(t.role || '(no role)'));
  const out = [`### Turn ${t.index} · ${who}${t.at ? ` · ${t.at}` : ''}`, ''];
  if (t.summary) out.push(`*${prose(t.summary)}*`, '');
  if (t.text) out.push(prose(t.text), '');
  for (const c of t.toolCalls) {
    const arg = c.key ? ` \`${code(plain(c.key.value))}\`` : '';
    out.push(`- \`${code(noEmails(c.name || '(no name)'))}\`${arg}${c.failed ? ' (failed)' : ''}`);
  }
  if (t.toolCalls.length > 0) out.push('');
  return out;
}

/** A value as a reader of the feed sees it: each secret as `[secret: its kind]`, addresses as `[email]`. */
function plain(s: Shown): string {
  return noEmails(s.pieces.map(pieceText).join(''));
}

function pieceText(p: Piece): string {
  switch (p.kind) {
    case 'text':
      return p.text;
    case 'secret':
      return `[secret: ${p.label}]`;
    case 'redacted':
      return '[REDACTED]';
    case 'truncated':
      return `…[truncated ${p.chars} chars]`;
    case 'invisible':
      // A published page carries no character that reorders or splits what its reader sees.
      return p.badge;
  }
}

/** Prose: escaped, its line breaks kept as Markdown line breaks. */
function prose(s: Shown): string {
  return escape(plain(s)).replace(/\n/g, '  \n');
}

function oneLine(s: Shown): string {
  return escape(plain(s)).replace(/\s*\n\s*/g, ' ');
}

/** Markup characters as text: HTML never renders, and nothing starts a Markdown construct. */
function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]<>#|&~]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`));
}

/** Inside a code span: a backtick cannot end it, a line break cannot break it. */
function code(text: string): string {
  return text.replace(/`/g, 'ˋ').replace(/\s*\n\s*/g, ' ');
}

const local = /[A-Za-z0-9._%+-]/;
const domain = /[A-Za-z0-9.-]/;

/** Every email address as `[email]`: from each `@`, the address characters either side (one pass, no backtracking). */
export function noEmails(text: string): string {
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > copied && local.test(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && domain.test(text[end]!)) end++;
    while (end > at + 1 && text[end - 1] === '.') end--;
    const host = text.slice(at + 1, end);
    if (start === at || !/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(host)) continue;
    out += `${text.slice(copied, start)}[email]`;
    copied = end;
    at = end - 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
