// A string value as the review page shows it: plain runs, secrets masked
// (their characters never leave the core), `[REDACTED]` and the writer's
// `…[truncated N chars]` as what they are, and each bidi control or
// zero-width character as a badge naming it (text/invisibleChars.ts). Offsets are the decoded value's,
// so a selection over any piece maps back to the value.

import { findInvisible, invisibleBadge } from '../../text/invisibleChars';
import { findSecrets, redaction } from '../rules/secrets';
import type { Piece, Shown } from './view';

const truncated = /…\[truncated (\d+) chars\]$/;

export function shown(value: string): Shown {
  const special: Piece[] = findSecrets(value).map((m) => ({ kind: 'secret', start: m.start, end: m.end, label: m.pattern.label }));
  for (let at = value.indexOf(redaction); at !== -1; at = value.indexOf(redaction, at + redaction.length)) {
    special.push({ kind: 'redacted', start: at, end: at + redaction.length });
  }
  // Every invisible character is its own badge: the page never holds one, so nothing it shows can be reordered or split unseen.
  for (const run of findInvisible(value)) {
    run.chars.forEach((c, i) => special.push({ kind: 'invisible', start: run.start + i, end: run.start + i + 1, badge: invisibleBadge(c), name: `${c.name} (${c.codePoint})` }));
  }
  const cut = truncated.exec(value);
  if (cut) special.push({ kind: 'truncated', start: cut.index, end: value.length, chars: Number(cut[1]) });
  special.sort((a, b) => a.start - b.start);
  const pieces: Piece[] = [];
  let at = 0;
  for (const p of special) {
    // A secret pattern never matches `[REDACTED]` or the marker, but a value may hold overlapping oddities: the first wins.
    if (p.start < at) continue;
    if (p.start > at) pieces.push({ kind: 'text', start: at, end: p.start, text: value.slice(at, p.start) });
    pieces.push(p);
    at = p.end;
  }
  if (at < value.length || pieces.length === 0) pieces.push({ kind: 'text', start: at, end: value.length, text: value.slice(at) });
  return { pieces, length: value.length };
}

/** What a reader sees of a value, as one line of plain text: secrets as `[secret]` (for hovers and tooltips). */
export function plainText(s: Shown): string {
  return s.pieces.map(plainPiece).join('');
}

function plainPiece(p: Piece): string {
  switch (p.kind) {
    case 'text':
      return p.text;
    case 'secret':
      return '[secret]';
    case 'redacted':
      return redaction;
    case 'truncated':
      return `…[truncated ${p.chars} chars]`;
    case 'invisible':
      return p.badge;
  }
}

/** A value that may be a string: shown when it is one. */
export function shownIf(value: unknown): Shown | undefined {
  return typeof value === 'string' ? shown(value) : undefined;
}
