// One rendered preview: a webview panel beside a pack. It renders at once,
// then again (throttled, coalesced, never older than what is shown) as the
// pack, its environment or HEAD changes; keeps the last good render, marked
// stale, while the pack does not decode; jumps to the pack line a click
// came from; and lights up what the line under the pack's cursor produced.

import { baseName } from '../../../src-shared/text/uriPath';
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import type { HostToPreview, PreviewState, PreviewToHost } from '../../../src-shared/previewMessages';
import { renderRequest, tokensRequest, type RenderedPack, type RenderParams, type RenderResult, type RenderTokens, type TokensParams } from '../../../src-shared/protocol/pack';
import { packCommands } from '../commandIds';
import type { Environments } from '../environments';
import { RenderScheduler } from './renderScheduler';
import { expandProvenance, previewChars } from '../../../src-shared/pack/renderWindow';
import { revealSourceLine } from './revealLine';

/** What the page last put on screen, read back from it. */
export interface PreviewShown {
  readonly packUri: string;
  /** The document version of the render on screen; `null` before any render decoded. */
  readonly renderVersion: number | null;
  readonly environmentId: string | undefined;
  readonly stale: boolean;
  readonly text: string;
  /** What the page says about the render against HEAD's ("Changed since HEAD · common prefix …"), `null` when nothing. */
  readonly baseline: string | null;
  /** Every kind of element in the page (`PRE`, `SPAN`, …): content never adds one. */
  readonly tags: readonly string[];
}

/** Time between two renders while the author types. */
const throttleMs = 120;

export class PackPreview implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly scheduler: RenderScheduler<RenderResult>;
  private state: PreviewState;
  private ready = false;
  private disposed = false;
  /** How much of the render the page asks for; "Show more" raises it. */
  private maxChars = previewChars;
  lastShown: PreviewShown | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly packUri: vscode.Uri,
    private readonly client: LanguageClient,
    private readonly environments: Environments,
    private readonly onShown: (shown: PreviewShown) => void,
    onDisposed: () => void,
    baselinesChanged: vscode.Event<void>,
  ) {
    const key = packUri.toString();
    this.state = { packUri: key, packName: baseName(packUri.path), rendered: undefined, problem: undefined };
    this.scheduler = new RenderScheduler<RenderResult>({
      render: () => this.render(),
      versionOf: (r) => r.version,
      show: (r) => this.show(r),
      cooldown: () => new Promise((resolve) => setTimeout(resolve, throttleMs)),
      onError: (e) => this.client.error(vscode.l10n.t('Rendering {0} failed', key), e),
    });
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((m: PreviewToHost) => this.receive(m)),
      panel.onDidDispose(() => {
        this.dispose();
        onDisposed();
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === key && e.contentChanges.length > 0) this.scheduler.request();
      }),
      environments.onDidChange(() => this.scheduler.request()),
      // HEAD moved (a commit, a checkout) or git may run now: the comparison changes, the text does not.
      baselinesChanged(() => this.scheduler.request()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('packsAndPrompts')) this.scheduler.request();
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor.document.uri.toString() === key) this.highlight(e.selections[0]?.active.line);
      }),
    );
    this.scheduler.request();
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  /** Asks the page for the pack line behind its selection, then jumps there. */
  revealSelectionSource(): void {
    this.post({ type: 'revealSelection' });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.scheduler.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  private async render(): Promise<RenderResult | undefined> {
    // The server only knows open documents; opening is a no-op when it already is.
    const document = await vscode.workspace.openTextDocument(this.packUri);
    const params: RenderParams = { uri: this.packUri.toString(), version: document.version, environment: this.environments.current(this.packUri.toString()), maxChars: this.maxChars };
    const result = (await this.client.sendRequest<RenderResult | null>(renderRequest, params)) ?? undefined;
    // The page reads spans; the server sent the shown part's provenance compactly.
    return result?.kind === 'rendered' && result.provenance ? { ...result, spans: expandProvenance(result.provenance), provenance: undefined } : result;
  }

  private show(result: RenderResult): void {
    const tokens = result.kind === 'rendered' && this.state.tokens?.kind === 'counted' && this.state.tokens.renderDigest === result.renderDigest ? this.state.tokens : undefined;
    this.state =
      result.kind === 'rendered'
        ? { ...this.state, rendered: result, problem: undefined, tokens }
        : { ...this.state, problem: { version: result.version, ...result.corruption } };
    this.panel.title = vscode.l10n.t('Rendered: {0}', this.state.packName);
    this.post({ type: 'show', state: this.state });
    if (result.kind === 'rendered' && !tokens) void this.countTokens(result);
  }

  // After the render is on screen: the server counts it in slices and keeps the count per render digest.
  private async countTokens(rendered: RenderedPack): Promise<void> {
    const params: TokensParams = { uri: this.packUri.toString(), environment: this.environments.current(this.packUri.toString()), renderDigest: rendered.renderDigest };
    let answer: RenderTokens | null;
    try {
      answer = await this.client.sendRequest<RenderTokens | null>(tokensRequest, params);
    } catch (e) {
      this.client.error(vscode.l10n.t('Counting the tokens of {0} failed', params.uri), e);
      return;
    }
    if (!answer || answer.kind === 'superseded' || this.disposed || this.state.rendered !== rendered) return;
    this.state = { ...this.state, tokens: answer };
    this.post({ type: 'show', state: this.state });
  }

  private receive(message: PreviewToHost): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.post({ type: 'show', state: this.state });
        return;
      case 'shown':
        this.lastShown = {
          packUri: this.state.packUri,
          renderVersion: message.renderVersion,
          environmentId: this.state.rendered?.environment.id,
          stale: message.stale,
          text: message.text,
          baseline: message.baseline,
          tags: message.tags,
        };
        this.onShown(this.lastShown);
        return;
      case 'reveal':
        void revealSourceLine(this.packUri, message.line);
        return;
      case 'pickEnvironment':
        void this.environments.pick(this.state.packUri);
        return;
      case 'compare':
        void vscode.commands.executeCommand(packCommands.compareEnvironments, this.packUri);
        return;
      case 'compareHead':
        void vscode.commands.executeCommand(packCommands.compareWithHead, this.packUri);
        return;
      case 'showMore':
        this.maxChars *= 4;
        this.scheduler.request();
        return;
    }
  }

  private post(message: HostToPreview): void {
    if (this.ready && !this.disposed) void this.panel.webview.postMessage(message);
  }

  private highlight(line: number | undefined): void {
    const rendered: RenderedPack | undefined = this.state.rendered;
    if (line === undefined || !rendered) return;
    const section = rendered.sections.find((s) => s.line === line);
    this.post({ type: 'highlight', line, section: section?.name ?? null });
  }

}
