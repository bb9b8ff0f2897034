// Jumping from a webview (the rendered preview, the Session Review) to a
// line of its source: in the editor group that shows the source already,
// else the first, with the line in view. `focus` says whether the source
// editor takes the keyboard (a click in the review keeps it there, so its
// keys never type into the file; Enter or a modified click hands it over).

import * as vscode from 'vscode';

export async function revealSourceLine(uri: vscode.Uri, line: number, focus = true): Promise<void> {
  const key = uri.toString();
  const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === key);
  const range = new vscode.Range(line, 0, line, 0);
  const editor = await vscode.window.showTextDocument(uri, { viewColumn: visible?.viewColumn ?? vscode.ViewColumn.One, selection: range, preserveFocus: !focus });
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
