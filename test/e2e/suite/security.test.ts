// Reliability and security in a real VS Code: the rendered preview shows a
// pack's `<script>` and `</textarea>` as characters (read back from the
// page, whose elements are only its own); a quick fix of either language,
// computed before an edit, is refused with the document untouched by it,
// and applies once asked again; a hand-edit fix asked for an older version
// changes nothing; and a language server killed outright is started again
// and checks documents as before (this test runs last: it ends the server).

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { PacksApi } from '../../../client/src/api';
import { activeExtension, closeAllEditors, defaultDeadlineMs, waitFor, waitForDiagnostics } from './helpers';

const markup = '<script>alert(1)</script> and </textarea><img src=x onerror=alert(2)>';

const pack = (body: string) => `%% loom-prompt-pack 1\n%% version v1\n\n%% section identity\n${body}\n`;

async function untitled(language: string, content: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language, content });
  return vscode.window.showTextDocument(document, { preview: false });
}

/** Inserts a line at the top of the editor's document, as a user typing would. */
async function typeAtTop(editor: vscode.TextEditor, text: string): Promise<void> {
  assert.ok(await editor.edit((b) => b.insert(new vscode.Position(0, 0), text)));
}

/** The language servers this extension host started (its children running dist/server.js). */
function serverPids(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((l) => /dist[\\/]server\.js/.test(l))
    .map((l) => Number.parseInt(l.trim(), 10));
}

function find(diagnostics: readonly vscode.Diagnostic[], code: string): vscode.Diagnostic {
  const found = diagnostics.find((d) => d.code === code);
  assert.ok(found, code);
  return found;
}

async function quickFix(document: vscode.TextDocument, diagnostic: vscode.Diagnostic, title: RegExp): Promise<vscode.Command> {
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, diagnostic.range);
  const action = actions.find((a) => title.test(a.title));
  assert.ok(action?.command, `${title} among ${actions.map((a) => a.title).join(', ')}`);
  assert.equal(action.edit, undefined, 'the edit travels with its version, in the command');
  return action.command;
}

suite('security', () => {
  suiteTeardown(closeAllEditors);

  test('the preview shows a pack\'s <script> and </textarea> as characters, and holds no such element', async () => {
    const editor = await untitled('loom-pack', pack(markup));
    await vscode.commands.executeCommand('packsAndPrompts.showPreviewToSide', editor.document.uri);
    const packs = (await activeExtension()).exports as PacksApi;
    const shown = await waitFor(() => {
      const s = packs.previewShown(editor.document.uri.toString());
      return s && s.renderVersion === editor.document.version ? s : undefined;
    }, defaultDeadlineMs, 'the preview of the pack');
    assert.ok(shown.text.includes(markup), `the render on screen: ${shown.text}`);
    for (const tag of shown.tags) assert.ok(['A', 'BUTTON', 'CODE', 'DIV', 'HEADER', 'P', 'PRE', 'SPAN', 'STRONG'].includes(tag), `the page holds a ${tag}`);
  });

  test('a pack quick fix computed before an edit is refused after it, and applies when asked again', async () => {
    const editor = await untitled('loom-pack', pack('Platform: {platfrom}'));
    const document = editor.document;
    const typo = find(await waitForDiagnostics(document.uri, (ds) => ds.some((d) => d.code === 'pack/unknown-placeholder')), 'pack/unknown-placeholder');
    const stale = await quickFix(document, typo, /Did you mean `\{platform\}`/);
    await typeAtTop(editor, '\n');
    const before = document.getText();
    assert.equal(await vscode.commands.executeCommand(stale.command, ...(stale.arguments ?? [])), false);
    assert.equal(document.getText(), before, 'nothing was written at the old positions');
    const moved = find(await waitForDiagnostics(document.uri, (ds) => ds.some((d) => d.code === 'pack/unknown-placeholder' && d.range.start.line === typo.range.start.line + 1)), 'pack/unknown-placeholder');
    const fresh = await quickFix(document, moved, /Did you mean `\{platform\}`/);
    assert.equal(await vscode.commands.executeCommand(fresh.command, ...(fresh.arguments ?? [])), true);
    assert.match(document.getText(), /Platform: \{platform\}/);
  });

  test('a .prompts quick fix computed before an edit is refused after it', async () => {
    const text = '[commit]\nbranch = "main"\nauthor_name = "A"\nauthor_email = "a@example.com"\n\n[[sessions]]\nid = "s-1"\nsource = "curser"\n\n  [[sessions.turns]]\n  role = "user"\n  text = "hi"\n';
    const editor = await untitled('spec-prompts', text);
    const document = editor.document;
    const bad = find(await waitForDiagnostics(document.uri, (ds) => ds.some((d) => d.code === 'prompts/bad-enum-value')), 'prompts/bad-enum-value');
    const stale = await quickFix(document, bad, /Change to "cursor"/);
    await typeAtTop(editor, '# a comment\n');
    const before = document.getText();
    assert.equal(await vscode.commands.executeCommand(stale.command, ...(stale.arguments ?? [])), false);
    assert.equal(document.getText(), before);
    // The positive control: the same fix, asked for the document as it now is, applies.
    const moved = find(await waitForDiagnostics(document.uri, (ds) => ds.some((d) => d.code === 'prompts/bad-enum-value' && d.range.start.line === bad.range.start.line + 1)), 'prompts/bad-enum-value');
    const fresh = await quickFix(document, moved, /Change to "cursor"/);
    assert.equal(await vscode.commands.executeCommand(fresh.command, ...(fresh.arguments ?? [])), true);
    assert.equal(document.getText(), before.replace('source = "curser"', 'source = "cursor"'));
  });

  test('a hand-edit fix asked for an older version changes nothing', async () => {
    const text = '[commit]\nbranch = "main"\nauthor_name = "A"\nauthor_email = "a@example.com"\n\n[[sessions]]\nid = "s-1"\nsource = "manual"\n\n  [[sessions.turns]]\n  role = "user"\n  text = "use token=abcd1234efgh5678 here"\n';
    const editor = await untitled('spec-prompts', text);
    const document = editor.document;
    const secret = find(await waitForDiagnostics(document.uri, (ds) => ds.some((d) => d.code === 'prompts/secret')), 'prompts/secret');
    const params = { uri: document.uri.toString(), version: document.version, fix: { kind: 'redact', ranges: [{ start: secret.range.start, end: secret.range.end }] } };
    await typeAtTop(editor, '# a comment\n');
    const before = document.getText();
    assert.equal(await vscode.commands.executeCommand('packsAndPrompts.applyHandEditFix', params), false);
    assert.equal(document.getText(), before);
    // The positive control: the same redaction, asked for the current version at the secret's new place, applies.
    const moved = find(await waitForDiagnostics(document.uri, (ds) => ds.some((d) => d.code === 'prompts/secret' && d.range.start.line === secret.range.start.line + 1)), 'prompts/secret');
    const current = { uri: params.uri, version: document.version, fix: { kind: 'redact', ranges: [{ start: moved.range.start, end: moved.range.end }] } };
    assert.equal(await vscode.commands.executeCommand('packsAndPrompts.applyHandEditFix', current), true);
    assert.match(document.getText(), /text = "use \[REDACTED\] here"/);
  });

  test('a language server killed outright is started again, and checks documents as before', async function () {
    if (process.platform !== 'linux') this.skip();
    const [before, ...others] = serverPids();
    assert.ok(before !== undefined && others.length === 0, `one server runs: ${[before, ...others].join(', ')}`);
    process.kill(before, 'SIGKILL');
    const [after] = await waitFor(() => {
      const now = serverPids();
      return now.length === 1 && now[0] !== before && now;
    }, defaultDeadlineMs, 'a new language server');
    assert.notEqual(after, before);
    const editor = await untitled('loom-pack', pack('Platform: {platfrom}'));
    await waitForDiagnostics(editor.document.uri, (ds) => ds.some((d) => d.code === 'pack/unknown-placeholder'));
  });
});
