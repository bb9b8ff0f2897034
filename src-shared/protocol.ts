// Custom requests and notifications between the client and the server, in
// one place. Standard LSP covers the rest.

import type { EmptyPlaceholder, RenderSpan } from './pack/render';
import type { FixRequest } from './prompts/handEditsFixes';
import type { ProfileName } from './settings';
import type { Position, Range } from './text/range';

/** The configuration section the server asks the client for. */
export const settingsSection = 'packsAndPrompts';

/** Language ids contributed in package.json. */
export const languageIds = { pack: 'loom-pack', prompts: 'spec-prompts' } as const;

// ---------------------------------------------------------------------------
// Packs: the environment a pack renders against, its rendered prompt, and
// the figures the status bar shows.

/**
 * An environment as the client names it: a built-in preset or a workspace
 * `*.packenv.json` file. The client owns the list (it watches the files);
 * the server only renders against what it is sent, validating `fields`
 * again with the core's `environmentFromJson`.
 */
export interface EnvironmentRef {
  /** `preset:<id>` or `file:<uri>`: stable, so it can be remembered per pack. */
  readonly id: string;
  /** What the person picked from the list. */
  readonly label: string;
  /** The environment in the file form of FORMATS A.8 (`environmentToJson`). */
  readonly fields: unknown;
}

/**
 * Sent by the client when a pack opens and whenever its environment is
 * picked or the environment's file changes: hovers, completions, code
 * lenses and renders of that pack use it. Until told, the server uses the
 * first built-in preset.
 */
export const setEnvironmentNotification = 'packs/setEnvironment';

export interface SetEnvironmentParams {
  readonly uri: string;
  readonly environment: EnvironmentRef;
}

/**
 * Sent by the preview (and the compare view) for the prompt a pack renders
 * to, answered from the server's model of the document's current version,
 * so the preview shows exactly what the command line's `render` prints.
 * `environment` renders under another environment than the pack's own (the
 * compare view); `version` is the one the client last saw, for its logs:
 * the answer always carries the version it was computed from, and the
 * client drops answers older than what it shows.
 */
export const renderRequest = 'packs/render';

export interface RenderParams {
  readonly uri: string;
  readonly version?: number;
  readonly environment?: EnvironmentRef;
}

/** assess's split, in counts, plus the decoder's. */
export interface PackFigures {
  /** Corrupt lines (and whole-pack reports); when non-zero the pack does not decode and assess has not run. */
  readonly corruptions: number;
  readonly corrupting: number;
  readonly shaping: number;
  readonly scorable: boolean;
  readonly profile: ProfileName;
}

export interface RenderedSection {
  readonly name: string;
  readonly isFragment: boolean;
  /** 0-based line of its `%% section` directive. */
  readonly line: number;
  /** Last line it owns. */
  readonly endLine: number;
}

export interface RenderedPack {
  readonly kind: 'rendered';
  readonly uri: string;
  /** The editor's version of the document rendered (not the pack's own `%% version`). */
  readonly version: number;
  /** The pack's own `%% version` id. */
  readonly packVersion: string;
  readonly environment: { readonly id: string; readonly label: string };
  /** Byte for byte what `packs-and-prompts render` prints for the same pack and environment. */
  readonly text: string;
  readonly spans: readonly RenderSpan[];
  readonly sections: readonly RenderedSection[];
  readonly droppedSections: readonly string[];
  readonly emptyPlaceholders: readonly EmptyPlaceholder[];
  /** UTF-8 bytes of `text`. */
  readonly bytes: number;
  /** An estimate (`estimateTokens`), not any model's tokenizer. */
  readonly tokens: number;
  /** The pack source's digest: changes whenever the cached prefix may. */
  readonly digest: string;
  /** The digest of `text`. */
  readonly renderDigest: string;
  readonly figures: PackFigures;
  /** The render reached the core's length cap and `text` stops there. */
  readonly overflow: boolean;
  /** Things worth saying about this render (an enforcement posture the profile lacks). */
  readonly notes: readonly string[];
  /** `packsAndPrompts.pack.maxRenderBytes`: the largest render allowed, `null` when unchecked. */
  readonly budget: number | null;
  /** This render against the same environment's render of the pack as committed at HEAD (absent when not asked). */
  readonly baseline?: BaselineComparison;
}

/**
 * What an edit did to the cached prefix: the current render against the
 * render of the pack as committed at HEAD, for the same environment.
 */
export type BaselineComparison =
  | {
      readonly kind: 'compared';
      /** The render differs from HEAD's. */
      readonly changed: boolean;
      /** `%% version` at HEAD and now. */
      readonly headVersion: string;
      readonly version: string;
      readonly versionChanged: boolean;
      /** UTF-8 bytes the two renders share from the start (whole characters only). */
      readonly commonBytes: number;
      /** `commonBytes` over the current render's bytes: what a prefix cache could still reuse (1 when the render is empty). */
      readonly share: number;
      readonly headBytes: number;
      /** Where the current render first differs: absent when unchanged. */
      readonly firstDifference?: {
        /** 0-based line and UTF-16 column in the current render. */
        readonly line: number;
        readonly column: number;
        readonly text: string;
        readonly headText: string;
        /** The pack line that produced the current render there (0-based), and its section. */
        readonly source?: { readonly section: string; readonly line: number };
      };
    }
  | {
      readonly kind: 'off';
      /** Why there is no comparison: "the file is not committed at HEAD", "restricted mode: git is not run". */
      readonly reason: string;
    };

/** The pack does not decode: no render, and the first report, which is upstream's verdict. */
export interface CorruptPack {
  readonly kind: 'corrupt';
  readonly uri: string;
  readonly version: number;
  readonly digest: string;
  readonly figures: PackFigures;
  readonly corruption: {
    /** `expected …, got: …` as the diagnostics say it. */
    readonly message: string;
    /** The one-line form upstream logs (`corruption at prompt/pack.decode (line 3): …`). */
    readonly report: string;
    readonly range: Range;
  };
}

export type RenderResult = RenderedPack | CorruptPack;

/**
 * Sent by the client's status bar when a pack becomes the active editor and
 * when its diagnostics change: the split at a glance, from the same model
 * the diagnostics came from. `null` for a document the server does not have.
 */
export const summaryRequest = 'packs/summary';

export interface SummaryParams {
  readonly uri: string;
}

export interface PackSummary {
  readonly uri: string;
  readonly version: number;
  readonly digest: string;
  readonly figures: PackFigures;
  readonly environment: { readonly id: string; readonly label: string };
}

/**
 * Sent by the client at start and whenever the workspace's `*.packenv.json`
 * files change: every valid one (the same refs the picker offers). The
 * server judges each pack's render discipline (an unversioned render
 * change, the byte budget) in these and the built-in presets.
 */
export const workspaceEnvironmentsNotification = 'packs/workspaceEnvironments';

export interface WorkspaceEnvironmentsParams {
  readonly environments: readonly EnvironmentRef[];
}

/**
 * Sent by the client's HEAD-vs-current diff for its left side: the pack as
 * committed at HEAD, rendered for an environment (the pack's own when
 * absent). Same git rules as hand edits: nothing while untrusted.
 */
export const renderCommittedRequest = 'packs/renderCommitted';

export interface RenderCommittedParams {
  readonly uri: string;
  readonly environment?: EnvironmentRef;
}

export type CommittedRender =
  | { readonly kind: 'committed'; readonly text: string; readonly version: string; readonly environment: { readonly id: string; readonly label: string } }
  | { readonly kind: 'off'; readonly reason: string };

/**
 * Sent by the server when what packs are compared with may have changed
 * (HEAD moved, the workspace became trusted): previews and HEAD renders
 * ask again.
 */
export const baselinesChangedNotification = 'packs/baselinesChanged';

/** Client-side commands the server names in code lenses. */
export const clientCommands = {
  /** VS Code's own: reveals the Problems panel. */
  showProblems: 'workbench.actions.view.problems',
  /** Ours: opens the rendered preview of the pack whose uri is the argument (or the active one). */
  showPreviewToSide: 'packsAndPrompts.showPreviewToSide',
} as const;

// ---------------------------------------------------------------------------
// Hand edits in `.prompts` files (FORMATS.md B.5).

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

/** Commands contributed in package.json for `.prompts` editors. */
export const handEditCommands = {
  redactSelection: 'packsAndPrompts.redactSelection',
  recordAllEdits: 'packsAndPrompts.recordAllEdits',
  makeSessionPrivate: 'packsAndPrompts.makeSessionPrivate',
} as const;

// ---------------------------------------------------------------------------
// Measurement.

/**
 * Client -> server request (sent by the benchmark and the scheduling tests,
 * not by the extension): how the last validation of each open document went,
 * which validations are under way, and the server's memory.
 */
export const validationStatsRequest = 'packs/validationStats';

/** One validation, as the server timed it; times in milliseconds. */
export interface ValidationStats {
  readonly version: number;
  /** The model was updated from the previous version's (`incremental`) or parsed whole (`full`). */
  readonly model: 'incremental' | 'full';
  /** Applying the last change notification to the document. */
  readonly updateMs: number;
  /** Updating or parsing the model (the steps only, not the pauses between them). */
  readonly modelMs: number;
  /** Checking the model into findings. */
  readonly checkMs: number;
  /** Turning findings into diagnostics and sending them. */
  readonly publishMs: number;
  /** The server's own work for this version: update, model, check and publish. */
  readonly serverMs: number;
  /** From the start of the validation to the diagnostics sent, pauses for other work included. */
  readonly wallMs: number;
  /** From the change (or open) that made this version to the diagnostics sent: the debounce, waits and work. */
  readonly latencyMs: number;
  /** How many times the validation gave the event loop back before it finished. */
  readonly yields: number;
}

export interface ValidationStatsResult {
  readonly pid: number;
  /** `process.memoryUsage()` of the server. */
  readonly memory: { readonly rss: number; readonly heapTotal: number; readonly heapUsed: number; readonly external: number; readonly arrayBuffers: number };
  /** Validations under way: the document, its version, and how many times the validation has given the event loop back so far. */
  readonly validating: readonly { readonly uri: string; readonly version: number; readonly yields: number }[];
  readonly documents: Readonly<Record<string, ValidationStats>>;
}
