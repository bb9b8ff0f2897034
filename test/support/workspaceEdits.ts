// The text edits a code action's workspace edit makes to one document,
// whether it names the document's version (`documentChanges`, as the
// server sends them) or not (`changes`), for tests that apply a fix.

import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';

export function editsFor(edit: WorkspaceEdit | undefined, uri: string): TextEdit[] | undefined {
  for (const change of edit?.documentChanges ?? []) {
    if ('textDocument' in change && change.textDocument.uri === uri) return change.edits.filter((e): e is TextEdit => 'range' in e);
  }
  return edit?.changes?.[uri];
}
