// A built card's outline (view.ts `CardOutline`): what the page and the
// host keep of every card, whether they hold its content or not, so a card
// fetched whole and one sent as an outline answer the same questions
// (where it is, how tall its turns are, where its marks are).

import type { CardOutline, KnownCard, ReviewCard, ReviewTurn } from './view';

/** The card's outline: the one it carries when its turns are not all there in full, else made from them. */
export function outlineOfCard(card: ReviewCard): CardOutline {
  if (card.layout) return card.layout;
  // Not all there and its outline named as held: whoever named it puts it back first (withHeldLayout).
  if (card.layoutKey !== undefined) throw new Error(`the outline ${card.layoutKey} of card ${card.key} is not held`);
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

/**
 * A card whose outline came as its key only, with the outline held under that
 * key put back: at this card's key and first line (the lines move by the
 * difference). Undefined when it is not held.
 */
export function withHeldLayout(card: ReviewCard, held: ReadonlyMap<string, CardOutline>): ReviewCard | undefined {
  if (card.layout || card.layoutKey === undefined) return card;
  const o = held.get(card.layoutKey);
  if (!o) return undefined;
  const d = card.line - o.line;
  const layout: CardOutline = {
    ...o,
    outline: card.key,
    line: card.line,
    endLine: o.endLine + d,
    turns: d === 0 ? o.turns : o.turns.map(([from, to]) => [from + d, to + d] as const),
    marks: d === 0 ? o.marks : o.marks.map((m) => ({ ...m, line: m.line + d })),
  };
  return { ...card, layout };
}

/** The key of any slot of a view's cards. */
export function slotKey(slot: ReviewCard | KnownCard | CardOutline): string {
  return 'known' in slot ? slot.known : 'outline' in slot ? slot.outline : slot.key;
}
