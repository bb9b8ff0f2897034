// The extension's entry point: starts the language server over node IPC
// for the two languages. Everything VS Code-specific stays in client/.

import * as path from 'node:path';
import type { ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { languageIds, settingsSection } from '../../src-shared/protocol';
import { handEditInitializationOptions, registerHandEditClient } from './prompts/handEdits';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: languageIds.pack },
      { language: languageIds.prompts },
    ],
    synchronize: { configurationSection: settingsSection },
    initializationOptions: handEditInitializationOptions(),
  };
  client = new LanguageClient('packsAndPrompts', 'Packs & Prompts', serverOptions, clientOptions);
  registerHandEditClient(context, client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
