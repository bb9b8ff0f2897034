// The status bar item for the bundle rules: for the active `.prompts`
// editor, what it was checked against (every `.prompts` file of its
// bundle, or in restricted mode the open ones only).

import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { bundleStatusNotification, type BundleStatusParams } from '../../../src-shared/protocol/prompts';
import { DocumentStatusItem } from './documentStatus';

export function bundleStatusItem(): DocumentStatusItem<BundleStatusParams> {
  return new DocumentStatusItem<BundleStatusParams>('packsAndPrompts.bundle', vscode.l10n.t('Packs & Prompts: bundle'), 49, (status) => ({
    icon: status.scope === 'openFiles' ? '$(lock)' : '$(files)',
    tooltip:
      status.scope === 'openFiles'
        ? vscode.l10n.t('Restricted mode: session ids, forks and merged copies are checked against the open .prompts files only. Trust the workspace to check every file of the bundle (FORMATS.md B.7).')
        : vscode.l10n.t('Session ids, forks, merged copies and file names checked across the .prompts files under prompts/ (FORMATS.md B.7)'),
  }));
}

export function registerBundleStatus(context: vscode.ExtensionContext, client: BaseLanguageClient): DocumentStatusItem<BundleStatusParams> {
  const status = bundleStatusItem();
  context.subscriptions.push(status, client.onNotification(bundleStatusNotification, (p: BundleStatusParams) => status.update(p)));
  return status;
}
