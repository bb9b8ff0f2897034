// The extension stays dormant until a pack or .prompts file opens, then
// activates on that language. Runs first in a fresh window (see index.ts);
// the runner repeats it once per language (scripts/e2e/passes.mjs).

import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { activeExtension, defaultDeadlineMs, extensionId, openDocument, waitFor } from './helpers';

/** A file of each language; the pass picks which one opens first. */
const firstFileByLanguage: Record<string, string> = {
  'loom-pack': 'Prompt Packs ü/assistant.pack',
  'spec-prompts': 'prompts/feature-login.prompts',
};

suite('activation', () => {
  const language = process.env['PACKS_E2E_ACTIVATION_LANGUAGE'] ?? 'loom-pack';

  test('nothing activates the extension before a pack or .prompts file opens', () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension, `${extensionId} is loaded`);
    assert.equal(extension.isActive, false);
  });

  test(`opening a ${language} file activates the extension`, async () => {
    const relPath = firstFileByLanguage[language];
    assert.ok(relPath, `a first file for ${language}`);
    const document = await openDocument(relPath);
    assert.equal(document.languageId, language);
    await activeExtension();
  });

  test('the output channel exists from activation, and Show Output opens it with the start logged', async () => {
    await activeExtension();
    await vscode.commands.executeCommand('packsAndPrompts.showOutput');
    // A shown output channel is a text document of the `output` scheme, named after the channel.
    const channel = await waitFor(
      () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'output' && decodeURIComponent(d.uri.toString()).includes('Packs & Prompts')),
      defaultDeadlineMs,
      'the Packs & Prompts output channel to be shown',
    );
    await waitFor(() => /language server started/.test(channel.getText()), defaultDeadlineMs, 'the start logged in the channel');
    // The panel it opened would shorten every editor and webview the later suites measure.
    await vscode.commands.executeCommand('workbench.action.closePanel');
  });
});
