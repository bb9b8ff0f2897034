// The "Packs & Prompts" output channel, there from activation (as ESLint's
// is) rather than only once something is logged: the language client and
// server write to it, and "Packs & Prompts: Show Output" opens it.

import * as vscode from 'vscode';
import { outputChannelName, showOutputCommand } from './commandIds';

export function registerOutputChannel(context: vscode.ExtensionContext): vscode.OutputChannel {
  const channel = vscode.window.createOutputChannel(outputChannelName);
  context.subscriptions.push(
    channel,
    vscode.commands.registerCommand(showOutputCommand, () => channel.show(true)),
  );
  return channel;
}
