// One subscription to the server's `packs/baselinesChanged` (the client
// holds one handler per notification), fanned out to every view that
// shows something compared with HEAD: the previews and the HEAD renders.

import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { baselinesChangedNotification } from '../../../src-shared/protocol/pack';

export function registerBaselineChanges(context: vscode.ExtensionContext, client: LanguageClient): vscode.Event<void> {
  const changed = new vscode.EventEmitter<void>();
  context.subscriptions.push(changed, client.onNotification(baselinesChangedNotification, () => changed.fire()));
  return changed.event;
}
