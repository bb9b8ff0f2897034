// The extension's entry point in the browser (vscode.dev, github.dev, a
// web worker extension host): the same features as on the desktop, with the
// language server in a web worker (dist/web/server.js).

import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { activateWith } from './activate';
import type { PacksApi } from './api';
import { browserSchemes, clientId, clientName, clientOptions } from './clientOptions';
import { handEditInitializationOptions } from './prompts/handEdits';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<PacksApi> {
  const worker = await serverWorker(vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js'));
  const created: LanguageClient = new LanguageClient(clientId, clientName, clientOptions(browserSchemes, handEditInitializationOptions(), () => created.outputChannel), worker);
  client = created;
  return activateWith(context, created);
}

/**
 * The server's worker. VS Code's web worker host refuses a worker straight
 * from an extension that lives on a remote (code-server, a codespace): its
 * script is then read through the workspace file system and started from a
 * blob, the same code either way.
 */
async function serverWorker(script: vscode.Uri): Promise<Worker> {
  try {
    return new Worker(script.toString(true));
  } catch (e) {
    if (script.scheme !== 'vscode-remote') throw e;
    const code = await vscode.workspace.fs.readFile(script);
    return new Worker(URL.createObjectURL(new Blob([new Uint8Array(code)], { type: 'application/javascript' })));
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
