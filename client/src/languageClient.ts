// The language client for the two languages, talking to the server over
// node IPC. Every feature of the client talks to the server through it.

import * as path from 'node:path';
import type { ExtensionContext, OutputChannel } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { languageIds, settingsSection } from '../../src-shared/protocol/common';
import { serverErrorHandler } from './serverCrashes';
import { versionedCodeActions } from './versionedEdits';

/** The client, not yet started, so features can register for the server's first notifications. */
export function createLanguageClient(context: ExtensionContext, initializationOptions: unknown, outputChannel: OutputChannel): LanguageClient {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // Files and unsaved buffers only: the git extension's `git:` copies of a
    // file (opened by diffs and Source Control) would otherwise be checked
    // as a second document and duplicate every problem.
    documentSelector: [languageIds.pack, languageIds.prompts].flatMap((language) =>
      ['file', 'untitled'].map((scheme) => ({ language, scheme })),
    ),
    synchronize: { configurationSection: settingsSection },
    initializationOptions,
    // The channel exists from activation; the client and server log into it.
    outputChannel,
    // A crashed server is started again, within a budget (serverCrashes.ts).
    errorHandler: serverErrorHandler(() => client.outputChannel),
    // Quick fixes apply only to the version they were computed for (versionedEdits.ts).
    middleware: versionedCodeActions,
  };
  const client = new LanguageClient('packsAndPrompts', 'Packs & Prompts', serverOptions, clientOptions);
  return client;
}
