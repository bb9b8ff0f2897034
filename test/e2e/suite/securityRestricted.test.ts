// Restricted mode in a real VS Code: the workspace is not trusted (the pass
// of test/e2e/passes.mjs that leaves workspace trust on), yet the extension
// checks the open documents; it runs no git (an edit of a committed capture
// gets no hand-edit warning, only what the text itself says) and reads no
// closed file (Go to Session finds only the open file's sessions, though
// others are on disk); the Session Review works without HEAD and says so.
// Skipped in the trusted passes.

import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { openDocument, waitForDiagnostics } from './helpers';
import { opened, waitForReport } from './reviewHelpers';

suite('restricted mode', () => {
  suiteSetup(function () {
    if (process.env['PACKS_E2E_RESTRICTED'] !== '1') this.skip();
  });

  test('the workspace is untrusted, yet documents are checked, git never runs and closed files are not read', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'this pass opens the workspace in restricted mode');
    const document = await openDocument('prompts/hand-edits.prompts');
    const editor = await vscode.window.showTextDocument(document);
    await waitForDiagnostics(document.uri, () => true);
    const session = document.getText().indexOf('title = "');
    assert.ok(session > 0);
    assert.ok(await editor.edit((b) => b.insert(document.positionAt(session + 'title = "'.length), 'Edited: ')));
    // The edit is checked (a bad value would be reported), but not judged against HEAD: no git.
    assert.ok(await editor.edit((b) => b.insert(document.positionAt(document.getText().indexOf('source = "') + 'source = "'.length), 'x')));
    const diagnostics = await waitForDiagnostics(document.uri, (ds) => ds.some((d) => d.code === 'prompts/bad-enum-value'));
    assert.deepEqual(diagnostics.filter((d) => String(d.code).startsWith('prompts/unlogged') || d.code === 'prompts/hand-edits-unchecked'), []);
    const symbols = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', '');
    const files = [...new Set(symbols.map((s) => s.location.uri.path.split('/').pop()))];
    assert.deepEqual(files, ['hand-edits.prompts'], 'sessions of open files only');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  // After the test above: it counts the open files, and this one opens another.
  test('the Session Review shows the open file and says that HEAD was not compared', async () => {
    const { packs, document } = await opened();
    const report = await waitForReport(packs, document.uri, (r) => r.text.includes('Not compared with HEAD'), 'the note about HEAD');
    assert.match(report.text, /Not compared with HEAD: restricted mode: git is not run\./);
    assert.deepEqual(report.cards, ['r-1', 'r-2']);
  });
});
