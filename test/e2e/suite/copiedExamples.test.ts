// The example JSON files (environments `*.packenv.json`, profiles
// `*.loomprofile.json`) are checked against the contributed JSON Schema by
// their name alone, wherever they sit: each bundled example copied into a
// folder of the workspace (as a user copies it into theirs) with one value
// mistyped gets the JSON language service's error on that value, and never
// "Unable to load schema" (which a relative `$schema` in the file gave once
// it was copied).

import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { activeExtension, closeAllEditors, openDocument, waitForDiagnostics, workspaceUri } from './helpers';

const examples = [
  { what: 'an environment with a mistyped posture', example: ['environments', 'ci-proxied.packenv.json'], copy: 'config/envs ü/copied.packenv.json', right: '"PlatformEnforced"', typo: '"Platformenforced"', expected: /FullyEnforced|PlatformEnforced/ },
  { what: 'a profile with a mistyped enforcement', example: ['fork', 'acme.loomprofile.json'], copy: 'config/profiles ü/copied.loomprofile.json', right: '"DegradedRefusing"]', typo: '"Degradedrefusing"]', expected: /DegradedRefusing|FullyEnforced/ },
];

suite('copied examples', () => {
  suiteTeardown(closeAllEditors);

  for (const { what, example, copy, right, typo, expected } of examples) {
    test(`a copied example of ${what} is flagged by the contributed schema`, async () => {
      const extension = await activeExtension();
      const source = vscode.Uri.joinPath(extension.extensionUri, 'examples', ...example);
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(source));
      assert.ok(text.includes(right), `${example.join('/')} holds ${right}`);
      assert.doesNotMatch(text, /"\$schema"/);
      await vscode.workspace.fs.writeFile(workspaceUri(copy), new TextEncoder().encode(text.replace(right, typo)));
      const document = await openDocument(copy);
      const line = document.getText().split('\n').findIndex((l) => l.includes(typo));
      const diagnostics = await waitForDiagnostics(document.uri, (ds) => ds.some((d) => d.range.start.line === line));
      const shown = diagnostics.map((d) => `${d.range.start.line}: ${d.message}`);
      assert.ok(!shown.some((m) => /Unable to load schema/i.test(m)), shown.join('\n'));
      assert.ok(diagnostics.some((d) => d.range.start.line === line && expected.test(d.message)), shown.join('\n'));
    });
  }
});
