// What the extension does once its language client exists, the same on
// the desktop and in the browser: each client feature registered against
// the client. The entry points (extension.ts for Node, browserExtension.ts
// for the web worker) only make the client.

import { type ExtensionContext, l10n, type OutputChannel } from 'vscode';
import { type BaseLanguageClient, State } from 'vscode-languageclient';
import { packsApi, type PacksApi } from './api';
import { registerPackCommands } from './commands';
import { registerEnvironments } from './environments';
import { registerWorkspaceProfiles } from './profiles';
import { registerBaselineChanges } from './preview/baselineChanges';
import { registerPreviews } from './preview/previewManager';
import { registerBundleStatus } from './prompts/bundleStatus';
import { registerHandEditClient } from './prompts/handEdits';
import { registerRenderDocuments } from './renderDocuments';
import { registerReviews } from './review/reviewManager';
import { registerStatusBar } from './statusBar';
import { registerVersionedEdits } from './versionedEdits';

export async function activateWith(context: ExtensionContext, client: BaseLanguageClient, output: OutputChannel): Promise<PacksApi> {
  registerVersionedEdits(context);
  const handEditStatus = registerHandEditClient(context, client);
  const bundleStatus = registerBundleStatus(context, client);
  let starts = 0;
  context.subscriptions.push(
    client.onDidChangeState((e) => {
      if (e.newState === State.Running) starts++;
    }),
  );
  await client.start();
  const { version } = context.extension.packageJSON as { version: string };
  output.appendLine(l10n.t('Packs & Prompts {0}: language server started.', version));
  const environments = await registerEnvironments(context, client);
  await registerWorkspaceProfiles(context, client);
  const baselinesChanged = registerBaselineChanges(context, client);
  const statusBar = registerStatusBar(context, client, environments);
  const previews = registerPreviews(context, client, environments, baselinesChanged);
  const renders = registerRenderDocuments(context, client, environments, baselinesChanged);
  registerPackCommands(context, { previews, environments, renders });
  const reviews = registerReviews(context, client, baselinesChanged);
  return packsApi(previews, statusBar, reviews, bundleStatus, handEditStatus, () => starts);
}
