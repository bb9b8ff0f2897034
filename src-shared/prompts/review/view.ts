// The Session Review's view model: a `.prompts` file as a reader of the feed
// sees it (a header, one card per session, its turns as a conversation),
// with what needs a curator's attention marked where it is. Plain data,
// computed by the server from one document version and sent to the page,
// which puts every string into the DOM as text. Secrets never travel in it:
// a secret's characters are replaced by a masked piece before it leaves the
// core. Lines are 0-based document lines, for reveal and highlight.

/**
 * One run of a string value as the page shows it. `start` and `end` are
 * UTF-16 offsets in the value as decoded, so a selection in the page maps
 * back to the value (and from there to its source) whatever the page shows
 * in place of a secret.
 */
export type Piece =
  | { readonly kind: 'text'; readonly start: number; readonly end: number; readonly text: string }
  /** A secret the writer would redact: shown masked, never its characters. */
  | { readonly kind: 'secret'; readonly start: number; readonly end: number; readonly label: string }
  /** `[REDACTED]`, written by the capture writer or a curator. */
  | { readonly kind: 'redacted'; readonly start: number; readonly end: number }
  /** The writer's `…[truncated N chars]`: N characters were cut here. */
  | { readonly kind: 'truncated'; readonly start: number; readonly end: number; readonly chars: number }
  /** One invisible character (a bidi control, a zero-width character), never sent as itself: its badge (`⟨U+202E RLO⟩`) and name. */
  | { readonly kind: 'invisible'; readonly start: number; readonly end: number; readonly badge: string; readonly name: string };

/** A string value cut into pieces; `length` is the decoded value's. */
export interface Shown {
  readonly pieces: readonly Piece[];
  readonly length: number;
}

export type MarkKind = 'secret' | 'unlogged' | 'error' | 'warning';

/** Something that needs attention, where it is. */
export interface Mark {
  readonly kind: MarkKind;
  /** Where it is in the document (its finding's start). */
  readonly line: number;
  /** The finding's message, which never repeats a secret. */
  readonly message: string;
  /** The finding's code (`prompts/secret`, `prompts/unlogged-edit`, …). */
  readonly code: string;
  /** For an unlogged edit of a string: the text committed at HEAD (its first 2,000 characters), secrets redacted. */
  readonly committed?: string;
}

export interface ReviewToolCall {
  readonly index: number;
  readonly line: number;
  readonly name: string;
  /** The argument that says what the call did (path, command, url, pattern…), when it has one. */
  readonly key?: { readonly name: string; readonly value: Shown };
  /** `status = "error"`. */
  readonly failed: boolean;
}

export interface ReviewTurn {
  /** The index `[[edits]].turns` uses. */
  readonly index: number;
  /**
   * Changes whenever anything the turn shows changes but its lines (keys.ts):
   * the page keeps a turn it holds under this key, its lines moved by the
   * card's outline (the turn's first line there, less `line` here).
   */
  readonly key: string;
  readonly line: number;
  readonly endLine: number;
  readonly role: string;
  readonly at?: string;
  readonly model?: string;
  readonly summary?: Shown;
  /** A user turn's text, or an assistant's when the session is `verbose`. */
  readonly text?: Shown;
  readonly toolCalls: readonly ReviewToolCall[];
  readonly marks: readonly Mark[];
}

export interface ReviewCard {
  /** Position among the file's sessions. */
  readonly index: number;
  /**
   * Changes whenever anything the card shows changes but its lines: the page
   * replaces only cards whose key changed, and moves the lines of one it keeps
   * by its slot's `line` (an Enter above a card sends its key and line only).
   */
  readonly key: string;
  readonly line: number;
  readonly endLine: number;
  readonly id: string;
  readonly title?: Shown;
  readonly source?: string;
  readonly model?: string;
  readonly outcome?: string;
  readonly tags: readonly Shown[];
  /** "2026-04-21T11:47:12Z → 2026-04-21T11:58:03Z (10 min)", or "no timestamps". */
  readonly span: string;
  readonly summary?: Shown;
  readonly lesson?: Shown;
  /** `visibility = "private"`: the feed does not publish it. */
  readonly private: boolean;
  /** Set when a merge stamped the session (`merged_from`, `merged_at`, `approved_by`). */
  readonly reviewed?: { readonly mergedFrom?: string; readonly mergedAt?: string; readonly approvedBy?: string };
  /** `forked_from`, with the ancestor's card index when it is in this file and shown (`unpublished`: in the file, but private). */
  readonly forkedFrom?: { readonly id: string; readonly card?: number; readonly unpublished?: true };
  /**
   * Its turns in order: every one without a window; in a window, those of its
   * turn window only (consecutive, from the first's `index`), each a
   * `KnownTurn` when the receiver named its key.
   */
  readonly turns: readonly (ReviewTurn | KnownTurn)[];
  /** Marks on the session's own fields (not in a turn). */
  readonly marks: readonly Mark[];
  /**
   * When `turns` are not all of them in full: the key of the card's outline
   * (its turns' lines and its marks, counted from its first line), and the
   * outline itself unless the receiver named that key: a keystroke in a turn
   * of a long session leaves it as it was, an Enter in the session does not.
   */
  readonly layoutKey?: string;
  readonly layout?: CardOutline;
}

/** A turn the receiver holds already under this key (see `ReviewInputs.knownTurns`). */
export interface KnownTurn {
  readonly known: string;
  readonly index: number;
}

/**
 * A card the receiver holds already under this key (see `ReviewInputs.known`),
 * at `line` now (its lines move by the difference, as a whole). In the window,
 * with the turns of its turn window the receiver may lack.
 */
export interface KnownCard {
  readonly known: string;
  readonly line: number;
  readonly turns?: readonly (ReviewTurn | KnownTurn)[];
}

/**
 * A card outside the window asked for (see `ReviewInputs.window`): where it
 * is, how many turns it has and where its marks are, without its content.
 * The page sizes its place on screen by it, finds the card and turn of a
 * source line and the next mark with it, and asks for the card when it
 * comes near the screen.
 */
export interface CardOutline {
  readonly outline: string;
  readonly index: number;
  readonly line: number;
  readonly endLine: number;
  readonly id: string;
  readonly private: boolean;
  /** Each turn's first and last line, in order (a turn's position is its index). */
  readonly turns: readonly (readonly [number, number])[];
  readonly marks: readonly { readonly kind: MarkKind; readonly line: number; readonly turn: number | null }[];
}

export interface ReviewCounts {
  readonly sessions: number;
  readonly public: number;
  readonly private: number;
  readonly turns: number;
  readonly secrets: number;
  readonly unlogged: number;
  readonly errors: number;
  readonly warnings: number;
}

/** Whether hand edits were compared with HEAD, and if not, why (restricted mode, not committed…). */
export type HeadComparison = { readonly kind: 'compared' } | { readonly kind: 'off'; readonly reason: string };

export interface ReviewHeader {
  readonly line: number;
  readonly branch?: Shown;
  readonly message?: Shown;
  /** `author_name`, else `author_username`; never `author_email`. */
  readonly author?: Shown;
  readonly username?: string;
  readonly counts: ReviewCounts;
  readonly head: HeadComparison;
}

export interface ReviewView {
  readonly header: ReviewHeader;
  /** In file order; a card whose key the receiver named as known is its key only, one outside the window its outline. */
  readonly cards: readonly (ReviewCard | KnownCard | CardOutline)[];
  /** Marks outside every session (`[commit]`, `[[edits]]`, a block that does not parse). */
  readonly marks: readonly Mark[];
  /** Only what the feed publishes: public sessions, no emails. */
  readonly published: boolean;
  /** A filter narrowed the cards (and the counts) to the sessions that pass it. */
  readonly filtered: boolean;
  /** Every tool the file's sessions call, sorted (what the tool filter offers). */
  readonly tools: readonly string[];
  /** The file does not parse at all (no commit or sessions could be read). */
  readonly unreadable: boolean;
}
