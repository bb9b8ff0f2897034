// Hand edits in a real editor. The runner commits the workspace copy as the
// baseline (scripts/e2e/workspace.mjs), so editing a committed `.prompts`
// file by hand shows the unlogged-edit warning; its "Record in [[edits]]"
// fix appends an entry whose reason is typed into the snippet, and the
// warning goes. Redact Selection replaces and records in one undo step.
// A real `git commit` clears the warnings: HEAD is watched.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { closeAllEditors, defaultDeadlineMs, openDocument, saveDocument, waitFor, waitForDiagnostics, workspaceRoot } from './helpers';

// Its own committed file: these tests edit and save it, and other suites read feature-login.prompts.
const file = 'prompts/hand-edits.prompts';
const unloggedCode = 'prompts/unlogged-edit';
const hasUnlogged = (ds: readonly vscode.Diagnostic[]) => ds.some((d) => d.code === unloggedCode);
const secretCode = 'prompts/secret';
const pastedSecret = 'token=abcd1234efgh5678';

/** The range of the first occurrence of `needle` in the document. */
function rangeOf(document: vscode.TextDocument, needle: string): vscode.Range {
  const at = document.getText().indexOf(needle);
  assert.ok(at >= 0, `${needle} is in ${document.uri.fsPath}`);
  return new vscode.Range(document.positionAt(at), document.positionAt(at + needle.length));
}

/** The test file, open and showing exactly its committed text (saved: the web workbench saves on its own after a delay). */
async function freshEditor(): Promise<vscode.TextEditor> {
  const document = await openDocument(file);
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor && editor.document === document);
  const committed = execFileSync('git', ['show', `HEAD:${file}`], { cwd: workspaceRoot().fsPath, encoding: 'utf8' });
  if (document.getText() !== committed) {
    const all = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
    assert.ok(await editor.edit((b) => b.replace(all, committed)));
  }
  await saveDocument(document);
  await waitForDiagnostics(document.uri, (ds) => !hasUnlogged(ds));
  return editor;
}

suite('hand edits', () => {
  suiteTeardown(closeAllEditors);

  test('the e2e workspace is trusted, so git may run', () => {
    assert.equal(vscode.workspace.isTrusted, true);
  });

  test('a hand edit shows its warning, and "Record in [[edits]]" with a typed reason removes it', async () => {
    const editor = await freshEditor();
    const document = editor.document;
    const value = rangeOf(document, '"Add a login form with email and password fields."');
    assert.ok(await editor.edit((b) => b.replace(value, '"Add a login form."')));
    const diagnostics = await waitForDiagnostics(document.uri, hasUnlogged);
    const warning = diagnostics.find((d) => d.code === unloggedCode)!;
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(warning.message, '`text` of turn 0 changed since HEAD, and no [[edits]] entry records it');
    assert.deepEqual([warning.range.start.line, warning.range.start.character], [value.start.line, value.start.character]);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, warning.range);
    const record = actions.find((a) => a.title === 'Record in [[edits]]');
    assert.ok(record?.command, `a Record action among ${actions.map((a) => a.title).join(', ')}`);
    assert.equal(await vscode.commands.executeCommand(record.command.command, ...(record.command.arguments ?? [])), true);
    // The snippet's first tab stop, the reason, is selected: typing replaces it.
    await vscode.commands.executeCommand('type', { text: 'Tightened the first prompt.' });
    await vscode.commands.executeCommand('leaveSnippet');

    await waitForDiagnostics(document.uri, (ds) => !hasUnlogged(ds));
    const text = document.getText();
    assert.match(text, /\n\n\[\[edits\]\]\nat = \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\nby = "e2e@packs-and-prompts\.invalid"\nsessions = \["5e0c3b2a-7f41-4d6e-9b1c-2a8d4f6e0b93"\]\nturns = \[0\]\nreason = "Tightened the first prompt\."\n$/);
  });

  test('a changed value\'s hover shows what it was at HEAD, and Compare with HEAD opens the diff of the value beside', async () => {
    const editor = await freshEditor();
    const document = editor.document;
    const committedValue = '"Add a login form with email and password fields."';
    const value = rangeOf(document, committedValue);
    assert.ok(await editor.edit((b) => b.replace(value, '"Add a login form."')));
    const diagnostics = await waitForDiagnostics(document.uri, hasUnlogged);
    const warning = diagnostics.find((d) => d.code === unloggedCode)!;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, warning.range.start.translate(0, 3));
    const shown = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(shown, /\*\*At HEAD\*\* \(`text` of turn 0\)/);
    assert.ok(shown.includes(committedValue), shown);
    assert.match(shown, /\(command:packsAndPrompts\.compareValueWithHead\?/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, warning.range);
    const compare = actions.find((a) => a.title === 'Compare with HEAD: what this value was');
    assert.ok(compare?.command, `a Compare action among ${actions.map((a) => a.title).join(', ')}`);
    const packColumn = editor.viewColumn;
    await vscode.commands.executeCommand(compare.command.command, ...(compare.command.arguments ?? []));
    const diff = await waitFor(
      () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.scheme === 'packs-committed'),
      defaultDeadlineMs,
      'the diff of the value at HEAD and now',
    );
    const input = diff.input as vscode.TabInputTextDiff;
    assert.equal((await vscode.workspace.openTextDocument(input.original)).getText(), committedValue);
    assert.equal((await vscode.workspace.openTextDocument(input.modified)).getText(), '"Add a login form."');
    assert.notEqual(diff.group.viewColumn, packColumn, 'beside the file');
    // Leave the file as committed and saved: closing a dirty editor leaves it dirty for the next test.
    const restore = new vscode.WorkspaceEdit();
    restore.replace(document.uri, rangeOf(document, '"Add a login form."'), committedValue);
    assert.ok(await vscode.workspace.applyEdit(restore));
    await saveDocument(document);
    await closeAllEditors();
  });

  test('Redact Selection replaces the selection and appends an entry; one undo restores both', async () => {
    const editor = await freshEditor();
    const document = editor.document;
    // A secret pasted by hand: flagged, and an unlogged edit. The clean file meets neither, so the wait after the
    // redaction can only be met by the server's check of the redacted text.
    assert.ok(await editor.edit((b) => b.replace(rangeOf(document, 'email and password'), pastedSecret)));
    await waitForDiagnostics(document.uri, (ds) => hasUnlogged(ds) && ds.some((d) => d.code === secretCode));
    const original = document.getText();
    const secret = rangeOf(document, pastedSecret);
    editor.selection = new vscode.Selection(secret.start, secret.end);
    assert.equal(await vscode.commands.executeCommand('packsAndPrompts.redactSelection'), true);
    const redacted = document.getText();
    assert.match(redacted, /text = "Add a login form with \[REDACTED\] fields\."/);
    // The entry also covers the pasting itself, an unlogged edit of the same text, and its reason names it (issue 14).
    assert.match(redacted, /\nsessions = \["5e0c3b2a-7f41-4d6e-9b1c-2a8d4f6e0b93"\]\nturns = \[0\]\nreason = "Redacted text in turn 0\. Also records: text of turn 0 changed\."\n$/);
    const checked = await waitForDiagnostics(document.uri, (ds) => !hasUnlogged(ds) && !ds.some((d) => d.code === secretCode));
    assert.deepEqual(checked.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).map((d) => d.message), []);

    await vscode.commands.executeCommand('leaveSnippet');
    await vscode.commands.executeCommand('undo');
    await waitFor(() => document.getText() === original, defaultDeadlineMs, 'one undo to restore the text and remove the entry');
  });

  test('Redact Selection refuses a selection that takes in the quotes, and changes nothing', async () => {
    const editor = await freshEditor();
    const document = editor.document;
    const original = document.getText();
    const quoted = rangeOf(document, '"Add a login form');
    editor.selection = new vscode.Selection(quoted.start, quoted.end);
    assert.equal(await vscode.commands.executeCommand('packsAndPrompts.redactSelection'), false);
    assert.equal(document.getText(), original);
  });

  test('committing the edit with git clears the warning: HEAD is watched', async () => {
    const editor = await freshEditor();
    const document = editor.document;
    assert.ok(await editor.edit((b) => b.replace(rangeOf(document, '"Login form"'), '"Sign-in form"')));
    await waitForDiagnostics(document.uri, hasUnlogged);
    await saveDocument(document);
    const identity = ['-c', 'user.email=e2e@packs-and-prompts.invalid', '-c', 'user.name=Packs E2E'];
    execFileSync('git', [...identity, 'commit', '-q', '--no-gpg-sign', '-am', 'Retitle by hand'], { cwd: workspaceRoot().fsPath });
    await waitForDiagnostics(document.uri, (ds) => !hasUnlogged(ds));
  });
});
