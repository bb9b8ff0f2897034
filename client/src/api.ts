// What the extension returns from `activate`: a small window onto what the
// pack views show, which the end-to-end tests read (the preview's text as
// its page put it on screen, the status bar's split).

import type * as vscode from 'vscode';
import type { PreviewShown } from './preview/packPreview';
import type { PreviewManager } from './preview/previewManager';
import type { BundleStatusParams } from '../../src-shared/protocol/prompts';
import type { DocumentStatusItem } from './prompts/documentStatus';
import type { PackStatusBar } from './statusBar';

export interface PacksApi {
  /** What the preview of `packUri` last put on screen, or `undefined` when it has none. */
  previewShown(packUri: string): PreviewShown | undefined;
  /** Fires each time a preview page reports what it put on screen. */
  readonly onDidShowPreview: vscode.Event<PreviewShown>;
  /** The assess item's text while a pack is the active editor. */
  statusBarText(): string | undefined;
  /** The bundle item's text while a `.prompts` file is the active editor. */
  bundleStatusText(): string | undefined;
}

export function packsApi(previews: PreviewManager, statusBar: PackStatusBar, bundleStatus: DocumentStatusItem<BundleStatusParams>): PacksApi {
  return {
    bundleStatusText: () => bundleStatus.text,
    previewShown: (packUri) => previews.lastShown(packUri),
    onDidShowPreview: previews.onDidShow,
    statusBarText: () => statusBar.text,
  };
}
