// The language client on the desktop and in remote hosts, talking to the
// server (dist/server.js) as a Node process over IPC.

import type { ExtensionContext, OutputChannel } from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { serverEnv, serverExecArgv } from '../../src-shared/protocol/common';
import { clientId, clientName, clientOptions, desktopSchemes } from './clientOptions';

/** The client, not yet started, so features can register for the server's first notifications. */
export function createLanguageClient(context: ExtensionContext, initializationOptions: object, outputChannel: OutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: [...serverExecArgv], env: { ...serverEnv } } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...serverExecArgv, '--nolazy', '--inspect=6009'], env: { ...serverEnv } } },
  };
  const client: LanguageClient = new LanguageClient(clientId, clientName, serverOptions, clientOptions(desktopSchemes, initializationOptions, outputChannel));
  return client;
}
