// Custom requests and notifications of prompt packs between the client and
// the server: the environment a pack renders against, its rendered prompt,
// the figures the status bar shows, and its comparison with HEAD. Standard
// LSP covers the rest.

import type { EmptyPlaceholder, RenderSpan } from '../pack/render';
import type { ProfileName } from '../settings';
import type { Range } from '../text/range';
import type { TokenCache } from '../pack/tokens/cache';
import type { TokenizerName } from '../pack/tokens/tokenizers';

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
  /**
   * Sent by the preview: at most this many characters of the render in
   * `text` (cut at the end of a line), its provenance in `provenance`
   * instead of `spans`, and `shown` saying how much that is. The figures,
   * bytes, tokens and digests are always of the whole render. Absent: the
   * whole text with `spans` (the compare views diff it whole).
   */
  readonly maxChars?: number;
}

/** How much of the render a windowed answer (`RenderParams.maxChars`) holds. */
export interface RenderWindow {
  /** Characters (UTF-16) and lines of the render in `text`. */
  readonly chars: number;
  readonly lines: number;
  /** The same of the whole render. */
  readonly totalChars: number;
  readonly totalLines: number;
}

/**
 * The spans of a windowed answer, compact: four numbers per span (start,
 * end, the index of its section in `sections`, its 0-based pack line).
 */
export interface CompactProvenance {
  readonly sections: readonly string[];
  readonly spans: readonly number[];
}

/** assess's split, in counts, plus the decoder's. */
export interface PackFigures {
  /** Corrupt lines (and whole-pack reports); when non-zero the pack does not decode and assess has not run. */
  readonly corruptions: number;
  readonly corrupting: number;
  readonly shaping: number;
  readonly scorable: boolean;
  readonly profile: ProfileName;
  /** Why that profile: `loom-roster (the pack's \`%% # profile:\` comment)`, or the fallback's reason. */
  readonly profileNote?: string;
  /** The requested profile could not be used, so the default judged the pack. */
  readonly profileFallback?: boolean;
  /** The enforcement postures that profile knows: an environment with another renders `{enforcement}` empty. */
  readonly postures?: readonly string[];
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
  /** UTF-8 bytes of the whole render (of `text`, unless `shown` says it is a part). */
  readonly bytes: number;
  /** An estimate (`estimateTokens`), not any model's tokenizer: shown until `packs/tokens` answers with the count. */
  readonly tokens: number;
  /** The pack source's digest: changes whenever the cached prefix may. */
  readonly digest: string;
  /** The digest of the whole render. */
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
  /** Set when the request asked for a window (`maxChars`): how much of the render `text` holds. */
  readonly shown?: RenderWindow;
  /** Set with `shown`: the provenance of `text` (then `spans` is empty). */
  readonly provenance?: CompactProvenance;
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

/**
 * Sent by the preview after each render it shows: the render's tokens, for
 * the tokenizer of `packsAndPrompts.pack.tokenizer`, whole and per section,
 * and against HEAD's render what the provider's cache keeps. Counted after
 * the render is on screen, in slices that give the server's event loop
 * back, and kept per render digest, so a 20 MB render is counted once and
 * never slows the preview or a keystroke. A newer request for the same
 * pack ends the count under way (answered `superseded`).
 */
export const tokensRequest = 'packs/tokens';

export interface TokensParams {
  readonly uri: string;
  readonly environment?: EnvironmentRef;
  /** The render digest the preview shows: an answer for another render is not sent. */
  readonly renderDigest: string;
}

export type RenderTokens =
  | {
      readonly kind: 'counted';
      readonly uri: string;
      readonly renderDigest: string;
      readonly tokenizer: TokenizerName;
      /** Counted by the provider's own encoding; otherwise an estimate, made as `method` says. */
      readonly exact: boolean;
      readonly method?: string;
      readonly tokens: number;
      /** Per section or fragment, in render order. */
      readonly sections: readonly { readonly section: string; readonly tokens: number }[];
      /** Against HEAD's render for the same environment, or why there is none. */
      readonly cache: ({ readonly kind: 'compared' } & TokenCache) | { readonly kind: 'off'; readonly reason: string };
    }
  /** The render moved on (a newer digest), or a newer request took over. */
  | { readonly kind: 'superseded'; readonly uri: string }
  /** No count: the tokenizer could not be loaded here (the reason says why). */
  | { readonly kind: 'unavailable'; readonly uri: string; readonly reason: string };

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
 * Sent by the client at start and whenever a `*.loomprofile.json` in the
 * workspace changes (on disk, or in its editor): every such file's text.
 * The server reads each into a profile (or its errors) and judges every
 * pack again, since the setting or a pack's `%% # profile:` comment may
 * name one.
 */
export const workspaceProfilesNotification = 'packs/workspaceProfiles';

export interface WorkspaceProfileFile {
  readonly uri: string;
  /** Workspace-relative, as the setting names it. */
  readonly path: string;
  readonly text: string;
}

export interface WorkspaceProfilesParams {
  readonly files: readonly WorkspaceProfileFile[];
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

