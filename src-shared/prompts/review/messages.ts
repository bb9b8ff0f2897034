// The messages between the Session Review's webview and the extension
// host, as one discriminated union each way. The page (dist/review.js)
// puts every string of them into the DOM as text, never as markup.

import type { ValueRef } from './actions';
import type { SearchOutcome } from './search';
import type { ReviewFilter } from './filter';
import type { CardOutline, Mark, MarkKind, ReviewCard, ReviewHeader } from './view';

/**
 * What the page is to show: the header, and the cards in order. Only what the
 * page does not hold travels: the content of the cards near its screen
 * (`cards`), and the outline of the others (`outlines`).
 */
export interface ReviewShow {
  readonly type: 'show';
  readonly uri: string;
  readonly fileName: string;
  readonly version: number;
  readonly header: ReviewHeader;
  readonly marks: readonly Mark[];
  readonly published: boolean;
  readonly filtered: boolean;
  readonly tools: readonly string[];
  readonly unreadable: boolean;
  /** Every card's key, in file order. */
  readonly order: readonly string[];
  /** Every card's first line now, by its position in `order`: the lines of what the page holds move by the difference. */
  readonly lines: readonly number[];
  /**
   * Cards whose head the page does not hold, with the turns near its screen
   * this holds; and cards it holds, again, with the turns it lacks (added to
   * those it has).
   */
  readonly cards: readonly ReviewCard[];
  /** Outlines of the cards the page holds neither whole nor as an outline, and that did not come whole. */
  readonly outlines: readonly CardOutline[];
}

/** The server's answer to the search box's query (search.ts), for the version it searched. */
export interface ReviewSearchShow extends SearchOutcome {
  readonly type: 'searchResult';
  readonly query: string;
  readonly version: number;
}

/** A step the end-to-end tests take in the real page, through its own handlers (a click, a selection, a key). */
export type DriveStep =
  /** A click on a card's head (or a turn's); `modifier`: with Ctrl held, which takes the focus to the source. */
  | { readonly click: { readonly card: number; readonly turn?: number; readonly modifier?: boolean } }
  /** Selects the decoded characters `[from, to)` of a shown value. */
  | { readonly select: { readonly value: ValueRef; readonly from: number; readonly to: number } }
  | { readonly press: 'redact' | 'published' | 'recordAll' | 'nextMark' | 'export' | 'searchNext' | 'searchPrevious' }
  /** Sets the filters, as the filter row's controls would. */
  | { readonly filter: ReviewFilter }
  /** Types a query into the search box (searched at once). */
  | { readonly search: string }
  | { readonly pressOn: { readonly card: number; readonly turn?: number; readonly action: 'makePrivate' | 'deleteTurn' } }
  /** Puts the focus on a card (or one of its turns), as a Tab or a click would. */
  | { readonly focus: { readonly card: number; readonly turn?: number } }
  /** A key pressed where the focus is (the page's own keyboard handler acts on it). */
  | { readonly key: ReviewKey; readonly ctrl?: boolean; readonly alt?: boolean }
  /** Scrolls the page until the card (or its turn) is at the top, as the scroll bar would. */
  | { readonly scrollTo: { readonly card: number; readonly turn?: number } };

/** The keys the page acts on (main.ts) that the tests press. */
export type ReviewKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'PageDown' | 'PageUp' | 'Enter' | 'r' | 'R' | 'x';

export type HostToReview =
  | ReviewShow
  | ReviewSearchShow
  /** The cursor in the source moved to `line`: light up its card and turn. */
  | { readonly type: 'highlight'; readonly line: number }
  | { readonly type: 'drive'; readonly step: DriveStep };

/** What the page reports after each change of what it shows, for tests and the extension's API. */
export interface ReviewReport {
  readonly version: number;
  readonly published: boolean;
  /** Session ids of the cards shown, in order. */
  readonly cards: readonly string[];
  /** The text of the header and of every card built so far (capped). */
  readonly text: string;
  /** The card and turn lit up by the cursor, if any. */
  readonly highlighted: { readonly card: number; readonly turn: number | null } | null;
  /** How many cards are on the page with their content (only those near the screen are). */
  readonly built: number;
  /** What the page's DOM holds: the cards (index) with content, and how many turns in all. */
  readonly dom: { readonly cards: readonly number[]; readonly turns: number; readonly placeholders: number };
  /** How many cards' content the page holds (fetched as they came near the screen). */
  readonly fetched: number;
  /** The card and turn that have the keyboard focus, if one has. */
  readonly focused: { readonly card: number; readonly turn: number | null } | null;
  /** The source line of the last mark the bar jumped to, whether that mark is on screen (below the header), and whether the jump is over. */
  readonly jumped: { readonly line: number; readonly visible: boolean; readonly settled: boolean } | null;
  /** The search box: its query, the server's count of matches and of places, and the place stepped to (-1: none yet). */
  readonly search: { readonly query: string; readonly total: number; readonly places: number; readonly at: number };
  /** The marks on the page, with the text their hover shows. */
  readonly marks: readonly { readonly kind: MarkKind; readonly line: number; readonly hover: string }[];
  /** What the page saved for a window reload (the webview serializer hands it back). */
  readonly state: unknown;
  /** Every kind of element in the page: content never adds one. */
  readonly tags: readonly string[];
  /** How many cards the last new version replaced or added (the rest were kept). */
  readonly replaced: number;
}

export type ReviewToHost =
  | { readonly type: 'ready' }
  | ({ readonly type: 'shown' } & ReviewReport)
  /** Show the source at `line`; `focus`: the source editor takes the keyboard (Enter, a modified click), else it stays in the review. */
  | { readonly type: 'reveal'; readonly line: number; readonly focus: boolean }
  /**
   * The positions `[from, to)` of the cards near the screen, some of which the page holds only as outlines or
   * without some of the turns near the screen: `turns` says which those are, by card position (`to` exclusive).
   */
  | { readonly type: 'window'; readonly from: number; readonly to: number; readonly turns?: readonly { readonly card: number; readonly from: number; readonly to: number }[] }
  | { readonly type: 'published'; readonly published: boolean }
  /** Redact these decoded characters of a value, on the version the page shows. */
  | { readonly type: 'redact'; readonly version: number; readonly value: ValueRef; readonly from: number; readonly to: number }
  | { readonly type: 'makePrivate'; readonly version: number; readonly line: number }
  | { readonly type: 'deleteTurn'; readonly version: number; readonly session: number; readonly turn: number }
  | { readonly type: 'recordAll' }
  /** The filters changed (undefined: none). */
  | { readonly type: 'filter'; readonly filter: ReviewFilter | undefined }
  /** The search box's query changed (empty: no search). */
  | { readonly type: 'search'; readonly query: string }
  /** "Export as Published Markdown" for the review's file. */
  | { readonly type: 'export' }
  /** The page could not act (a selection outside one value): the host says so. */
  | { readonly type: 'notice'; readonly notice: 'outsideValue' };
