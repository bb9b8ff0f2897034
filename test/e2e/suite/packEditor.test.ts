// Packs in a real VS Code: a corrupt pack's errors at their lines and the
// assess split in the status bar; the rendered preview beside a pack,
// byte for byte what `dist/cli.js render` prints, following edits, and
// keeping its last good render (marked stale) while the pack is broken.
// What the preview shows is read back from its page through the
// extension's API.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { PacksApi } from '../../../client/src/api';
import type { PreviewShown } from '../../../client/src/preview/packPreview';
import { activeExtension, closeAllEditors, defaultDeadlineMs, openDocument, saveDocument, waitFor, waitForDiagnostics, workspaceUri } from './helpers';

async function api(): Promise<PacksApi> {
  return (await activeExtension()).exports as PacksApi;
}

/** What `dist/cli.js render` prints for the file on disk (by default for the first preset, as the preview's default). */
async function cliRender(file: vscode.Uri, ...options: string[]): Promise<string> {
  const extension = await activeExtension();
  // In desktop VS Code the extension host is Electron: ask it to run as plain Node.
  return execFileSync(process.execPath, [path.join(extension.extensionPath, 'dist', 'cli.js'), 'render', file.fsPath, ...options], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    encoding: 'utf8',
  });
}

function waitForPreview(packs: PacksApi, uri: vscode.Uri, test: (shown: PreviewShown) => boolean, description: string): Promise<PreviewShown> {
  return waitFor(() => {
    const shown = packs.previewShown(uri.toString());
    return shown && test(shown) ? shown : undefined;
  }, defaultDeadlineMs, description);
}

suite('pack editor', () => {
  suiteTeardown(closeAllEditors);

  test('a corrupt pack: an error on each corrupt line, with its code, and the status bar says it does not decode', async () => {
    const document = await openDocument('Prompt Packs ü/corrupt.pack');
    const diagnostics = await waitForDiagnostics(document.uri, (ds) => ds.length > 0);
    assert.deepEqual(
      diagnostics.map((d) => [d.range.start.line + 1, d.severity, d.code]),
      [
        [5, vscode.DiagnosticSeverity.Error, 'pack/text-outside-section'],
        [11, vscode.DiagnosticSeverity.Error, 'pack/bad-section-name'],
        [16, vscode.DiagnosticSeverity.Error, 'pack/unknown-keyword'],
        [21, vscode.DiagnosticSeverity.Error, 'pack/duplicate-version'],
        [24, vscode.DiagnosticSeverity.Error, 'pack/duplicate-section'],
        [27, vscode.DiagnosticSeverity.Error, 'pack/unknown-keyword'],
      ],
    );
    assert.equal(diagnostics[1]!.message, 'expected a section name of 1-64 characters from [a-z0-9_], got: Conduct');
    assert.equal(diagnostics[1]!.range.end.character, '%% section Conduct'.length);
    const packs = await api();
    await waitFor(() => packs.statusBarText()?.endsWith('pack · corrupt (6 lines)'), defaultDeadlineMs, 'the status bar to count 6 corrupt lines');
  });

  test('a pack that decodes: the assess split in the status bar, corrupting as errors', async () => {
    const document = await openDocument('Prompt Packs ü/typos.pack');
    const diagnostics = await waitForDiagnostics(document.uri, (ds) => ds.length === 3);
    assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['pack/missing-fragment', 'pack/unknown-placeholder', 'pack/unknown-placeholder']);
    const packs = await api();
    const text = await waitFor(() => packs.statusBarText()?.includes('3 corrupting') && packs.statusBarText(), defaultDeadlineMs, 'the split in the status bar');
    assert.equal(text, '$(warning) pack · 3 corrupting · 0 shaping · loom-9');
  });

  test('the rendered preview opens beside the pack and shows exactly what dist/cli.js render prints', async () => {
    const document = await openDocument('Prompt Packs ü/assistant.pack');
    const packs = await api();
    await vscode.commands.executeCommand('packsAndPrompts.showPreviewToSide', document.uri);
    const shown = await waitForPreview(packs, document.uri, (s) => s.renderVersion === document.version, 'the preview to show the pack');
    const expected = await cliRender(document.uri);
    assert.ok(expected.length > 200, 'a real prompt');
    assert.equal(shown.text, expected);
    assert.equal(shown.stale, false);
    assert.equal(shown.environmentId, 'preset:linux-enforced-offline');
  });

  test('the preview follows an edit, and matches the command line on the saved file', async () => {
    const document = await openDocument('Prompt Packs ü/assistant.pack');
    const packs = await api();
    await vscode.commands.executeCommand('packsAndPrompts.showPreviewToSide', document.uri);
    const line = document.getText().split('\n').findIndex((l) => l.startsWith('%% section identity')) + 1;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(line, 0), 'Edited in the e2e test: {platform}.\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const shown = await waitForPreview(packs, document.uri, (s) => s.renderVersion === document.version, `the preview to show version ${document.version}`);
    assert.match(shown.text, /Edited in the e2e test: linux\/x86_64\./);
    await saveDocument(document);
    assert.equal(shown.text, await cliRender(document.uri));
  });

  test('a pack that stops decoding keeps its last good render in the preview, marked stale', async () => {
    const document = await openDocument('Prompt Packs ü/assistant.pack');
    const packs = await api();
    await vscode.commands.executeCommand('packsAndPrompts.showPreviewToSide', document.uri);
    const good = await waitForPreview(packs, document.uri, (s) => s.renderVersion === document.version && !s.stale, 'a current render');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), 'stray text before the header\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const stale = await waitForPreview(packs, document.uri, (s) => s.stale, 'the preview to mark its render stale');
    assert.equal(stale.text, good.text);
    assert.equal(stale.renderVersion, good.renderVersion);
    await vscode.commands.executeCommand('undo');
    await waitForPreview(packs, document.uri, (s) => !s.stale && s.renderVersion === document.version, 'a fresh render after the fix');
  });

  test('a workspace environment file: chosen for a pack, rendered as the command line renders it, and followed while edited', async () => {
    const document = await openDocument('Prompt Packs ü/crlf assistant.pack');
    const envUri = workspaceUri('Prompt Packs ü/staging.packenv.json');
    const envId = `file:${envUri.toString()}`;
    const packs = await api();
    await vscode.commands.executeCommand('packsAndPrompts.chooseEnvironment', document.uri, envId);
    await vscode.commands.executeCommand('packsAndPrompts.showPreviewToSide', document.uri);
    const shown = await waitForPreview(packs, document.uri, (s) => s.environmentId === envId, 'the preview to render for the environment file');
    assert.equal(shown.text, await cliRender(document.uri, '--env', envUri.fsPath));
    assert.match(shown.text, /\/srv\/staging\/app/);

    const envDocument = await vscode.workspace.openTextDocument(envUri);
    const edit = new vscode.WorkspaceEdit();
    const at = envDocument.getText().indexOf('/srv/staging/app');
    edit.replace(envUri, new vscode.Range(envDocument.positionAt(at), envDocument.positionAt(at + '/srv/staging/app'.length)), '/srv/staging/next');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const followed = await waitForPreview(packs, document.uri, (s) => s.text.includes('/srv/staging/next'), 'the preview to follow the unsaved environment edit');
    assert.ok(!followed.text.includes('/srv/staging/app'));
    await saveDocument(envDocument);
  });

  test('the compare view\'s documents hold the render under each environment, as the command line prints it', async () => {
    const document = await openDocument('Prompt Packs ü/assistant.pack');
    await saveDocument(document);
    for (const preset of ['macos-degraded-open', 'ci-platform-proxied']) {
      const uri = vscode.Uri.from({ scheme: 'packs-render', path: `/assistant.pack (${preset})`, query: JSON.stringify({ pack: document.uri.toString(), environment: `preset:${preset}` }) });
      const rendered = await vscode.workspace.openTextDocument(uri);
      assert.equal(rendered.getText(), await cliRender(document.uri, '--preset', preset), preset);
    }
  });
  test('Compare starts on the pack\'s own environment, then on another one, and opens the diff beside the pack', async () => {
    await closeAllEditors();
    const document = await openDocument('Prompt Packs ü/corrupt.pack');
    const packColumn = vscode.window.activeTextEditor!.viewColumn;
    await vscode.commands.executeCommand('packsAndPrompts.chooseEnvironment', document.uri, 'preset:macos-degraded-open');
    try {
      const comparing = vscode.commands.executeCommand('packsAndPrompts.compareEnvironments', document.uri);
      // Enter in each picker as soon as it is up: it takes the row the picker started on.
      const diff = await waitFor(
        async () => {
          await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
          const tab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.scheme === 'packs-render');
          return tab;
        },
        defaultDeadlineMs,
        'the compare pickers to take their first rows and the diff to open',
      );
      await comparing;
      const input = diff.input as vscode.TabInputTextDiff;
      const environment = (u: vscode.Uri) => (JSON.parse(u.query) as { environment: string }).environment;
      assert.deepEqual([environment(input.original), environment(input.modified)], ['preset:macos-degraded-open', 'preset:linux-enforced-offline']);
      assert.notEqual(diff.group.viewColumn, packColumn, 'the diff opened beside the pack, not over it');
      assert.ok(vscode.window.tabGroups.all.some((g) => g.viewColumn === packColumn && g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === document.uri.toString())), 'the pack is still shown');
    } finally {
      await vscode.commands.executeCommand('packsAndPrompts.chooseEnvironment', document.uri, 'preset:linux-enforced-offline');
      await closeAllEditors();
    }
  });
});
