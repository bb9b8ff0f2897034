// The manifest's language contributions, seen from a real editor: file
// extensions, the pack header's `firstLine` match, and hard paths (a space
// and non-ASCII in folder names, CRLF line ends).

import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { closeAllEditors, openDocument } from './helpers';

suite('languages', () => {
  suiteTeardown(closeAllEditors);

  test('a .pack file in a folder with a space and non-ASCII opens as loom-pack', async () => {
    const document = await openDocument('Prompt Packs ü/assistant.pack');
    assert.equal(document.languageId, 'loom-pack');
    assert.match(document.uri.fsPath, /Prompt Packs ü/);
  });

  test('a CRLF pack keeps its line ends and opens as loom-pack', async () => {
    const document = await openDocument('Prompt Packs ü/crlf assistant.pack');
    assert.equal(document.languageId, 'loom-pack');
    assert.equal(document.eol, vscode.EndOfLine.CRLF);
  });

  test('a file without the .pack extension opens as loom-pack by its header line', async () => {
    const document = await openDocument('Prompt Packs ü/SYSTEM_PROMPT');
    assert.equal(document.languageId, 'loom-pack');
  });

  test('a .prompts file opens as spec-prompts', async () => {
    const document = await openDocument('prompts/feature-login.prompts');
    assert.equal(document.languageId, 'spec-prompts');
  });
});
