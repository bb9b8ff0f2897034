// The messages between the rendered preview's webview and the extension
// host, as one discriminated union each way. The webview is a separate
// bundle (dist/preview.js) that only ever puts this data into the page as
// text.

import type { RenderedPack, RenderTokens } from './protocol/pack';
import type { Range } from './text/range';

/** The pack does not decode (any more): upstream's report for its first corrupt line. */
export interface PreviewProblem {
  readonly version: number;
  readonly message: string;
  readonly report: string;
  readonly range: Range;
}

/** Everything the preview shows. */
export interface PreviewState {
  readonly packUri: string;
  /** The pack's file name, for the header. */
  readonly packName: string;
  /** The last good render: kept, marked stale, while the pack does not decode. */
  readonly rendered: RenderedPack | undefined;
  /** Set while the pack's current version does not decode. */
  readonly problem: PreviewProblem | undefined;
  /** The tokens of `rendered` (same render digest), once counted; until then the page shows the estimate. */
  readonly tokens?: Exclude<RenderTokens, { kind: 'superseded' }>;
}

export type HostToPreview =
  | { readonly type: 'show'; readonly state: PreviewState }
  /** The cursor in the pack moved: light up what `line` produced (all of `section` when the cursor is on its directive). */
  | { readonly type: 'highlight'; readonly line: number | null; readonly section: string | null }
  /** Asks for a `reveal` of the source of the current selection in the preview. */
  | { readonly type: 'revealSelection' };

export type PreviewToHost =
  | { readonly type: 'ready' }
  /**
   * Sent after each `show`: the text on screen, read back from the page, for
   * tests and the extension's API (`baseline`: what the page says about the
   * render against HEAD's, `null` when it says nothing; `tags`: every kind
   * of element the page holds, so a test sees that content never became markup).
   */
  | {
      readonly type: 'shown';
      readonly renderVersion: number | null;
      readonly stale: boolean;
      readonly text: string;
      readonly baseline: string | null;
      readonly tags: readonly string[];
    }
  /** Jump to this 0-based line of the pack. */
  | { readonly type: 'reveal'; readonly line: number }
  | { readonly type: 'pickEnvironment' }
  | { readonly type: 'compare' }
  /** Open the diff of HEAD's render and the current one. */
  | { readonly type: 'compareHead' }
  /** The render was cut (`RenderedPack.shown`): show four times as much. */
  | { readonly type: 'showMore' };
