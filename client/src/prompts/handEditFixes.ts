// Applying a hand-edit fix: ask the server for it on the document version
// the command saw, then apply its text edits and its `[[edits]]` entry
// (a snippet: the reason is a tab stop to type over) as one workspace
// edit, which is one undo step. Refused with a message when the server
// declines or the document moved on meanwhile; VS Code itself refuses
// an edit whose document changed after the extension host last saw it.

import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { type HandEditFixParams, type HandEditFixResult, handEditFixRequest } from '../../../src-shared/protocol/prompts';
import { applyAtVersion, changedMeanwhile } from '../versionedEdits';

export async function applyHandEditFix(client: LanguageClient, params: HandEditFixParams): Promise<boolean> {
  const result = await client.sendRequest<HandEditFixResult>(handEditFixRequest, params);
  if (!result.ok) {
    void vscode.window.showWarningMessage(result.message);
    return false;
  }
  const uri = vscode.Uri.parse(params.uri);
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (!document || document.version !== result.version) {
    void vscode.window.showWarningMessage(changedMeanwhile());
    return false;
  }
  // A snippet edit is a snippet (tab stops) only in the active editor.
  // Where the document is shown already (the Session Review runs fixes from a webview beside it), else in the active group.
  if (vscode.window.activeTextEditor?.document !== document) {
    const visible = vscode.window.visibleTextEditors.find((e) => e.document === document);
    await vscode.window.showTextDocument(document, visible && { viewColumn: visible.viewColumn });
  }
  const edit = new vscode.WorkspaceEdit();
  const textEdits: (vscode.TextEdit | vscode.SnippetTextEdit)[] = result.edits.map((e) => vscode.TextEdit.replace(toRange(e.range), e.newText));
  if (result.entry) {
    const at = new vscode.Position(result.entry.position.line, result.entry.position.character);
    textEdits.push(vscode.SnippetTextEdit.insert(at, new vscode.SnippetString(result.entry.snippet)));
  }
  edit.set(uri, textEdits);
  return applyAtVersion(uri, result.version, edit);
}

function toRange(r: { start: { line: number; character: number }; end: { line: number; character: number } }): vscode.Range {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}
