// The key of a review card: the same key means the page may keep the card
// it shows. A card is a function of its session block's content (kept
// across edits elsewhere, so its identity is cheap to compare), where the
// block is, and the marks and links it carries; the key names all of them
// without hashing the session's text.

import { digest } from '../../pack/digest';
import type { BlockContent } from '../toml/block';
import type { ReviewCard } from './view';

const ids = new WeakMap<BlockContent, number>();
let nextId = 1;
/** Keys of another server process (a restarted one) never equal this one's. */
const epoch = Math.floor(Math.random() * 2 ** 32).toString(36);

function contentId(content: BlockContent): number {
  let id = ids.get(content);
  if (id === undefined) {
    id = nextId++;
    ids.set(content, id);
  }
  return id;
}

/** What a card shows besides its block's content: where it is, its marks (by turn) and its fork link. */
export interface CardSetting {
  readonly index: number;
  readonly line: number;
  readonly marks: readonly { readonly turn: number | undefined; readonly mark: unknown }[];
  readonly forkedFrom: ReviewCard['forkedFrom'];
}

export function cardKey(content: BlockContent, setting: CardSetting): string {
  const around = JSON.stringify([setting.marks.map((m) => [m.turn ?? null, m.mark]), setting.forkedFrom ?? null]);
  return `${epoch}.${contentId(content)}.${setting.index}.${setting.line}.${digest(around)}`;
}
