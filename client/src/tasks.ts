// `packs-and-prompts` tasks: the command line's `check` over the workspace
// (or the paths a tasks.json entry names), its findings in the Problems
// panel through the `$packs-and-prompts` problem matcher. Desktop only: a
// task runs a process, which the browser cannot.

import * as vscode from 'vscode';

export const taskType = 'packs-and-prompts';

interface CheckTaskDefinition extends vscode.TaskDefinition {
  readonly command: 'check';
  readonly paths?: readonly string[];
  readonly args?: readonly string[];
}

function checkTask(context: vscode.ExtensionContext, folder: vscode.WorkspaceFolder, definition: CheckTaskDefinition): vscode.Task {
  const cli = context.asAbsolutePath('dist/cli.js');
  const paths = definition.paths?.length ? definition.paths : [folder.uri.fsPath];
  // The extension host may be Electron: ask it to run as plain Node.
  const execution = new vscode.ProcessExecution(process.execPath, [cli, 'check', ...(definition.args ?? []), '--', ...paths], {
    cwd: folder.uri.fsPath,
    env: { ELECTRON_RUN_AS_NODE: '1' },
  });
  const task = new vscode.Task(definition, folder, 'check', taskType, execution, [`$${taskType}`]);
  task.group = vscode.TaskGroup.Test;
  return task;
}

export function registerTasks(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.tasks.registerTaskProvider(taskType, {
      provideTasks: () => (vscode.workspace.workspaceFolders ?? []).map((folder) => checkTask(context, folder, { type: taskType, command: 'check' })),
      resolveTask: (task) => {
        const folder = typeof task.scope === 'object' ? task.scope : vscode.workspace.workspaceFolders?.[0];
        return folder ? checkTask(context, folder, task.definition as CheckTaskDefinition) : undefined;
      },
    }),
  );
}
