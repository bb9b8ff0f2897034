// Shown values in the review page: each piece of a string value as its own
// span that knows its decoded offsets (a secret masked, `[REDACTED]`, the
// writer's truncation marker and each invisible character as badges), and the way back from a
// selection in the page to the decoded characters of one value, whatever
// the page shows in place of a secret. Text only, never markup.

import type { ValueRef } from '../../../../src-shared/prompts/review/actions';
import type { Shown } from '../../../../src-shared/prompts/review/view';

export type Maker = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => HTMLElementTagNameMap[K];

/** The element of one value: its pieces, and the value it shows as `data-ref`. */
export function valueElement(el: Maker, shown: Shown, ref: ValueRef | undefined, className: string): HTMLElement {
  const box = el('span', `value ${className}`);
  if (ref) box.dataset['ref'] = JSON.stringify(ref);
  for (const p of shown.pieces) {
    let span: HTMLElement;
    if (p.kind === 'text') span = el('span', 'piece', p.text);
    else if (p.kind === 'secret') {
      span = el('span', 'piece secret', `●●●● ${p.label}`);
      span.title = `A secret (${p.label}), masked here. Select it and Redact to replace it with [REDACTED].`;
    } else if (p.kind === 'redacted') {
      span = el('span', 'piece redacted', '[REDACTED]');
      span.title = 'Redacted text';
    } else if (p.kind === 'invisible') {
      // The badge stands in for the character, which never reaches the page.
      span = el('span', 'piece invisible', p.badge);
      span.title = `An invisible character: ${p.name}. Fix its warning in the file to remove it.`;
    } else {
      span = el('span', 'piece truncated', `… ${p.chars.toLocaleString('en-US')} more characters`);
      span.title = `The capture writer cut ${p.chars} characters here (…[truncated ${p.chars} chars])`;
    }
    span.dataset['start'] = String(p.start);
    span.dataset['end'] = String(p.end);
    span.dataset['kind'] = p.kind;
    box.append(span);
  }
  return box;
}

/** A selection's value and offsets, or why it is none (the host says it to the user). */
export type SelectedValue = { readonly value: ValueRef; readonly from: number; readonly to: number } | { readonly problem: 'outsideValue' };

const outside = 'outsideValue';

/** The decoded characters of one value the page's selection covers. */
export function selectedValue(selection: Selection | null): SelectedValue {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return { problem: outside };
  const range = selection.getRangeAt(0);
  const start = boxOf(range.startContainer);
  const end = boxOf(range.endContainer);
  if (!start || start !== end || !start.dataset['ref']) return { problem: outside };
  const from = offsetAt(start, range.startContainer, range.startOffset, 'start');
  const to = offsetAt(start, range.endContainer, range.endOffset, 'end');
  if (to <= from) return { problem: outside };
  return { value: JSON.parse(start.dataset['ref']) as ValueRef, from, to };
}

function boxOf(node: Node): HTMLElement | undefined {
  const element = node instanceof HTMLElement ? node : node.parentElement;
  return element?.closest<HTMLElement>('.value') ?? undefined;
}

/** The decoded offset of a DOM boundary point inside a value box; a point inside a badge takes the badge's start or end. */
function offsetAt(box: HTMLElement, node: Node, offset: number, side: 'start' | 'end'): number {
  if (node === box) {
    const pieces = box.children;
    if (offset >= pieces.length) return Number((pieces[pieces.length - 1] as HTMLElement | undefined)?.dataset['end'] ?? 0);
    return Number((pieces[offset] as HTMLElement).dataset['start']);
  }
  const element = node instanceof HTMLElement ? node : node.parentElement!;
  const piece = element.closest<HTMLElement>('.piece')!;
  const start = Number(piece.dataset['start']);
  const end = Number(piece.dataset['end']);
  if (piece.dataset['kind'] !== 'text') return side === 'start' ? start : end;
  return node.nodeType === Node.TEXT_NODE ? start + offset : offset === 0 ? start : end;
}

/** Selects the decoded characters `[from, to)` of the value box (the tests' way of selecting, as a mouse would). */
export function selectInValue(box: HTMLElement, from: number, to: number): boolean {
  const a = pointAt(box, from);
  const b = pointAt(box, to);
  const selection = box.ownerDocument.getSelection();
  if (!a || !b || !selection) return false;
  const range = box.ownerDocument.createRange();
  range.setStart(a.node, a.offset);
  range.setEnd(b.node, b.offset);
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}

function pointAt(box: HTMLElement, at: number): { node: Node; offset: number } | undefined {
  for (const piece of box.querySelectorAll<HTMLElement>('.piece')) {
    const start = Number(piece.dataset['start']);
    const end = Number(piece.dataset['end']);
    if (at < start || at > end) continue;
    if (piece.dataset['kind'] === 'text' && piece.firstChild) return { node: piece.firstChild, offset: at - start };
    return { node: piece, offset: at === start ? 0 : piece.childNodes.length };
  }
  return undefined;
}
