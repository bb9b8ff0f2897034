// Environment files (`*.packenv.json`) are checked against the contributed
// JSON Schema by their name alone, wherever they sit: a bundled example
// copied into a folder of the workspace (as a user copies it into theirs)
// with a mistyped enforcement posture gets the JSON language service's
// error on that value, and never "Unable to load schema" (which a
// relative `$schema` in the file gave once it was copied).

import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { activeExtension, closeAllEditors, openDocument, waitForDiagnostics, workspaceUri } from './helpers';

suite('environment files', () => {
  suiteTeardown(closeAllEditors);

  test('a copied example with a mistyped posture is flagged by the contributed schema', async () => {
    const extension = await activeExtension();
    const example = vscode.Uri.joinPath(extension.extensionUri, 'examples', 'environments', 'ci-proxied.packenv.json');
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(example));
    assert.match(text, /"enforcement": "PlatformEnforced"/);
    const copy = 'config/envs ü/copied.packenv.json';
    await vscode.workspace.fs.writeFile(workspaceUri(copy), new TextEncoder().encode(text.replace('"PlatformEnforced"', '"Platformenforced"')));
    const document = await openDocument(copy);
    const line = document.getText().split('\n').findIndex((l) => l.includes('Platformenforced'));
    const diagnostics = await waitForDiagnostics(document.uri, (ds) => ds.some((d) => d.range.start.line === line));
    const shown = diagnostics.map((d) => `${d.range.start.line}: ${d.message}`);
    assert.ok(!shown.some((m) => /Unable to load schema/i.test(m)), shown.join('\n'));
    assert.ok(diagnostics.some((d) => d.range.start.line === line && /FullyEnforced|PlatformEnforced/.test(d.message)), shown.join('\n'));
  });
});
