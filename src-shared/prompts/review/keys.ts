// The keys of review cards and turns: the same key means the page may keep
// what it shows. No key names a line: an Enter above a card (or in an
// earlier turn) moves its lines, not what it shows, and the page moves the
// lines of what it keeps by the positions each view sends (a card's first
// line, its outline's turn lines). A card is a function of its session
// block's content (kept across edits elsewhere, so its identity is cheap to
// compare), its position among the sessions, and the marks (by their line
// within the card) and links it carries; the key names all of them without
// hashing the session's text. A turn's key hashes its own source text, so
// a keystroke in one turn of a long session leaves the others' keys alone;
// only the turns a view builds are hashed.

import { digest } from '../../pack/digest';
import type { BlockContent } from '../toml/block';
import type { CardOutline, ReviewCard } from './view';

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

/** A mark as a key sees it: its line counted from `from`. */
interface KeyedMark {
  readonly turn: number | undefined;
  readonly mark: { readonly line: number };
}

function around(marks: readonly KeyedMark[], from: number, more: unknown): string {
  return digest(JSON.stringify([marks.map((m) => [m.turn ?? null, { ...m.mark, line: m.mark.line - from }]), more ?? null]));
}

/** What a card shows besides its block's content: its position, its marks (by turn) and its fork link; `line` only to count its marks' lines from. */
export interface CardSetting {
  readonly index: number;
  readonly line: number;
  readonly marks: readonly KeyedMark[];
  readonly forkedFrom: ReviewCard['forkedFrom'];
}

export function cardKey(content: BlockContent, setting: CardSetting): string {
  return `${epoch}.${contentId(content)}.${setting.index}.${around(setting.marks, setting.line, setting.forkedFrom)}`;
}

/** What a turn shows besides its source text: its session's position and `verbose`, its own position and marks; `line` to count their lines from. */
export interface TurnSetting {
  readonly session: number;
  readonly index: number;
  readonly line: number;
  readonly verbose: boolean;
  readonly marks: readonly KeyedMark[];
}

export function turnKey(source: string, setting: TurnSetting): string {
  return `${epoch}.t${setting.session}.${setting.index}.${textHash(source)}.${around(setting.marks, setting.line, setting.verbose)}`;
}

/** The key of a card's outline: its lines counted from its first, its marks, what it says of its session; never its first line or its card's key. */
export function layoutKey(o: CardOutline): string {
  const rows = o.turns.map(([from, to]) => `${from - o.line}+${to - from}`).join(',');
  const marks = o.marks.map((m) => `${m.kind}@${m.line - o.line}/${m.turn ?? ''}`).join(',');
  return `${epoch}.l${textHash(JSON.stringify([o.index, o.endLine - o.line, o.id, o.private, rows, marks]))}`;
}

/**
 * Two 32-bit FNV-1a lanes over the UTF-16 code units (different bases, one
 * over the units reversed in pairs): change detection, not integrity, and
 * about a nanosecond a character where `digest` encodes UTF-8 as it goes.
 */
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ ((c << 8) | (c >>> 8)), 0x0100019d);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36);
}
