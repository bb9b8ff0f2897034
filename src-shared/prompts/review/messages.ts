// The messages between the Session Review's webview and the extension
// host, as one discriminated union each way. The page (dist/review.js)
// puts every string of them into the DOM as text, never as markup.

import type { ValueRef } from './actions';
import type { Mark, ReviewCard, ReviewHeader } from './view';

/** What the page is to show: the header, and the cards in order; only cards it does not hold yet travel. */
export interface ReviewShow {
  readonly type: 'show';
  readonly uri: string;
  readonly fileName: string;
  readonly version: number;
  readonly header: ReviewHeader;
  readonly marks: readonly Mark[];
  readonly published: boolean;
  readonly unreadable: boolean;
  /** Every card's key, in file order. */
  readonly order: readonly string[];
  /** The cards whose keys the page does not hold. */
  readonly cards: readonly ReviewCard[];
}

/** A step the end-to-end tests take in the real page, through its own handlers (a click, a selection, a key). */
export type DriveStep =
  | { readonly click: { readonly card: number; readonly turn?: number } }
  /** Selects the decoded characters `[from, to)` of a shown value. */
  | { readonly select: { readonly value: ValueRef; readonly from: number; readonly to: number } }
  | { readonly press: 'redact' | 'published' | 'recordAll' | 'nextMark' }
  | { readonly pressOn: { readonly card: number; readonly turn?: number; readonly action: 'makePrivate' | 'deleteTurn' } };

export type HostToReview =
  | ReviewShow
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
  /** How many cards have their turns built (only those near the screen are). */
  readonly built: number;
  /** Every kind of element in the page: content never adds one. */
  readonly tags: readonly string[];
  /** How many cards the last show replaced or added (the rest were kept). */
  readonly replaced: number;
}

export type ReviewToHost =
  | { readonly type: 'ready' }
  | ({ readonly type: 'shown' } & ReviewReport)
  | { readonly type: 'reveal'; readonly line: number }
  | { readonly type: 'published'; readonly published: boolean }
  /** Redact these decoded characters of a value, on the version the page shows. */
  | { readonly type: 'redact'; readonly version: number; readonly value: ValueRef; readonly from: number; readonly to: number }
  | { readonly type: 'makePrivate'; readonly version: number; readonly line: number }
  | { readonly type: 'deleteTurn'; readonly version: number; readonly session: number; readonly turn: number }
  | { readonly type: 'recordAll' }
  /** The page could not act (a selection outside one value): the host says so. */
  | { readonly type: 'notice'; readonly message: string };
