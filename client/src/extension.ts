// The extension's entry point: starts the language server, then registers
// each client feature. Everything VS Code-specific stays in client/.

import type { ExtensionContext } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { packsApi, type PacksApi } from './api';
import { registerPackCommands } from './commands';
import { registerEnvironments } from './environments';
import { createLanguageClient } from './languageClient';
import { registerOutputChannel } from './output';
import { registerBaselineChanges } from './preview/baselineChanges';
import { registerPreviews } from './preview/previewManager';
import { handEditInitializationOptions, registerHandEditClient } from './prompts/handEdits';
import { registerRenderDocuments } from './renderDocuments';
import { registerStatusBar } from './statusBar';
import { registerVersionedEdits } from './versionedEdits';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<PacksApi> {
  const output = registerOutputChannel(context);
  client = createLanguageClient(context, handEditInitializationOptions(), output);
  registerVersionedEdits(context);
  registerHandEditClient(context, client);
  await client.start();
  const { version } = context.extension.packageJSON as { version: string };
  output.appendLine(`Packs & Prompts ${version}: language server started.`);
  const environments = await registerEnvironments(context, client);
  const baselinesChanged = registerBaselineChanges(context, client);
  const statusBar = registerStatusBar(context, client, environments);
  const previews = registerPreviews(context, client, environments, baselinesChanged);
  const renders = registerRenderDocuments(context, client, environments, baselinesChanged);
  registerPackCommands(context, { previews, environments, renders });
  return packsApi(previews, statusBar);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
