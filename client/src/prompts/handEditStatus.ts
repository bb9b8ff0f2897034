// The status bar item for hand edits: for the active `.prompts` editor,
// the server's one line (checked, how many unlogged, or why not checked).

import * as vscode from 'vscode';
import type { HandEditStatusParams } from '../../../src-shared/protocol/prompts';
import { DocumentStatusItem } from './documentStatus';

const icons: Readonly<Record<HandEditStatusParams['state'], string>> = {
  checked: '$(git-commit)',
  unlogged: '$(warning)',
  off: '$(circle-slash)',
};

export function handEditStatusItem(): DocumentStatusItem<HandEditStatusParams> {
  return new DocumentStatusItem<HandEditStatusParams>('packsAndPrompts.handEdits', vscode.l10n.t('Packs & Prompts: hand edits'), 50, (status) => ({
    icon: icons[status.state],
    tooltip: vscode.l10n.t('Hand edits in this file against its committed version (HEAD), FORMATS.md B.5'),
  }));
}
