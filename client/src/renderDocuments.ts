// Read-only documents holding a pack's render under one environment
// (scheme `packs-render:`), of the pack as it is or as committed at HEAD,
// and the compare commands that open VS Code's diff of two of them (two
// environments; HEAD's render and the current one). They follow the pack
// as it is edited, the environment files as they change, and HEAD as it
// moves.

import { baseName } from '../../src-shared/text/uriPath';
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import {
  type CommittedRender,
  type RenderCommittedParams,
  renderCommittedRequest,
  renderRequest,
  type RenderParams,
  type RenderResult,
} from '../../src-shared/protocol/pack';
import { shortLabel, type Environments } from './environments';

export const renderScheme = 'packs-render';

/** Diffs open beside the editor they are asked from (the pack, or its preview), never over it. */
const besidePack: vscode.TextDocumentShowOptions = { preview: false, viewColumn: vscode.ViewColumn.Beside };

interface RenderAddress {
  readonly pack: string;
  readonly environment: string;
  /** Set for the render of the pack as committed at HEAD. */
  readonly revision?: 'HEAD';
}

export function renderUri(pack: vscode.Uri, environmentId: string, environmentLabel: string, revision?: 'HEAD'): vscode.Uri {
  // The path is what the tab shows; the query is what the provider reads.
  const name = baseName(pack.path);
  const label = shortLabel(environmentLabel).replace(/[/\\]/g, '-');
  const address: RenderAddress = { pack: pack.toString(), environment: environmentId, ...(revision && { revision }) };
  return vscode.Uri.from({ scheme: renderScheme, path: `/${name}${revision ? ` @ ${revision}` : ''} (${label})`, query: JSON.stringify(address) });
}

export class RenderDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly client: LanguageClient,
    private readonly environments: Environments,
    baselinesChanged: vscode.Event<void>,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.packChanged(e.document.uri.toString())),
      environments.onDidChange(() => this.openRenders().forEach((u) => this.changed.fire(u))),
      baselinesChanged(() => this.openRenders().forEach((u) => this.changed.fire(u))),
    );
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const address = JSON.parse(uri.query) as RenderAddress;
    const entry = this.environments.find(address.environment);
    if (!entry) return vscode.l10n.t('(The environment {0} is gone or no longer valid.)', address.environment);
    const pack = vscode.Uri.parse(address.pack);
    await vscode.workspace.openTextDocument(pack);
    if (address.revision === 'HEAD') {
      const committedParams: RenderCommittedParams = { uri: address.pack, environment: entry.ref };
      const committed = await this.client.sendRequest<CommittedRender>(renderCommittedRequest, committedParams);
      return committed.kind === 'committed' ? committed.text : vscode.l10n.t('(No render at HEAD: {0}.)', committed.reason);
    }
    const params: RenderParams = { uri: address.pack, environment: entry.ref };
    const result = await this.client.sendRequest<RenderResult | null>(renderRequest, params);
    if (!result) return vscode.l10n.t('(The pack is not open.)');
    return result.kind === 'rendered' ? result.text : vscode.l10n.t('(The pack does not decode: {0})', result.corruption.report);
  }

  /** Asks for two environments and opens the diff of the pack's renders under them. */
  async compare(pack: vscode.Uri): Promise<void> {
    const current = this.environments.current(pack.toString());
    const left = await this.environments.pickEntry(vscode.l10n.t('Compare: the environment on the left'), current.id, pack.toString());
    if (!left) return;
    // The right side starts on the first other environment: comparing one with itself shows nothing.
    const other = this.environments.entries().find((e) => e.error === undefined && e.ref.id !== left.ref.id);
    const right = await this.environments.pickEntry(vscode.l10n.t('Compare {0} with…', left.ref.label), current.id, pack.toString(), other?.ref.id);
    if (!right) return;
    const name = baseName(pack.path);
    await vscode.commands.executeCommand(
      'vscode.diff',
      renderUri(pack, left.ref.id, left.ref.label),
      renderUri(pack, right.ref.id, right.ref.label),
      `${name}: ${shortLabel(left.ref.label)} ↔ ${shortLabel(right.ref.label)}`,
      besidePack,
    );
  }

  /** Opens the diff of the pack's render at HEAD (left) and now (right), for its current environment. */
  async compareWithHead(pack: vscode.Uri): Promise<void> {
    const current = this.environments.current(pack.toString());
    const name = baseName(pack.path);
    await vscode.commands.executeCommand(
      'vscode.diff',
      renderUri(pack, current.id, current.label, 'HEAD'),
      renderUri(pack, current.id, current.label),
      vscode.l10n.t('{0} ({1}): HEAD ↔ now', name, shortLabel(current.label)),
      besidePack,
    );
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const s of this.subscriptions) s.dispose();
  }

  private openRenders(): vscode.Uri[] {
    return vscode.workspace.textDocuments.filter((d) => d.uri.scheme === renderScheme).map((d) => d.uri);
  }

  // Renders follow typing at a calm pace: once the pack has been still for a moment.
  private packChanged(pack: string): void {
    const affected = this.openRenders().filter((u) => (JSON.parse(u.query) as RenderAddress).pack === pack);
    if (affected.length === 0) return;
    clearTimeout(this.timers.get(pack));
    this.timers.set(
      pack,
      setTimeout(() => {
        this.timers.delete(pack);
        for (const u of affected) this.changed.fire(u);
      }, 300),
    );
  }
}

export function registerRenderDocuments(
  context: vscode.ExtensionContext,
  client: LanguageClient,
  environments: Environments,
  baselinesChanged: vscode.Event<void>,
): RenderDocuments {
  const documents = new RenderDocuments(client, environments, baselinesChanged);
  context.subscriptions.push(documents, vscode.workspace.registerTextDocumentContentProvider(renderScheme, documents));
  return documents;
}
