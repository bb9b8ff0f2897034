// The pack commands: open the rendered preview beside a pack, choose the
// environment it renders against (by picker, or by id as a second
// argument), compare two environments' renders or HEAD's render with the
// current one, and jump from the preview's selection to the pack line it
// came from. Each takes a pack uri (from the editor title, a code lens) or
// uses the active pack.

import * as vscode from 'vscode';
import { languageIds } from '../../src-shared/protocol/common';
import { packCommands } from './commandIds';
import type { Environments } from './environments';
import type { PreviewManager } from './preview/previewManager';
import type { RenderDocuments } from './renderDocuments';

export interface PackCommandDeps {
  readonly previews: PreviewManager;
  readonly environments: Environments;
  readonly renders: RenderDocuments;
}

export function registerPackCommands(context: vscode.ExtensionContext, deps: PackCommandDeps): void {
  const withPack = (run: (pack: vscode.Uri, ...rest: unknown[]) => unknown) => (arg?: unknown, ...rest: unknown[]) => {
    const pack = packArgument(arg) ?? deps.previews.active()?.packUri;
    if (pack) return run(pack, ...rest);
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a prompt pack (.pack) first.'));
    return undefined;
  };
  context.subscriptions.push(
    vscode.commands.registerCommand(packCommands.showPreviewToSide, withPack((pack) => deps.previews.show(pack))),
    vscode.commands.registerCommand(packCommands.chooseEnvironment, withPack((pack, id) => chooseEnvironment(deps.environments, pack, id))),
    vscode.commands.registerCommand(packCommands.compareEnvironments, withPack((pack) => deps.renders.compare(pack))),
    vscode.commands.registerCommand(packCommands.compareWithHead, withPack((pack) => deps.renders.compareWithHead(pack))),
    vscode.commands.registerCommand(packCommands.revealPreviewSource, () => deps.previews.active()?.revealSelectionSource()),
  );
}

// With an environment id (from a keybinding or a script) it is chosen directly; without one, the picker opens.
async function chooseEnvironment(environments: Environments, pack: vscode.Uri, id: unknown): Promise<void> {
  if (typeof id !== 'string') {
    await environments.pick(pack.toString());
    return;
  }
  if (environments.find(id)) await environments.choose(pack.toString(), id);
  else void vscode.window.showErrorMessage(vscode.l10n.t('No valid environment {0}: choose one of the presets or a workspace *.packenv.json.', id));
}

/** The pack a command is about: its argument (a Uri or a uri string), else the active pack editor's. */
function packArgument(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string') return vscode.Uri.parse(arg);
  const document = vscode.window.activeTextEditor?.document;
  return document?.languageId === languageIds.pack ? document.uri : undefined;
}
