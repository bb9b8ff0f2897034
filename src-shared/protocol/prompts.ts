// Custom requests and notifications of `.prompts` files between the client
// and the server: hand edits (FORMATS.md B.5), the git folders to watch, and
// the fixes the client applies as versioned edits, and the Session Review's
// view model. Standard LSP covers the rest.

import type { FixRequest } from '../prompts/handEdits/fixes';
import type { ReviewView } from '../prompts/review/view';
import type { SearchOutcome } from '../prompts/review/search';
import type { ReviewFilter } from '../prompts/review/filter';
import type { ReviewWindow } from '../prompts/review/build';
import type { Position, Range } from '../text/range';

/** Client -> server, in `initializationOptions`: whether the workspace is trusted (git runs only if so). */
export interface HandEditInitializationOptions {
  readonly workspaceTrusted?: boolean;
}

/** Client -> server notification: the user granted workspace trust; git may run now. */
export const workspaceTrustedNotification = 'packs/workspaceTrusted';

/** Server -> client notification: the git folders whose HEAD and refs to watch (the full set, each time it changes). */
export const watchGitNotification = 'packs/handEdits/watchGit';

export interface WatchedRepository {
  /** Absolute path of the folder holding HEAD. */
  readonly gitDir: string;
  /** Absolute path of the folder holding refs and packed-refs. */
  readonly commonDir: string;
  /** The branch HEAD points at, e.g. `refs/heads/main`; absent when detached. */
  readonly headRef?: string;
}

export interface WatchGitParams {
  readonly repositories: readonly WatchedRepository[];
}

/** Client -> server notification: a watched HEAD, ref or packed-refs changed (a commit, checkout, reset...). */
export const gitHeadMovedNotification = 'packs/handEdits/headMoved';

/** Server -> client notification: whether hand edits are checked for a document, and the status bar's line. */
export const handEditStatusNotification = 'packs/handEdits/status';

export interface HandEditStatusParams {
  readonly uri: string;
  readonly version: number;
  /** `checked`, `unlogged` (some edit is not recorded) or `off`. */
  readonly state: 'checked' | 'unlogged' | 'off';
  /** One line: "Hand edits: 2 unlogged", "Hand edits off: the file is not committed at HEAD". */
  readonly text: string;
}

/**
 * Client -> server request, sent by the client command the hand-edit code
 * actions and commands run: computes one fix on the document version the
 * client saw. LSP 3.17 code actions cannot carry snippets, so the server
 * answers with text edits and the `[[edits]]` entry as a snippet, and the
 * client applies both as one workspace edit, refusing if the document has
 * moved past `version`.
 */
export const handEditFixRequest = 'packs/handEdits/fix';

/** A fix as `computeFix` takes it, or "record every unlogged edit" (which the server resolves). */
export type HandEditFixKind = FixRequest | { readonly kind: 'recordAll' };

export interface HandEditFixParams {
  readonly uri: string;
  readonly version: number;
  readonly fix: HandEditFixKind;
}

export type HandEditFixResult =
  | {
      readonly ok: true;
      /** The document version the edits are for. */
      readonly version: number;
      readonly edits: readonly { readonly range: Range; readonly newText: string }[];
      /** The `[[edits]]` entry: a snippet to insert at `position`. */
      readonly entry?: { readonly position: Position; readonly snippet: string };
    }
  | { readonly ok: false; readonly message: string };

/** The client command every hand-edit code action runs, with one `HandEditFixParams`. */
export const applyHandEditFixCommand = 'packsAndPrompts.applyHandEditFix';

/**
 * The client command a hand-edit warning's "Compare with HEAD" action runs
 * (and its hover links to), with one `CompareValueParams`: VS Code's diff
 * of the value as committed and as it is now.
 */
export const compareValueWithHeadCommand = 'packsAndPrompts.compareValueWithHead';

export interface CompareValueParams {
  readonly uri: string;
  /** The document version `range` is a range of. */
  readonly version: number;
  /** The value now. */
  readonly range: Range;
  /** Its TOML text at HEAD. */
  readonly committed: string;
  /** "`text` of turn 0 changed". */
  readonly what: string;
}

/** Commands contributed in package.json for `.prompts` editors. */
export const handEditCommands = {
  redactSelection: 'packsAndPrompts.redactSelection',
  recordAllEdits: 'packsAndPrompts.recordAllEdits',
  makeSessionPrivate: 'packsAndPrompts.makeSessionPrivate',
} as const;


// ---------------------------------------------------------------------------
// The Session Review (client/src/review): a reader's view of a `.prompts` file.

/**
 * Client -> server request, sent by the Session Review whenever its
 * document, HEAD or the "as published" switch changes: the view model of
 * the document's current version (src-shared/prompts/review/view.ts), with
 * its validation and hand-edit marks. `known` lists the card keys the
 * client holds: those cards come back as `{ known: key }` only, so a
 * keystroke in a 6 MB file sends one card, not all of them. `window` names
 * the positions `[from, to)` among the shown cards the client needs whole
 * (those near the screen); the others come as outlines (where they are,
 * their turns' lines, their marks), so opening a 6 MB file does not send
 * all of it; `outlined` names the keys the client holds outlines of, which
 * outside the window come back as `{ known, line }` too. Of a card in the
 * window only its turn window is built (`window.turns`, else its first 40
 * turns), with its outline (`layout`) for the others, so a session of
 * 10,000 turns costs a screen's worth. No key names a line: after an Enter
 * the client gets the keys it holds back with each card's new first line.
 * Without `window` every card is built whole. The answer
 * carries the version it was computed from; `null` for a document the
 * server does not have, or one too large or binary to read.
 */
export const reviewRequest = 'packs/prompts/review';

export interface ReviewParams {
  readonly uri: string;
  readonly published: boolean;
  readonly known?: readonly string[];
  readonly outlined?: readonly string[];
  /** The turn keys the client holds (of the cards in the window): those turns come back as `{ known, index }`. */
  readonly knownTurns?: readonly string[];
  /** The outline keys (`layoutKey`) the client holds: a partial card whose outline is one of them comes without it. */
  readonly knownLayouts?: readonly string[];
  /** With `turns`: of each card built, the turns to build (by the card's position; else its first 40). */
  readonly window?: ReviewWindow;
  /** Only the sessions that pass (src-shared/prompts/review/filter.ts); the header's counts are theirs. */
  readonly filter?: ReviewFilter;
}

export interface ReviewResult extends ReviewView {
  readonly uri: string;
  readonly version: number;
}

/**
 * Client -> server request, sent by the Session Review's search box: the
 * places of the document's current version that hold `query`
 * (src-shared/prompts/review/search.ts: the whole file, not only what the
 * page built; masked secrets never match), private sessions left out when
 * `published`. `null` as for `packs/prompts/review`.
 */
export const reviewSearchRequest = 'packs/prompts/reviewSearch';

export interface ReviewSearchParams {
  readonly uri: string;
  readonly query: string;
  readonly published: boolean;
}

export interface ReviewSearchResult extends SearchOutcome {
  readonly uri: string;
  readonly version: number;
  readonly query: string;
}

/**
 * Client -> server request, sent by "Export as Published Markdown": what a
 * public feed would show of the document's current version, as Markdown
 * (src-shared/prompts/review/markdown.ts, the text the command line's
 * `review --published --format markdown` prints). `null` for a document the
 * server does not have, one too large or binary to read, or one that does
 * not parse at all.
 */
export const publishedMarkdownRequest = 'packs/prompts/publishedMarkdown';

export interface PublishedMarkdownParams {
  readonly uri: string;
}

export interface PublishedMarkdownResult {
  readonly uri: string;
  readonly version: number;
  readonly markdown: string;
  /** How many sessions it holds (the public ones). */
  readonly sessions: number;
}

// ---------------------------------------------------------------------------
// The bundle (FORMATS.md B.7): the rules across a `prompts/` folder's files.

/**
 * Server -> client notification: which files the bundle rules (FORMATS.md
 * B.7) checked a `.prompts` document against, for the status bar: every
 * `.prompts` file of its bundle, or (restricted mode) the open ones only.
 * `scope` is `none` for a file under no `prompts/` folder.
 */
export const bundleStatusNotification = 'packs/bundle/status';

export interface BundleStatusParams {
  readonly uri: string;
  readonly version: number;
  readonly scope: 'workspace' | 'openFiles' | 'none';
  /** One line: "Bundle: 12 files", "Bundle: open files only (restricted mode)". */
  readonly text: string;
}
