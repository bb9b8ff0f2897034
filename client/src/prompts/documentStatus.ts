// A status bar item that shows, for the active editor, the line the server
// last sent about that document (hand edits, the bundle a `.prompts` file
// was checked against), and hides for documents it has heard nothing of.

import * as vscode from 'vscode';

export interface DocumentStatus {
  readonly uri: string;
  /** Shown after the icon; an empty line hides the item. */
  readonly text: string;
}

export class DocumentStatusItem<S extends DocumentStatus> implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly byUri = new Map<string, S>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    id: string,
    name: string,
    priority: number,
    private readonly look: (status: S) => { readonly icon: string; readonly tooltip: string },
  ) {
    this.item = vscode.window.createStatusBarItem(id, vscode.StatusBarAlignment.Left, priority);
    this.item.name = name;
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.show()),
      vscode.workspace.onDidCloseTextDocument((d) => this.byUri.delete(d.uri.toString())),
    );
  }

  update(status: S): void {
    this.byUri.set(vscode.Uri.parse(status.uri).toString(), status);
    this.show();
  }

  /** The last status the server sent for `uri`, shown or not (for the end-to-end tests). */
  statusOf(uri: string): S | undefined {
    return this.byUri.get(vscode.Uri.parse(uri).toString());
  }

  /** What the item shows now, if it shows (for the end-to-end tests). */
  get text(): string | undefined {
    const document = vscode.window.activeTextEditor?.document;
    const status = document && this.byUri.get(document.uri.toString());
    return status && status.text !== '' ? `${this.look(status).icon} ${firstSentence(status.text)}` : undefined;
  }

  private show(): void {
    const document = vscode.window.activeTextEditor?.document;
    const status = document && this.byUri.get(document.uri.toString());
    if (!status || status.text === '') {
      this.item.hide();
      return;
    }
    const look = this.look(status);
    const line = firstSentence(status.text);
    this.item.text = `${look.icon} ${line}`;
    this.item.tooltip = line === status.text ? look.tooltip : `${status.text}\n\n${look.tooltip}`;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

/** The status bar keeps a line's first sentence; the rest (advice such as a command to run) goes to the tooltip. */
export function firstSentence(text: string): string {
  const end = text.indexOf('. ');
  return end < 0 ? text : text.slice(0, end + 1);
}
