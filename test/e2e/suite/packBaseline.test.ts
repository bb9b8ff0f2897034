// A pack against its committed version in a real editor. The runner
// commits the workspace copy, so editing `prefix cache.pack` makes the
// preview say "Changed since HEAD" with the common prefix of the two
// renders (checked here against both renders, byte by byte); the version
// line gets the unversioned-change warning, whose bump fix clears it; and
// "Compare Rendered Prompt with HEAD" opens a diff editor of HEAD's render
// and the current one.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { environmentPresets } from '../../../src-shared/pack/presets';
import type { PacksApi } from '../../../client/src/api';
import type { PreviewShown } from '../../../client/src/preview/packPreview';
import { refDecode, refRender } from '../../unit/pack/support/reference';
import { activeExtension, closeAllEditors, defaultDeadlineMs, openDocument, waitFor, waitForDiagnostics, workspaceRoot } from './helpers';

// Its own committed file: these tests edit it, other suites read the other packs.
const file = 'Prompt Packs ü/prefix cache.pack';
const unversioned = 'pack/render-changed-version-unchanged';
const hasUnversioned = (ds: readonly vscode.Diagnostic[]) => ds.some((d) => d.code === unversioned);

function committedText(): string {
  return execFileSync('git', ['show', `HEAD:${file}`], { cwd: workspaceRoot().fsPath, encoding: 'utf8' });
}

/** What the preview renders by default (the first preset), as the independent reference renders it, not the extension's core. */
function renderText(text: string): string {
  const d = refDecode(text);
  assert.ok(d.ok, 'the pack decodes');
  return refRender(d.pack, environmentPresets[0]!.environment, 'loom-9');
}

/** UTF-8 bytes two texts share from the start, whole characters only: worked out here independently of the extension. */
function sharedBytes(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return Buffer.byteLength(x.slice(0, n).join(''));
}

function waitForPreview(packs: PacksApi, uri: vscode.Uri, test: (shown: PreviewShown) => boolean, description: string): Promise<PreviewShown> {
  return waitFor(() => {
    const shown = packs.previewShown(uri.toString());
    return shown && test(shown) ? shown : undefined;
  }, defaultDeadlineMs, description);
}

/** The test file open, holding its committed text, with its preview beside it saying so. */
async function freshPack(): Promise<{ editor: vscode.TextEditor; packs: PacksApi }> {
  const document = await openDocument(file);
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor && editor.document === document);
  const committed = committedText();
  if (document.getText() !== committed) {
    const all = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
    assert.ok(await editor.edit((b) => b.replace(all, committed)));
  }
  const packs = (await activeExtension()).exports as PacksApi;
  await vscode.commands.executeCommand('packsAndPrompts.showPreviewToSide', document.uri);
  await waitForPreview(packs, document.uri, (s) => s.renderVersion === document.version && /^Unchanged since HEAD/.test(s.baseline ?? ''), 'the preview to say the render is unchanged since HEAD');
  return { editor, packs };
}

suite('packs against HEAD', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await closeAllEditors();
  });

  test('an edited body: the preview shows "changed" with the common prefix, and the version line warns until the bump fix', async () => {
    const { editor, packs } = await freshPack();
    const document = editor.document;
    const at = document.getText().indexOf('Keep changes small');
    assert.ok(at > 0);
    assert.ok(await editor.edit((b) => b.insert(document.positionAt(at), 'Über alles: ')));

    const shown = await waitForPreview(packs, document.uri, (s) => s.renderVersion === document.version && /^Changed since HEAD/.test(s.baseline ?? ''), 'the preview to say the render changed');
    const head = renderText(committedText());
    const now = renderText(document.getText());
    assert.equal(shown.text, now);
    const common = sharedBytes(head, now);
    const share = Math.floor((common / Buffer.byteLength(now)) * 1000) / 10;
    const figure = /common prefix ([\d,]+) bytes \((\d+\.\d)%\)/.exec(shown.baseline!);
    assert.ok(figure, `a common-prefix figure in: ${shown.baseline}`);
    assert.equal(Number(figure[1]!.replace(/,/g, '')), common);
    assert.equal(Number(figure[2]), share);
    const renderLine = now.slice(0, now.indexOf('Über alles')).split('\n').length;
    const packLine = document.positionAt(at).line + 1;
    assert.match(shown.baseline!, new RegExp(`First difference:render line ${renderLine}Über alles: Keep changes small.*←conduct, pack line ${packLine}$`, 's'));

    const diagnostics = await waitForDiagnostics(document.uri, hasUnversioned);
    const warning = diagnostics.find((d) => d.code === unversioned)!;
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(warning.range.start.line, 1);
    assert.match(warning.message, /^the render changed but the version did not: `prefix-7` is HEAD's version too/);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, warning.range);
    const bump = actions.find((a) => a.title === 'Bump the version to `prefix-8`');
    // Its edit runs as a command that applies it only to the version it was computed for (client/src/versionedEdits.ts).
    assert.ok(bump?.command, `a bump among ${actions.map((a) => a.title).join(', ')}`);
    assert.equal(await vscode.commands.executeCommand(bump.command.command, ...(bump.command.arguments ?? [])), true);
    assert.equal(document.lineAt(1).text, '%% version prefix-8');
    await waitForDiagnostics(document.uri, (ds) => !hasUnversioned(ds));
    await waitForPreview(packs, document.uri, (s) => s.renderVersion === document.version && /version prefix-7 → prefix-8/.test(s.baseline ?? ''), 'the preview to show the bumped version');
  });

  test('Compare Rendered Prompt with HEAD opens a diff editor of the two renders', async () => {
    const { editor } = await freshPack();
    const document = editor.document;
    const at = document.getText().indexOf('Delegate only');
    assert.ok(await editor.edit((b) => b.insert(document.positionAt(at), 'Never delegate secrets. ')));
    await vscode.commands.executeCommand('packsAndPrompts.compareWithHead', document.uri);
    const diff = await waitFor(
      () => {
        const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        return input instanceof vscode.TabInputTextDiff && input.original.scheme === 'packs-render' ? input : undefined;
      },
      defaultDeadlineMs,
      'a diff editor of two renders',
    );
    assert.match(diff.original.path, /prefix cache\.pack @ HEAD/);
    assert.notEqual(vscode.window.tabGroups.activeTabGroup.viewColumn, editor.viewColumn, 'the diff opened beside the pack, not over it');
    const original = await vscode.workspace.openTextDocument(diff.original);
    const modified = await vscode.workspace.openTextDocument(diff.modified);
    assert.equal(original.getText(), renderText(committedText()));
    await waitFor(() => modified.getText() === renderText(document.getText()), defaultDeadlineMs, 'the right side to hold the current render');
    assert.match(modified.getText(), /Never delegate secrets\. Delegate only/);
    assert.doesNotMatch(original.getText(), /Never delegate secrets/);
  });
});
