// Every edit a code action carries names the document version it was
// computed for (a `TextDocumentEdit` in `documentChanges`), so the editor
// refuses to apply it once the text has moved on instead of writing it at
// positions that now mean something else. All of one fix's edits are one
// workspace edit: one undo step, all or nothing.

import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export function versionedEdit(document: Pick<TextDocument, 'uri' | 'version'>, edits: readonly TextEdit[]): WorkspaceEdit {
  return { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits: [...edits] }] };
}

/** The text edits of a workspace edit for one document, versioned or not (what a test or a client applies). */
export function editsFor(edit: WorkspaceEdit | undefined, uri: string): TextEdit[] | undefined {
  for (const change of edit?.documentChanges ?? []) {
    if ('textDocument' in change && change.textDocument.uri === uri) return change.edits.filter((e): e is TextEdit => 'range' in e);
  }
  return edit?.changes?.[uri];
}
