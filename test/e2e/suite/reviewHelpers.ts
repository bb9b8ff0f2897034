// What the Session Review's end-to-end tests share: its test file opened
// with the review beside it, and waits on what the review page reports.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PacksApi } from '../../../client/src/api';
import type { ReviewReport } from '../../../src-shared/prompts/review/messages';
import { activeExtension, defaultDeadlineMs, waitFor, workspaceUri } from './helpers';

const file = 'prompts/feature-review.prompts';

async function api(): Promise<PacksApi> {
  return (await activeExtension()).exports as PacksApi;
}

export function waitForReport(packs: PacksApi, uri: vscode.Uri, ok: (r: ReviewReport) => boolean, description: string): Promise<ReviewReport> {
  let last: ReviewReport | undefined;
  return waitFor(() => {
    const r = packs.reviewShown(uri.toString());
    last = r;
    return r && ok(r) ? r : undefined;
  }, defaultDeadlineMs, description).catch((e: unknown) => {
    throw new Error(`${String(e)}; the last report: ${JSON.stringify(last && { ...last, cards: `${last.cards.length} cards`, text: `${last.text.slice(0, 300)} … ${last.text.slice(-300)}` })}`);
  });
}

export function lineOf(document: vscode.TextDocument, needle: string): number {
  const at = document.getText().indexOf(needle);
  assert.ok(at >= 0, `${needle} is in the file`);
  return document.positionAt(at).line;
}

/** The review's file, open with its committed text, and its review shown beside it. */
export async function opened(): Promise<{ packs: PacksApi; document: vscode.TextDocument; report: ReviewReport }> {
  const document = await vscode.workspace.openTextDocument(workspaceUri(file));
  // In the first group: after a test that left the focus in the review, the active group is the review's.
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preview: false });
  const packs = await api();
  assert.equal(await vscode.commands.executeCommand('packsAndPrompts.openSessionReviewToSide', document.uri), true);
  const report = await waitForReport(packs, document.uri, (r) => r.version === document.version, 'the review to show the open version');
  return { packs, document, report };
}


/** A `.prompts` file written into the workspace's prompts/ folder (named for its branch), open in the first group with its review beside it. */
export async function reviewedFile(branch: string, text: string): Promise<{ packs: PacksApi; document: vscode.TextDocument; editor: vscode.TextEditor; uri: vscode.Uri }> {
  const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'prompts', `${branch}.prompts`);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const document = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
  const packs = await api();
  assert.equal(await vscode.commands.executeCommand('packsAndPrompts.openSessionReviewToSide', uri), true);
  return { packs, document, editor, uri };
}
