// The extension as a web extension (vscode.dev, github.dev): the same
// features on the same core, with no process and no disk. Runs in VS
// Code's web worker extension host (scripts/e2e: the "web extension" pass).

import * as assert from './assert';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { PacksApi } from '../../../client/src/api';
import { handEditCommands, type HandEditStatusParams } from '../../../src-shared/protocol/prompts';
import { clientCommands } from '../../../src-shared/protocol/pack';
import { activeExtension, closeAllEditors, defaultDeadlineMs, openDocument, waitFor, waitForDiagnostics } from '../suite/helpers';

const codes = (ds: readonly vscode.Diagnostic[]) => ds.map((d) => String(d.code)).sort();

/** The hand-edit verdict the server sent for the document's current text: what a wait for "something published" cannot tell from an old one. */
function handEditVerdict(packs: PacksApi, doc: vscode.TextDocument): Promise<HandEditStatusParams> {
  return waitFor(() => {
    const status = packs.handEditStatus(doc.uri.toString());
    return status && status.version === doc.version ? status : undefined;
  }, defaultDeadlineMs, `the hand-edit verdict of ${doc.uri.path} at version ${doc.version}`);
}

suite('web extension', () => {
  suiteTeardown(closeAllEditors);

  test('runs in the browser: no Node process around the extension', async () => {
    await openDocument('Prompt Packs ü/assistant.pack');
    const extension = await activeExtension();
    assert.equal(vscode.env.uiKind, vscode.UIKind.Web);
    assert.equal(typeof (globalThis as { process?: unknown }).process, 'undefined', 'the web worker host has no `process`');
    assert.ok(extension.isActive);
  });

  test('a corrupt pack shows its corruption, and the assess split shows on a decoding one', async () => {
    const corrupt = await openDocument('Prompt Packs ü/corrupt.pack');
    const corruption = await waitForDiagnostics(corrupt.uri, (ds) => ds.length > 0);
    assert.ok(corruption.every((d) => d.severity === vscode.DiagnosticSeverity.Error));
    assert.ok(corruption.some((d) => /expected/.test(d.message)), JSON.stringify(corruption.map((d) => d.message)));
    const typos = await openDocument('Prompt Packs ü/typos.pack');
    const assessed = await waitForDiagnostics(typos.uri, (ds) => ds.some((d) => String(d.code).includes('unknown-placeholder')));
    assert.ok(assessed.some((d) => d.severity === vscode.DiagnosticSeverity.Error && String(d.code).includes('unknown-placeholder')), JSON.stringify(codes(assessed)));
  });

  test('the rendered preview shows the pack, rendered in the worker', async () => {
    const pack = await openDocument('Prompt Packs ü/assistant.pack');
    const packs = (await activeExtension()).exports as PacksApi;
    await vscode.commands.executeCommand(clientCommands.showPreviewToSide, pack.uri);
    const shown = await waitFor(() => {
      const s = packs.previewShown(pack.uri.toString());
      return s && s.text.length > 0 ? s : undefined;
    }, defaultDeadlineMs, 'the preview to show a render');
    assert.equal(shown.stale, false);
    assert.match(shown.text, /You are/);
  });

  test('a .prompts file gets its schema errors; hand edits are off without a word of git', async () => {
    const invalid = await openDocument('prompts/captured/invalid.prompts');
    const ds = await waitForDiagnostics(invalid.uri, (all) => all.some((d) => d.code === 'prompts/bad-enum-value'));
    assert.deepEqual(ds.filter((d) => String(d.code).startsWith('prompts/unlogged')), []);
    const edited = await openDocument('prompts/hand-edits.prompts');
    const packs = (await activeExtension()).exports as PacksApi;
    const status = await handEditVerdict(packs, edited);
    assert.deepEqual([status.state, status.text], ['off', 'Hand edits off: git does not run in the browser'], 'no git: hand edits are off, and the line says why');
    assert.deepEqual(vscode.languages.getDiagnostics(edited.uri).filter((d) => String(d.code).startsWith('prompts/unlogged')), [], 'no git: no hand-edit finding');
  });

  test('outline, hover, completion and formatting answer from the worker', async () => {
    const doc = await openDocument('prompts/feature-login.prompts');
    const symbols = await waitFor(
      async () => {
        const found = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', doc.uri);
        return found && found.length > 0 ? found : undefined;
      },
      defaultDeadlineMs,
      'the outline',
    );
    assert.ok(symbols.some((s) => s.name.includes('commit')), JSON.stringify(symbols.map((s) => s.name)));
    const line = doc.getText().split('\n').findIndex((l) => l.startsWith('outcome'));
    assert.ok(line >= 0, 'feature-login.prompts has an outcome line');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, new vscode.Position(line, 2));
    assert.ok(hovers.length > 0, 'a hover on a key');
    const completions = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, new vscode.Position(line, 0));
    assert.ok(completions.items.length > 0, 'completions at the start of a line');
    const unformatted = await openDocument('prompts/unformatted crlf.prompts');
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', unformatted.uri, { tabSize: 2, insertSpaces: true });
    assert.ok(edits && edits.length > 0, 'the formatter has edits for the unformatted file');
  });

  test('Redact Selection writes [REDACTED] and an [[edits]] entry, in one undo step', async () => {
    const doc = await openDocument('prompts/feature-login.prompts');
    const editor = await waitFor(() => vscode.window.activeTextEditor?.document === doc ? vscode.window.activeTextEditor : undefined, defaultDeadlineMs, 'the editor');
    const text = doc.getText();
    const target = /text = "([^"\n]{6,})"/.exec(text);
    assert.ok(target, 'a one-line turn text to redact');
    const start = doc.positionAt(target.index + target[0].indexOf(target[1]!));
    editor.selection = new vscode.Selection(start, start.translate(0, 5));
    // The server has judged this text (its hand-edit line for this version), so the fix is asked of a version it knows.
    await handEditVerdict((await activeExtension()).exports as PacksApi, doc);
    await vscode.commands.executeCommand(handEditCommands.redactSelection);
    await waitFor(() => (doc.getText().includes('[REDACTED]') ? true : undefined), defaultDeadlineMs, 'the redaction');
    assert.match(doc.getText(), /\[\[edits\]\]/);
    await vscode.commands.executeCommand('undo');
    await waitFor(() => (doc.getText() === text ? true : undefined), defaultDeadlineMs, 'one undo to restore the text');
  });

  test('the Session Review opens beside a .prompts file, masks its secret and says HEAD is not compared here', async () => {
    const doc = await openDocument('prompts/feature-review.prompts');
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preview: false });
    const packs = (await activeExtension()).exports as PacksApi;
    assert.equal(await vscode.commands.executeCommand('packsAndPrompts.openSessionReviewToSide', doc.uri), true);
    const report = await waitFor(() => {
      const r = packs.reviewShown(doc.uri.toString());
      return r && r.version === doc.version && r.built === 2 ? r : undefined;
    }, defaultDeadlineMs, 'the review of both cards');
    assert.deepEqual(report.cards, ['r-1', 'r-2']);
    assert.match(report.text, /Not compared with HEAD: git does not run in the browser/);
    assert.match(report.text, /●●●● a GitHub token/);
    assert.ok(!report.text.includes('ghp_abcdefghijklmnopqrstuvwxyz0123'.slice(4)), 'the secret is masked');
    assert.ok(!report.text.includes('alice@example.com'), 'never the email');
  });
});
