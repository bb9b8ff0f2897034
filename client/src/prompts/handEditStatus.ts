// The status bar item for hand edits: for the active `.prompts` editor,
// the server's one line (checked, how many unlogged, or why not checked).

import * as vscode from 'vscode';
import type { HandEditStatusParams } from '../../../src-shared/protocol/prompts';

const icons: Readonly<Record<HandEditStatusParams['state'], string>> = {
  checked: '$(git-commit)',
  unlogged: '$(warning)',
  off: '$(circle-slash)',
};

export class HandEditStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('packsAndPrompts.handEdits', vscode.StatusBarAlignment.Left, 50);
  private readonly byUri = new Map<string, HandEditStatusParams>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    this.item.name = 'Packs & Prompts: hand edits';
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.show()),
      vscode.workspace.onDidCloseTextDocument((d) => this.byUri.delete(d.uri.toString())),
    );
  }

  update(status: HandEditStatusParams): void {
    this.byUri.set(vscode.Uri.parse(status.uri).toString(), status);
    this.show();
  }

  private show(): void {
    const document = vscode.window.activeTextEditor?.document;
    const status = document && this.byUri.get(document.uri.toString());
    if (!status) {
      this.item.hide();
      return;
    }
    this.item.text = `${icons[status.state]} ${status.text}`;
    this.item.tooltip = 'Hand edits in this file against its committed version (HEAD), FORMATS.md B.5';
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
