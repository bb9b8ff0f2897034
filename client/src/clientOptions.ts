// The language client's options, the same for the Node and the browser
// client: which documents the server sees, the settings it follows, how a
// crash is handled, and the middleware that keeps fixes versioned.

import * as vscode from 'vscode';
import type { LanguageClientOptions } from 'vscode-languageclient';
import { type L10nInitializationOptions, languageIds, settingsSection } from '../../src-shared/protocol/common';
import { outputChannelName } from './commandIds';
import { serverErrorHandler } from './serverCrashes';
import { versionedCodeActions } from './versionedEdits';

export const clientId = 'packsAndPrompts';
/** Also the output channel's name. */
export const clientName = outputChannelName;

/**
 * Files and unsaved buffers only on the desktop: the git extension's `git:`
 * copies of a file (opened by diffs and Source Control) would otherwise be
 * checked as a second document and duplicate every problem. In the browser
 * the workspace's own schemes too: github.dev's `vscode-vfs`, a remote
 * workspace's `vscode-remote`, the test host's `vscode-test-web`.
 */
export const desktopSchemes = ['file', 'untitled'] as const;
export const browserSchemes = [...desktopSchemes, 'vscode-vfs', 'vscode-remote', 'vscode-test-web'] as const;

/**
 * `outputChannel` exists from activation (output.ts): the client and the server log into it.
 * The server gets the extension's translations with `initializationOptions` (server/src/l10n.ts).
 */
export function clientOptions(schemes: readonly string[], initializationOptions: object, outputChannel: vscode.OutputChannel): LanguageClientOptions {
  const l10n: L10nInitializationOptions = vscode.l10n.bundle ? { l10nBundle: vscode.l10n.bundle } : {};
  return {
    documentSelector: [languageIds.pack, languageIds.prompts].flatMap((language) => schemes.map((scheme) => ({ language, scheme }))),
    synchronize: { configurationSection: settingsSection },
    initializationOptions: { ...initializationOptions, ...l10n },
    outputChannel,
    // A crashed server is started again, within a budget (serverCrashes.ts).
    errorHandler: serverErrorHandler(() => outputChannel),
    // Quick fixes apply only to the version they were computed for (versionedEdits.ts).
    middleware: versionedCodeActions,
  };
}
