// "Export as Published Markdown": what a public feed would show of a
// `.prompts` file (public sessions only, secrets masked, no email), asked
// of the server (src-shared/prompts/review/markdown.ts, the same text as
// the command line's `review --published --format markdown`), written to
// `<name>.published.md` beside the file or copied to the clipboard.

import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { publishedMarkdownRequest, type PublishedMarkdownParams, type PublishedMarkdownResult } from '../../../src-shared/protocol/prompts';
import { baseName, dirName } from '../../../src-shared/text/uriPath';

export type ExportTarget = 'file' | 'clipboard';

/** Where the export goes when not asked: beside the source. */
export function exportUri(source: vscode.Uri): vscode.Uri {
  const name = baseName(source.path).replace(/\.prompts$/i, '');
  return source.with({ path: `${dirName(source.path)}/${name}.published.md` });
}

/**
 * Exports the published view of `source` to `to` (asked with a pick when not given); a file already there is
 * replaced only once the user agreed, or when `to` was given (a script, a test). Resolves to where it went,
 * undefined when nothing was written.
 */
export async function exportPublishedMarkdown(client: LanguageClient, source: vscode.Uri, to?: ExportTarget): Promise<vscode.Uri | 'clipboard' | undefined> {
  await vscode.workspace.openTextDocument(source);
  const params: PublishedMarkdownParams = { uri: source.toString() };
  const result = await client.sendRequest<PublishedMarkdownResult | null>(publishedMarkdownRequest, params);
  if (!result) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} cannot be exported: it does not parse, or it is too large to read.', baseName(source.path)));
    return undefined;
  }
  const target = to ?? (await pickTarget(exportUri(source)));
  if (!target) return undefined;
  if (target === 'clipboard') {
    await vscode.env.clipboard.writeText(result.markdown);
    void vscode.window.showInformationMessage(vscode.l10n.t('Copied the published Markdown ({0} public sessions) to the clipboard.', result.sessions));
    return 'clipboard';
  }
  const uri = exportUri(source);
  if (to === undefined && (await exists(uri))) {
    const replace = vscode.l10n.t('Replace');
    const answer = await vscode.window.showWarningMessage(vscode.l10n.t('{0} exists already. Replace it?', baseName(uri.path)), { modal: true }, replace);
    if (answer !== replace) return undefined;
  }
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(result.markdown));
  await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Active });
  return uri;
}

async function pickTarget(file: vscode.Uri): Promise<ExportTarget | undefined> {
  const items: (vscode.QuickPickItem & { target: ExportTarget })[] = [
    { label: vscode.l10n.t('Save as {0}', baseName(file.path)), description: vscode.l10n.t('beside the .prompts file'), target: 'file' },
    { label: vscode.l10n.t('Copy to the clipboard'), target: 'clipboard' },
  ];
  const picked = await vscode.window.showQuickPick(items, { placeHolder: vscode.l10n.t('Export what a public feed would show: public sessions only, secrets masked, no emails') });
  return picked?.target;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
