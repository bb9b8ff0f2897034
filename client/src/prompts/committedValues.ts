// What a hand-edited value was at HEAD. An unlogged-edit warning whose value
// changed or went carries the value's TOML text as committed (in its
// diagnostic's data); hovering the value shows it, with a link that opens
// VS Code's diff of the value then and now (also the warning's "Compare
// with HEAD" code action). The two sides are read-only documents of the
// `packs-committed:` scheme, held here while a diff shows them.

import * as vscode from 'vscode';
import { handEditCodes, type UnloggedEditData } from '../../../src-shared/prompts/handEdits/codes';
import { type CompareValueParams, compareValueWithHeadCommand } from '../../../src-shared/protocol/prompts';
import { languageIds } from '../../../src-shared/protocol/common';
import { baseName } from '../../../src-shared/text/uriPath';

export const committedScheme = 'packs-committed';

/** How much of a committed value the hover shows; the diff shows it all. */
const hoverChars = 1_500;

class CommittedValues implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private next = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.query) ?? vscode.l10n.t('(This value is no longer held: run Compare with HEAD again.)');
  }

  /** A document holding `text`, titled `name`. */
  hold(name: string, text: string): vscode.Uri {
    const key = String(this.next++);
    this.texts.set(key, text);
    return vscode.Uri.from({ scheme: committedScheme, path: `/${name}`, query: key });
  }

  /** Lets go of the texts no open document shows any more. */
  release(): void {
    const open = new Set(vscode.workspace.textDocuments.filter((d) => d.uri.scheme === committedScheme).map((d) => d.uri.query));
    for (const key of this.texts.keys()) if (!open.has(key)) this.texts.delete(key);
  }
}

export function registerCommittedValues(context: vscode.ExtensionContext): void {
  const values = new CommittedValues();
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(committedScheme, values),
    vscode.workspace.onDidCloseTextDocument((d) => d.uri.scheme === committedScheme && values.release()),
    vscode.commands.registerCommand(compareValueWithHeadCommand, (params: CompareValueParams) => compareValue(values, params)),
    vscode.languages.registerHoverProvider({ language: languageIds.prompts }, { provideHover: (document, position) => committedHover(document, position) }),
  );
}

async function compareValue(values: CommittedValues, params: CompareValueParams): Promise<void> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(params.uri));
  // The range is of the version the warning was for: after an edit it may cut the value anywhere.
  if (document.version !== params.version) {
    void vscode.window.showWarningMessage(vscode.l10n.t('The file changed since this warning was shown; hover the value again to compare it with HEAD.'));
    return;
  }
  const range = new vscode.Range(params.range.start.line, params.range.start.character, params.range.end.line, params.range.end.character);
  const what = params.what.replaceAll('`', '').replace(/ (changed|was removed)$/, '');
  const file = baseName(document.uri.path);
  const left = values.hold(`${file} @ HEAD: ${what}`, params.committed);
  const right = values.hold(`${file}: ${what}`, document.getText(range));
  await vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0}: {1} (HEAD ↔ now)', file, what), { preview: true, viewColumn: vscode.ViewColumn.Beside });
}

/** The committed value of each unlogged-edit warning under the cursor. */
function committedHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
  const found = vscode.languages
    .getDiagnostics(document.uri)
    .filter((d) => d.code === handEditCodes.unloggedEdit.code && d.range.contains(position))
    .map((d) => ({ d, data: (d as vscode.Diagnostic & { data?: unknown }).data }))
    .filter((x): x is { d: vscode.Diagnostic; data: UnloggedEditData & { committed: string } } => hasCommitted(x.data));
  if (found.length === 0) return undefined;
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: [compareValueWithHeadCommand] };
  for (const { d, data } of found) {
    const shown = data.committed.length > hoverChars ? `${data.committed.slice(0, hoverChars)}…` : data.committed;
    md.appendMarkdown(`${vscode.l10n.t('**At HEAD** ({0}):', escape(data.what.replace(/ (changed|was removed)$/, '')))}\n\n`);
    md.appendCodeblock(shown, 'toml');
    const params: CompareValueParams = { uri: document.uri.toString(), version: document.version, range: { start: d.range.start, end: d.range.end }, committed: data.committed, what: data.what };
    md.appendMarkdown(`[$(git-compare) ${vscode.l10n.t('Compare with HEAD')}](command:${compareValueWithHeadCommand}?${encodeURIComponent(JSON.stringify([params]))})\n\n`);
  }
  return new vscode.Hover(md, found[0]!.d.range);
}

function hasCommitted(data: unknown): data is UnloggedEditData & { committed: string } {
  return typeof data === 'object' && data !== null && typeof (data as { committed?: unknown }).committed === 'string';
}

/** The description is ours (key names in backticks), but a key may hold Markdown characters. */
function escape(text: string): string {
  return text.replace(/[\\*_[\]<>]/g, (c) => `\\${c}`);
}
