// The bundle rules in a real VS Code: an open .prompts file shows a
// session id it shares with a file that is not open, with the related
// location in that file, and Go to Definition on `forked_from` opens the
// session it names in another closed file.

import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import type { PacksApi } from '../../../client/src/api';
import { closeAllEditors, defaultDeadlineMs, extensionId, openDocument, waitFor, waitForDiagnostics, workspaceUri } from './helpers';

const main = 'bundle ü/prompts/main.prompts';

suite('prompts bundle', () => {
  suiteTeardown(closeAllEditors);

  test('a session id shared with a closed file of the bundle is an error pointing at that file', async () => {
    const doc = await openDocument(main);
    const diagnostics = await waitForDiagnostics(doc.uri, (ds) => ds.some((d) => d.code === 'bundle/duplicate-session-id'));
    const duplicate = diagnostics.find((d) => d.code === 'bundle/duplicate-session-id')!;
    assert.equal(duplicate.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(doc.getText(duplicate.range), '"0b6f3c1e-2a4d-4e8f-9c70-5d1a2b3c4d5e"');
    const related = duplicate.relatedInformation ?? [];
    assert.equal(related.length, 1);
    const other = workspaceUri('bundle ü/prompts/feature-billing.prompts');
    assert.equal(related[0]!.location.uri.toString(), other.toString());
    assert.equal(related[0]!.location.range.start.line, 8);
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === other.toString()), 'the other file was never opened');
    const api = vscode.extensions.getExtension<PacksApi>(extensionId)!.exports;
    await waitFor(() => api.bundleStatusText() === '$(files) Bundle: 3 .prompts files', defaultDeadlineMs, 'the bundle status item');
  });

  test('Go to Definition on forked_from finds the session in another file', async () => {
    const doc = await openDocument(main);
    const line = doc.getText().split('\n').findIndex((l) => l.startsWith('forked_from'));
    const found = await waitFor(
      async () => {
        const locations = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', doc.uri, new vscode.Position(line, 20));
        return locations.length > 0 && locations;
      },
      defaultDeadlineMs,
      'a definition for forked_from',
    );
    const target = found[0]!;
    const uri = 'targetUri' in target ? target.targetUri : target.uri;
    assert.equal(vscode.workspace.asRelativePath(uri), 'bundle ü/prompts/captured/invoices.prompts');
  });
});
