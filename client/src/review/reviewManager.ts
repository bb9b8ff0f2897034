// The Session Reviews, one per `.prompts` file: opens (or reveals) a file's
// review beside it, restores reviews after a window reload, and reports
// what each page put on screen to the extension's API.

import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { languageIds } from '../../../src-shared/protocol/common';
import type { DriveStep, ReviewReport } from '../../../src-shared/prompts/review/messages';
import { reviewCommands, reviewViewType } from '../commandIds';
import { nonceFrom, previewHtml } from '../preview/html';
import { ReviewPanel } from './reviewPanel';
import { exportPublishedMarkdown, type ExportTarget } from './exportMarkdown';

export class ReviewManager implements vscode.Disposable {
  private readonly panels = new Map<string, ReviewPanel>();
  private readonly reported = new vscode.EventEmitter<{ uri: string; report: ReviewReport }>();
  private readonly subscriptions: vscode.Disposable[] = [this.reported];
  /** Fires each time a review page reports what it put on screen. */
  readonly onDidReport = this.reported.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
    private readonly baselinesChanged: vscode.Event<void>,
  ) {
    this.subscriptions.push(
      vscode.window.registerWebviewPanelSerializer(reviewViewType, {
        deserializeWebviewPanel: async (panel, state: unknown) => this.restore(panel, state),
      }),
      vscode.commands.registerCommand(reviewCommands.openToSide, (uri?: vscode.Uri) => this.open(uri, vscode.ViewColumn.Beside)),
      vscode.commands.registerCommand(reviewCommands.open, (uri?: vscode.Uri) => this.open(uri, vscode.ViewColumn.Active)),
      vscode.commands.registerCommand(reviewCommands.exportPublished, (uri?: vscode.Uri, to?: ExportTarget) => this.exportPublished(uri, to)),
    );
  }

  /** Exports `uri` (else the active `.prompts` editor's file, else the active review's) as published Markdown. */
  private async exportPublished(uri: vscode.Uri | undefined, to: ExportTarget | undefined): Promise<string | undefined> {
    const target = uri instanceof vscode.Uri ? uri : this.targetOf();
    if (!target) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Open a .prompts file first.'));
      return undefined;
    }
    const done = await exportPublishedMarkdown(this.client, target, to === 'file' || to === 'clipboard' ? to : undefined);
    return done === undefined ? undefined : done.toString();
  }

  /** The active `.prompts` editor's file, else the file of the review that is active. */
  private targetOf(): vscode.Uri | undefined {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId === languageIds.prompts) return editor.document.uri;
    for (const p of this.panels.values()) if (p.panel.active) return p.uri;
    return undefined;
  }

  /** Opens the review of `uri` (else of the active `.prompts` editor), or reveals it when it is open. */
  open(uri: vscode.Uri | undefined, column: vscode.ViewColumn): boolean {
    const editor = vscode.window.activeTextEditor;
    const target = uri instanceof vscode.Uri ? uri : editor?.document.languageId === languageIds.prompts ? editor.document.uri : undefined;
    if (!target) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Open a .prompts file first.'));
      return false;
    }
    const existing = this.panels.get(target.toString());
    if (existing) {
      existing.reveal();
      return true;
    }
    const panel = this.createPanel(column);
    this.adopt(panel, target);
    return true;
  }

  /** A panel VS Code brings back after a window reload, with the state its page saved: the review of that file again. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    const uri = (state as { uri?: unknown } | undefined)?.uri;
    if (typeof uri !== 'string') {
      panel.dispose();
      return;
    }
    this.adopt(panel, vscode.Uri.parse(uri));
  }

  /**
   * What a window reload does to the review of `uri`, for the desktop end-to-end tests, whose run a real
   * reload would end (the browser pass makes a real one: test/e2e/suite/windowReload.test.ts): the panel
   * goes, and a new one of the same type is handed to the serializer's `restore` with the state its page
   * saved. False when no review of `uri` is open or its page saved nothing.
   */
  reload(uri: string): boolean {
    const review = this.panels.get(uri);
    const state = review?.lastReport?.state;
    if (!review || state === undefined) return false;
    const column = review.panel.viewColumn ?? vscode.ViewColumn.Beside;
    review.panel.dispose();
    const panel = this.createPanel(column);
    this.restore(panel, state);
    return true;
  }

  lastReport(uri: string): ReviewReport | undefined {
    return this.panels.get(uri)?.lastReport;
  }

  drive(uri: string, step: DriveStep): boolean {
    const panel = this.panels.get(uri);
    panel?.drive(step);
    return panel !== undefined;
  }

  dispose(): void {
    for (const p of this.panels.values()) p.panel.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  /** A new, empty Session Review panel in `column` (opened, or standing in for one a reload brings back). */
  private createPanel(column: vscode.ViewColumn): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel(reviewViewType, vscode.l10n.t('Session Review'), { viewColumn: column, preserveFocus: true }, this.webviewOptions());
  }

  private webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    const root = this.context.extensionUri;
    return { enableScripts: true, enableFindWidget: true, localResourceRoots: [vscode.Uri.joinPath(root, 'dist'), vscode.Uri.joinPath(root, 'media')] };
  }

  private adopt(panel: vscode.WebviewPanel, uri: vscode.Uri): void {
    const webview = panel.webview;
    webview.options = this.webviewOptions();
    webview.html = previewHtml({
      cspSource: webview.cspSource,
      nonce: nonceFrom(crypto.getRandomValues(new Uint8Array(32))),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'review.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'media', 'review.css')).toString(),
      title: vscode.l10n.t('Session Review'),
    });
    const key = uri.toString();
    const review: ReviewPanel = new ReviewPanel(
      panel,
      uri,
      this.client,
      (u, report) => this.reported.fire({ uri: u, report }),
      // Only if it is still this file's review: a restored one may have taken its place.
      () => this.panels.get(key) === review && this.panels.delete(key),
      this.baselinesChanged,
    );
    this.panels.set(key, review);
  }
}

export function registerReviews(context: vscode.ExtensionContext, client: LanguageClient, baselinesChanged: vscode.Event<void>): ReviewManager {
  const manager = new ReviewManager(context, client, baselinesChanged);
  context.subscriptions.push(manager);
  return manager;
}
