// The .prompts editor in a real VS Code: an invalid file shows its errors
// at their ranges, formatting a CRLF file is idempotent and keeps every
// value and the line ending, the outline lists sessions and turns, and go
// to session finds sessions across files, a file written later included.

import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import { parse } from 'smol-toml';
import * as vscode from 'vscode';
import { closeAllEditors, defaultDeadlineMs, openDocument, waitFor, waitForDiagnostics, workspaceUri } from './helpers';

const formatting = { tabSize: 2, insertSpaces: true };

function formatEdits(uri: vscode.Uri): Thenable<vscode.TextEdit[] | undefined> {
  return vscode.commands.executeCommand<vscode.TextEdit[] | undefined>('vscode.executeFormatDocumentProvider', uri, formatting);
}

/** The sessions `query` finds, or false while there are none (for `waitFor`). */
async function workspaceSymbols(query: string): Promise<vscode.SymbolInformation[] | false> {
  const found = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', query);
  return found.length > 0 && found;
}

suite('prompts editor', () => {
  suiteTeardown(closeAllEditors);

  test('an invalid .prompts file shows its errors at their ranges', async () => {
    const doc = await openDocument('prompts/captured/invalid.prompts');
    const diagnostics = await waitForDiagnostics(doc.uri, (ds) => ds.length >= 3);
    const shown = diagnostics
      .map((d) => [String(d.code), d.severity, doc.getText(d.range)])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    assert.deepStrictEqual(shown, [
      ['prompts/bad-enum-value', vscode.DiagnosticSeverity.Error, '"curser"'],
      ['prompts/unknown-key', vscode.DiagnosticSeverity.Error, 'outcom'],
      ['prompts/unknown-tool', vscode.DiagnosticSeverity.Warning, '"Browse"'],
    ]);
  });

  test('formatting is idempotent, keeps every value and the CRLF line ending', async () => {
    const doc = await openDocument('prompts/unformatted crlf.prompts');
    const before = doc.getText();
    const edits = await waitFor(async () => {
      const e = await formatEdits(doc.uri);
      return e !== undefined && e.length > 0 && e;
    }, defaultDeadlineMs, 'format edits for the unformatted file');
    const edit = new vscode.WorkspaceEdit();
    edit.set(doc.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(edit));
    const once = doc.getText();
    assert.notEqual(once, before);
    assert.deepStrictEqual(parse(once), parse(before));
    assert.ok(once.startsWith('# about the commit\r\n[commit]\r\nbranch = "chore/tidy"\r\n'), JSON.stringify(once.slice(0, 80)));
    assert.ok(once.includes("  text = '''\r\n    A multi-line literal with the writer's pile-up.\r\n      \r\n    '''\r\n"), 'the multi-line string is untouched');
    assert.equal(doc.eol, vscode.EndOfLine.CRLF);
    assert.deepStrictEqual((await formatEdits(doc.uri)) ?? [], [], 'formatting again changes nothing');
    await vscode.commands.executeCommand('editor.action.formatDocument');
    assert.equal(doc.getText(), once);
  });

  test('the outline lists the commit, each session by title and its turns', async () => {
    const doc = await openDocument('prompts/feature-login.prompts');
    const symbols = await waitFor(
      async () => {
        const s = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', doc.uri);
        return s !== undefined && s.length > 0 && s;
      },
      defaultDeadlineMs,
      'document symbols of feature-login.prompts',
    );
    assert.deepStrictEqual(
      symbols.map((s) => [s.name, s.children.map((c) => c.name)]),
      [
        ['commit', []],
        ['Login form', ['user: Add a login form with email and password fields.', 'assistant: Grep, Edit']],
      ],
    );
  });

  test('go to session finds a session by id or title in any .prompts file, one written after start included', async () => {
    await openDocument('prompts/captured/invalid.prompts');
    const found = await waitFor(() => workspaceSymbols('d1714569'), defaultDeadlineMs, 'the feature-login session by id');
    const loginForm = 'Login form (d1714569-0d3c-4c55-9a43-1f2a6b0c7e11)';
    assert.deepStrictEqual(found.map((s) => [s.name, vscode.workspace.asRelativePath(s.location.uri)]), [[loginForm, 'prompts/feature-login.prompts']]);
    // VS Code's Ctrl+T keeps only symbols whose name matches what was typed: the title is in the name.
    const byTitle = await waitFor(() => workspaceSymbols('Login'), defaultDeadlineMs, 'the feature-login session by title');
    // The Session Review's workspace file has a session of that title too.
    assert.deepStrictEqual(
      byTitle.map((s) => [s.name, vscode.workspace.asRelativePath(s.location.uri)]).sort(),
      [[loginForm, 'prompts/feature-login.prompts'], ['Login form <script>alert(1)</script> (r-1)', 'prompts/feature-review.prompts']],
    );
    const later = workspaceUri('prompts/later.prompts');
    await vscode.workspace.fs.writeFile(later, new TextEncoder().encode('[[sessions]]\nid = "facade00-later"\ntitle = "Written later"\n'));
    const written = await waitFor(() => workspaceSymbols('facade00'), defaultDeadlineMs, 'the session of a file written after the index was built');
    assert.deepStrictEqual(written.map((s) => s.name), ['Written later (facade00-later)']);
  });
});
