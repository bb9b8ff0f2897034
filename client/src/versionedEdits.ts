// Quick fixes land on the text they were computed for, or not at all. The
// server names the version in each fix's edit, but vscode-languageclient
// drops that version when it turns the edit into VS Code's, and VS Code
// applies a code action's edit to whatever the text has become. So every
// code action with an edit becomes one that runs `applyCodeActionEdit`
// with the document version the actions were asked for: the command
// refuses, with a message, once the document has moved on, and otherwise
// applies the fix as one workspace edit (one undo step). Hand-edit fixes
// (prompts/handEditFixes.ts) go through the same check.

import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient';

export const applyCodeActionEditCommand = 'packsAndPrompts.applyCodeActionEdit';

export const changedMeanwhile = (): string => vscode.l10n.t('The file changed while the fix was being prepared; nothing was changed. Try again.');

/** Applies `edit` if the document is still at `version`; says so and applies nothing otherwise. */
export async function applyAtVersion(uri: vscode.Uri, version: number, edit: vscode.WorkspaceEdit): Promise<boolean> {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (!document || document.version !== version) {
    void vscode.window.showWarningMessage(changedMeanwhile());
    return false;
  }
  // VS Code itself refuses an edit of a document that changed after the extension host last saw it.
  const applied = await vscode.workspace.applyEdit(edit);
  if (!applied) void vscode.window.showWarningMessage(changedMeanwhile());
  return applied;
}

/** The language client's middleware: each action's edit, made a versioned command. */
export const versionedCodeActions: Required<Pick<Middleware, 'provideCodeActions'>> = {
  async provideCodeActions(document, range, context, token, next) {
    // The request goes out after the change that made this version, so the server answers for it.
    const version = document.version;
    const actions = await next(document, range, context, token);
    return actions?.map((a) => {
      if (!(a instanceof vscode.CodeAction) || !a.edit) return a;
      const action = new vscode.CodeAction(a.title, a.kind);
      action.diagnostics = a.diagnostics;
      action.isPreferred = a.isPreferred;
      action.command = { title: a.title, command: applyCodeActionEditCommand, arguments: [document.uri, version, a.edit, a.command] };
      return action;
    });
  },
};

export function registerVersionedEdits(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(applyCodeActionEditCommand, async (uri: vscode.Uri, version: number, edit: vscode.WorkspaceEdit, then?: vscode.Command) => {
      const applied = await applyAtVersion(uri, version, edit);
      if (applied && then) await vscode.commands.executeCommand(then.command, ...((then.arguments ?? []) as unknown[]));
      return applied;
    }),
  );
}
