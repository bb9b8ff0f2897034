// The extension's entry point on the desktop and in remote hosts: the
// language server runs as a Node process (dist/server.js) over IPC.

import type { ExtensionContext } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { activateWith } from './activate';
import type { PacksApi } from './api';
import { createLanguageClient } from './languageClient';
import { handEditInitializationOptions } from './prompts/handEdits';
import { registerTasks } from './tasks';

let client: LanguageClient | undefined;

export function activate(context: ExtensionContext): Promise<PacksApi> {
  client = createLanguageClient(context, handEditInitializationOptions());
  registerTasks(context);
  return activateWith(context, client);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
