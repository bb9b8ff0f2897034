// The rendered previews, one per pack: opens (or reveals) a pack's preview
// beside it, restores previews after a window reload, and reports what
// each page put on screen to the extension's API.

import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { previewViewType } from '../commandIds';
import type { Environments } from '../environments';
import { nonceFrom, previewHtml } from './html';
import { PackPreview, type PreviewShown } from './packPreview';

export class PreviewManager implements vscode.Disposable {
  private readonly previews = new Map<string, PackPreview>();
  private readonly shown = new vscode.EventEmitter<PreviewShown>();
  private readonly subscriptions: vscode.Disposable[] = [this.shown];
  /** Fires each time a preview page reports what it put on screen. */
  readonly onDidShow = this.shown.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
    private readonly environments: Environments,
    private readonly baselinesChanged: vscode.Event<void>,
  ) {
    this.subscriptions.push(
      vscode.window.registerWebviewPanelSerializer(previewViewType, {
        deserializeWebviewPanel: async (panel, state: unknown) => {
          const packUri = (state as { packUri?: unknown } | undefined)?.packUri;
          if (typeof packUri !== 'string') {
            panel.dispose();
            return;
          }
          this.adopt(panel, vscode.Uri.parse(packUri));
        },
      }),
    );
  }

  /** Opens the pack's preview beside the active editor, or reveals it when it is open. */
  show(packUri: vscode.Uri): void {
    const existing = this.previews.get(packUri.toString());
    if (existing) {
      existing.reveal();
      return;
    }
    const panel = vscode.window.createWebviewPanel(previewViewType, vscode.l10n.t('Rendered prompt'), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, this.webviewOptions());
    this.adopt(panel, packUri);
  }

  /** The preview that has focus, if any. */
  active(): PackPreview | undefined {
    return [...this.previews.values()].find((p) => p.panel.active);
  }

  lastShown(packUri: string): PreviewShown | undefined {
    return this.previews.get(packUri)?.lastShown;
  }

  dispose(): void {
    for (const p of this.previews.values()) p.panel.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  private webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    const root = this.context.extensionUri;
    return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(root, 'dist'), vscode.Uri.joinPath(root, 'media')] };
  }

  private adopt(panel: vscode.WebviewPanel, packUri: vscode.Uri): void {
    const webview = panel.webview;
    webview.options = this.webviewOptions();
    webview.html = previewHtml({
      cspSource: webview.cspSource,
      nonce: nonceFrom(crypto.getRandomValues(new Uint8Array(32))),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'preview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'media', 'preview.css')).toString(),
      title: vscode.l10n.t('Rendered prompt'),
      rendering: vscode.l10n.t('Rendering…'),
    });
    const key = packUri.toString();
    const preview = new PackPreview(panel, packUri, this.client, this.environments, (s) => this.shown.fire(s), () => this.previews.delete(key), this.baselinesChanged);
    this.previews.set(key, preview);
  }
}

export function registerPreviews(context: vscode.ExtensionContext, client: LanguageClient, environments: Environments, baselinesChanged: vscode.Event<void>): PreviewManager {
  const manager = new PreviewManager(context, client, environments, baselinesChanged);
  context.subscriptions.push(manager);
  return manager;
}
