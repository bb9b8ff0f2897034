// What the extension returns from `activate`: a small window onto what the
// pack views show, which the end-to-end tests read (the preview's text as
// its page put it on screen, the status bar's split, the Session Review's
// report, a way to take steps in the review page, and how often the
// language server has started).

import type * as vscode from 'vscode';
import type { PreviewShown } from './preview/packPreview';
import type { PreviewManager } from './preview/previewManager';
import type { BundleStatusParams, HandEditStatusParams } from '../../src-shared/protocol/prompts';
import type { DocumentStatusItem } from './prompts/documentStatus';
import type { PackStatusBar } from './statusBar';
import type { ReviewManager } from './review/reviewManager';
import type { DriveStep, ReviewReport } from '../../src-shared/prompts/review/messages';

export interface PacksApi {
  /** What the preview of `packUri` last put on screen, or `undefined` when it has none. */
  previewShown(packUri: string): PreviewShown | undefined;
  /** Fires each time a preview page reports what it put on screen. */
  readonly onDidShowPreview: vscode.Event<PreviewShown>;
  /** The assess item's text while a pack is the active editor. */
  statusBarText(): string | undefined;
  /** What the Session Review of `uri` last reported putting on screen, or `undefined` when none is open. */
  reviewShown(uri: string): ReviewReport | undefined;
  /** Takes one step in the review page of `uri` through its own handlers (end-to-end tests); false when none is open. */
  reviewDrive(uri: string, step: DriveStep): boolean;
  /** Does to the review of `uri` what a window reload does (a new panel restored from its page's saved state); false when none is open. */
  reviewReload(uri: string): boolean;
  /** The hand-edit verdict the server last sent for the `.prompts` file `uri` (its version, state and line). */
  handEditStatus(uri: string): HandEditStatusParams | undefined;
  /** The bundle item's text while a `.prompts` file is the active editor. */
  bundleStatusText(): string | undefined;
  /** How many times the language client has reached Running: 1 after activation, one more for each restart of the server. */
  serverStarts(): number;
}

export function packsApi(
  previews: PreviewManager,
  statusBar: PackStatusBar,
  reviews: ReviewManager,
  bundleStatus: DocumentStatusItem<BundleStatusParams>,
  handEditStatus: DocumentStatusItem<HandEditStatusParams>,
  serverStarts: () => number,
): PacksApi {
  return {
    serverStarts,
    reviewShown: (uri) => reviews.lastReport(uri),
    reviewDrive: (uri, step) => reviews.drive(uri, step),
    reviewReload: (uri) => reviews.reload(uri),
    bundleStatusText: () => bundleStatus.text,
    handEditStatus: (uri) => handEditStatus.statusOf(uri),
    previewShown: (packUri) => previews.lastShown(packUri),
    onDidShowPreview: previews.onDidShow,
    statusBarText: () => statusBar.text,
  };
}
