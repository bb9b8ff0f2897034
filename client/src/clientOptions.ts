// The language client's options, the same for the Node and the browser
// client: which documents the server sees, the settings it follows, how a
// crash is handled, and the middleware that keeps fixes versioned.

import type { OutputChannel } from 'vscode';
import type { LanguageClientOptions } from 'vscode-languageclient';
import { languageIds, settingsSection } from '../../src-shared/protocol/common';
import { serverErrorHandler } from './serverCrashes';
import { versionedCodeActions } from './versionedEdits';

export const clientId = 'packsAndPrompts';
export const clientName = 'Packs & Prompts';

/**
 * Files and unsaved buffers only on the desktop: the git extension's `git:`
 * copies of a file (opened by diffs and Source Control) would otherwise be
 * checked as a second document and duplicate every problem. In the browser
 * the workspace's own schemes too: github.dev's `vscode-vfs`, a remote
 * workspace's `vscode-remote`, the test host's `vscode-test-web`.
 */
export const desktopSchemes = ['file', 'untitled'] as const;
export const browserSchemes = [...desktopSchemes, 'vscode-vfs', 'vscode-remote', 'vscode-test-web'] as const;

export function clientOptions(schemes: readonly string[], initializationOptions: unknown, outputChannel: () => OutputChannel): LanguageClientOptions {
  return {
    documentSelector: [languageIds.pack, languageIds.prompts].flatMap((language) => schemes.map((scheme) => ({ language, scheme }))),
    synchronize: { configurationSection: settingsSection },
    initializationOptions,
    // A crashed server is started again, within a budget (serverCrashes.ts).
    errorHandler: serverErrorHandler(outputChannel),
    // Quick fixes apply only to the version they were computed for (versionedEdits.ts).
    middleware: versionedCodeActions,
  };
}
