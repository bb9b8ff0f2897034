// What every end-to-end test needs: the workspace's files by relative path,
// and waits on real signals (a polled condition, diagnostics change events)
// that fail with a description when their deadline passes. Never a sleep.

import * as vscode from 'vscode';

export const extensionId = 'packs-and-prompts.packs-and-prompts';

/** Generous: the machine is shared and the first language-server start is cold. */
export const defaultDeadlineMs = 60_000;

const pollMs = 50;

export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the e2e run opened no workspace folder');
  return folder.uri;
}

/** A file of the test workspace, by a `/`-separated path relative to its root. */
export function workspaceUri(relPath: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), ...relPath.split('/'));
}

/** Opens a workspace file and shows it in the active editor. */
export async function openDocument(relPath: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(workspaceUri(relPath));
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/**
 * Polls `condition` until it returns something other than `undefined`,
 * `null` or `false`, and resolves with that. Rejects with `description`
 * once `deadlineMs` has passed.
 */
export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  deadlineMs: number,
  description: string,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() >= deadline) throw new Error(`timed out after ${deadlineMs} ms waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Saves `document` and resolves once it is saved. `TextDocument.save()`
 * answers false for a document that is not dirty, and the web workbench
 * saves on its own a second after an edit (its `files.autoSave` default),
 * so on a busy machine it may have saved first: what a test needs is the
 * document saved, whoever saved it.
 */
export async function saveDocument(document: vscode.TextDocument): Promise<void> {
  if (document.isDirty) await document.save();
  await waitFor(() => !document.isDirty, defaultDeadlineMs, `${document.uri.path} to be saved`);
}

/**
 * The diagnostics of `uri` as soon as they satisfy `predicate`: now, or at a
 * later `languages.onDidChangeDiagnostics` for that document.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  predicate: (diagnostics: readonly vscode.Diagnostic[]) => boolean = () => true,
  deadlineMs = defaultDeadlineMs,
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const current = vscode.languages.getDiagnostics(uri);
      if (!predicate(current)) return false;
      finish();
      resolve(current);
      return true;
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      finish();
      const seen = vscode.languages.getDiagnostics(uri).map((d) => `${String(d.code)}: ${d.message}`);
      reject(new Error(`timed out after ${deadlineMs} ms waiting for diagnostics of ${uri.fsPath}; last seen: ${JSON.stringify(seen)}`));
    }, deadlineMs);
    function finish(): void {
      clearTimeout(timer);
      subscription.dispose();
    }
    check();
  });
}

/** Our extension, once it has activated. */
export async function activeExtension(deadlineMs = defaultDeadlineMs): Promise<vscode.Extension<unknown>> {
  const extension = vscode.extensions.getExtension(extensionId);
  if (!extension) throw new Error(`extension ${extensionId} is not loaded: is extensionDevelopmentPath the repository root?`);
  return waitFor(() => extension.isActive && extension, deadlineMs, `${extensionId} to activate`);
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
