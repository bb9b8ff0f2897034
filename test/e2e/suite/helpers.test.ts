// The suite's own waits, checked in the real extension host so that feature
// tests can trust them: they resolve on the signal and fail by deadline with
// their description.

import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { waitFor, waitForDiagnostics, workspaceUri } from './helpers';

suite('helpers', () => {
  const collection = vscode.languages.createDiagnosticCollection('e2e-helpers');
  suiteTeardown(() => collection.dispose());

  test('waitForDiagnostics resolves when a change event brings matching diagnostics', async () => {
    const uri = workspaceUri('Prompt Packs ü/assistant.pack');
    const expected = new vscode.Diagnostic(new vscode.Range(1, 0, 1, 5), 'planted by the helper test');
    const waiting = waitForDiagnostics(uri, (ds) => ds.some((d) => d.message === expected.message), 5_000);
    collection.set(uri, [expected]);
    const diagnostics = await waiting;
    assert.ok(diagnostics.some((d) => d.message === expected.message));
  });

  test('waitForDiagnostics rejects after its deadline, naming the file', async () => {
    const uri = workspaceUri('prompts/feature-login.prompts');
    await assert.rejects(waitForDiagnostics(uri, () => false, 200), /timed out after 200 ms waiting for diagnostics of .*feature-login\.prompts/);
  });

  test('waitFor returns the first truthy value and rejects with its description at the deadline', async () => {
    let calls = 0;
    assert.equal(await waitFor(() => ++calls >= 3 && calls, 5_000, 'three calls'), 3);
    await assert.rejects(waitFor(() => false, 100, 'something that never happens'), /waiting for something that never happens/);
  });
});
