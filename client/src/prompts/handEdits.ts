// The client's part of hand edits: the commands (Redact Selection, Record
// All Unlogged Edits, Make Session Private, and the ones the code actions
// run), what a changed value was at HEAD (committedValues.ts), the status bar line, the git watches the server asks for, and
// workspace trust (reported at start and when granted: the server runs
// git only in a trusted workspace).

import * as vscode from 'vscode';
import { type BaseLanguageClient as LanguageClient, State } from 'vscode-languageclient';
import {
  applyHandEditFixCommand,
  gitHeadMovedNotification,
  handEditCommands,
  type HandEditFixKind,
  type HandEditFixParams,
  type HandEditInitializationOptions,
  handEditStatusNotification,
  type HandEditStatusParams,
  watchGitNotification,
  type WatchGitParams,
  workspaceTrustedNotification,
} from '../../../src-shared/protocol/prompts';
import { languageIds } from '../../../src-shared/protocol/common';
import { registerCommittedValues } from './committedValues';
import { GitWatch } from './gitWatch';
import { applyHandEditFix } from './handEditFixes';
import { handEditStatusItem } from './handEditStatus';
import type { DocumentStatusItem } from './documentStatus';

export function handEditInitializationOptions(): HandEditInitializationOptions {
  return { workspaceTrusted: vscode.workspace.isTrusted };
}

/** Registers the hand-edit commands and status; returns the status item (what the end-to-end tests read). */
export function registerHandEditClient(context: vscode.ExtensionContext, client: LanguageClient): DocumentStatusItem<HandEditStatusParams> {
  registerCommittedValues(context);
  const status = handEditStatusItem();
  const watch = new GitWatch(() => void client.sendNotification(gitHeadMovedNotification, {}));
  const reported = (client.clientOptions.initializationOptions as HandEditInitializationOptions | undefined)?.workspaceTrusted === true;
  const reportTrust = () => void client.sendNotification(workspaceTrustedNotification, {});
  context.subscriptions.push(
    // Trust granted while the server was starting is reported once it runs.
    client.onDidChangeState((e) => {
      if (e.newState === State.Running && !reported && vscode.workspace.isTrusted) reportTrust();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      if (client.isRunning()) reportTrust();
    }),
    status,
    watch,
    client.onNotification(handEditStatusNotification, (p: HandEditStatusParams) => status.update(p)),
    client.onNotification(watchGitNotification, (p: WatchGitParams) => watch.watch(p.repositories)),
    vscode.commands.registerCommand(applyHandEditFixCommand, (params: HandEditFixParams) => applyHandEditFix(client, params)),
    vscode.commands.registerCommand(handEditCommands.redactSelection, () =>
      onActivePrompts((editor) => ({ kind: 'redact', ranges: [{ start: point(editor.selection.start), end: point(editor.selection.end) }] }), client),
    ),
    vscode.commands.registerCommand(handEditCommands.recordAllEdits, () => onActivePrompts(() => ({ kind: 'recordAll' }), client)),
    vscode.commands.registerCommand(handEditCommands.makeSessionPrivate, () =>
      onActivePrompts((editor) => ({ kind: 'makePrivate', position: point(editor.selection.active) }), client),
    ),
  );
  return status;
}

/** Runs a fix for the active editor, which must show a `.prompts` file. */
async function onActivePrompts(fixFor: (editor: vscode.TextEditor) => HandEditFixKind, client: LanguageClient): Promise<boolean> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== languageIds.prompts) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Open a .prompts file first.'));
    return false;
  }
  const params: HandEditFixParams = { uri: editor.document.uri.toString(), version: editor.document.version, fix: fixFor(editor) };
  return applyHandEditFix(client, params);
}

/** A VS Code position as the protocol's plain object. */
function point(p: vscode.Position): { line: number; character: number } {
  return { line: p.line, character: p.character };
}
