// A built card's outline (view.ts `CardOutline`): what the page and the
// host keep of every card, whether they hold its content or not, so a card
// fetched whole and one sent as an outline answer the same questions
// (where it is, how tall its turns are, where its marks are).

import type { CardOutline, KnownCard, ReviewCard, ReviewTurn } from './view';

/** The card's outline: the one it carries when its turns are not all there in full, else made from them. */
export function outlineOfCard(card: ReviewCard): CardOutline {
  if (card.layout) return card.layout;
  const turns = card.turns as readonly ReviewTurn[];
  return {
    outline: card.key,
    index: card.index,
    line: card.line,
    endLine: card.endLine,
    id: card.id,
    private: card.private,
    turns: turns.map((t) => [t.line, t.endLine] as const),
    marks: [...card.marks.map((m) => ({ kind: m.kind, line: m.line, turn: null })), ...turns.flatMap((t) => t.marks.map((m) => ({ kind: m.kind, line: m.line, turn: t.index })))],
  };
}

/** The key of any slot of a view's cards. */
export function slotKey(slot: ReviewCard | KnownCard | CardOutline): string {
  return 'known' in slot ? slot.known : 'outline' in slot ? slot.outline : slot.key;
}
