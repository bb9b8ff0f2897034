// Every edit a code action carries names the document version it was
// computed for (a `TextDocumentEdit` in `documentChanges`), so a client can
// refuse it once the text has moved on instead of writing it at positions
// that now mean something else (VS Code's language client drops the
// version; the extension's middleware carries it instead:
// client/src/versionedEdits.ts). All of one fix's edits are one workspace
// edit: one undo step, all or nothing.

import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export function versionedEdit(document: Pick<TextDocument, 'uri' | 'version'>, edits: readonly TextEdit[]): WorkspaceEdit {
  return { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits: [...edits] }] };
}
