// What the client does when the language server's process ends: start it
// again, within a budget (restartBudget.ts: 5 restarts in 3 minutes); past
// the budget, leave it down and say so once, with a button that opens the
// output channel where the server logged why. A broken connection is
// tolerated a few times, as vscode-languageclient's default does.

import * as vscode from 'vscode';
import { CloseAction, ErrorAction, type ErrorHandler } from 'vscode-languageclient';
import { RestartBudget } from './restartBudget';


export function serverErrorHandler(outputChannel: () => vscode.OutputChannel, budget = new RestartBudget()): ErrorHandler {
  return {
    error: (_error, _message, count) => ({ action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown }),
    closed: () => {
      if (budget.crashed()) return { action: CloseAction.Restart, message: vscode.l10n.t('The Packs & Prompts language server stopped; starting it again.') };
      const message = vscode.l10n.t('The Packs & Prompts language server crashed {0} and will not be started again. Reload the window to try again; the output log says why it stopped.', budget.describe(vscode.l10n));
      const showOutput = vscode.l10n.t('Show Output');
      void vscode.window.showErrorMessage(message, showOutput).then((choice) => {
        if (choice === showOutput) outputChannel().show(true);
      });
      return { action: CloseAction.DoNotRestart, handled: true };
    },
  };
}
