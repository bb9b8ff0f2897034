// Starts the language server over node IPC for the two languages. Every
// feature of the client talks to the server through this one client.

import * as path from 'node:path';
import type { ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { languageIds, settingsSection } from '../../src-shared/protocol';

export async function startLanguageClient(context: ExtensionContext): Promise<LanguageClient> {
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
  };
  const client = new LanguageClient('packsAndPrompts', 'Packs & Prompts', serverOptions, clientOptions);
  await client.start();
  return client;
}
