// Two status bar items while a pack is the active editor: assess's split
// ("pack · 0 corrupting · 2 shaping · loom-9", or the corrupt line count), which
// opens the Problems panel, and the environment the pack renders against,
// which opens the picker. The split is asked of the server (`packs/summary`)
// whenever the pack's diagnostics change, so it never disagrees with them.

import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { figuresLine, figuresVerdict } from '../../src-shared/pack/summary';
import { clientCommands, summaryRequest, type PackSummary, type SummaryParams } from '../../src-shared/protocol/pack';
import { languageIds } from '../../src-shared/protocol/common';
import { packCommands } from './commandIds';
import { shortLabel, type Environments } from './environments';

export class PackStatusBar implements vscode.Disposable {
  private readonly figures = vscode.window.createStatusBarItem('packsAndPrompts.packFigures', vscode.StatusBarAlignment.Left, 50);
  private readonly environment = vscode.window.createStatusBarItem('packsAndPrompts.packEnvironment', vscode.StatusBarAlignment.Left, 49);
  private readonly subscriptions: vscode.Disposable[] = [];
  private generation = 0;

  constructor(
    private readonly client: LanguageClient,
    private readonly environments: Environments,
  ) {
    this.figures.name = vscode.l10n.t('Pack: assess');
    this.figures.command = clientCommands.showProblems;
    this.environment.name = vscode.l10n.t('Pack: render environment');
    this.environment.command = packCommands.chooseEnvironment;
    this.subscriptions.push(
      this.figures,
      this.environment,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.languages.onDidChangeDiagnostics((e) => {
        const active = activePack();
        if (active && e.uris.some((u) => u.toString() === active.uri.toString())) this.update();
      }),
      environments.onDidChange(() => this.update()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('packsAndPrompts')) this.update();
      }),
    );
    this.update();
  }

  /** What the assess item shows now (for tests through the extension's API). */
  get text(): string | undefined {
    return activePack() ? this.figures.text : undefined;
  }

  update(): void {
    const document = activePack();
    const generation = ++this.generation;
    if (!document) {
      this.figures.hide();
      this.environment.hide();
      return;
    }
    const uri = document.uri.toString();
    const environment = this.environments.current(uri);
    this.environment.text = `$(server-environment) ${shortLabel(environment.label)}`;
    this.environment.tooltip = `${vscode.l10n.t('Renders against: {0}', environment.label)}\n${vscode.l10n.t('Click to choose another environment.')}`;
    this.environment.show();
    const params: SummaryParams = { uri };
    this.client.sendRequest<PackSummary | null>(summaryRequest, params).then(
      (summary) => {
        // A newer update (another editor, newer diagnostics) owns the items now.
        if (generation !== this.generation || !summary) return;
        this.show(uri, summary);
      },
      (e: unknown) => this.client.error(vscode.l10n.t('packs/summary failed for {0}', uri), e),
    );
  }

  private show(uri: string, summary: PackSummary): void {
    const f = summary.figures;
    this.environments.setProfilePostures(uri, f.profile, f.postures);
    const current = this.environments.find(this.environments.current(uri).id);
    const gap = current && this.environments.postureGap(uri, current);
    if (gap) this.environment.tooltip = `${vscode.l10n.t('Renders against: {0}', current.ref.label)}\n${vscode.l10n.t('{0}, so {1} renders empty.', gap, '{enforcement}')}\n${vscode.l10n.t('Click to choose another environment.')}`;
    const icon = f.corruptions > 0 ? '$(error)' : f.scorable ? '$(pass)' : '$(warning)';
    this.figures.text = `${icon} ${figuresLine(f, vscode.l10n)}`;
    const tooltip = new vscode.MarkdownString(
      `**${figuresLine(f, vscode.l10n)}**\n\n${figuresVerdict(f, vscode.l10n)}\n\n${vscode.l10n.t('Digest {0}', `\`${summary.digest}\``)}\n\n${vscode.l10n.t('Click to open the Problems panel.')}`,
    );
    tooltip.isTrusted = false;
    this.figures.tooltip = tooltip;
    this.figures.backgroundColor = f.corruptions > 0 ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.figures.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

function activePack(): vscode.TextDocument | undefined {
  const document = vscode.window.activeTextEditor?.document;
  return document?.languageId === languageIds.pack ? document : undefined;
}

export function registerStatusBar(context: vscode.ExtensionContext, client: LanguageClient, environments: Environments): PackStatusBar {
  const bar = new PackStatusBar(client, environments);
  context.subscriptions.push(bar);
  return bar;
}
