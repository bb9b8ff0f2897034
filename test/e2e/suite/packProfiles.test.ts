// Profiles in a real VS Code: a pack that names a workspace profile
// (`%% # profile: fork`, the file under profiles/) is judged by it; editing
// the profile file (unsaved, in its editor) into something invalid makes the
// pack fall back to the default with a note on its comment line, and the
// status bar names the profile that judged the pack throughout.

import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { PacksApi } from '../../../client/src/api';
import { activeExtension, closeAllEditors, defaultDeadlineMs, openDocument, saveDocument, waitFor, waitForDiagnostics } from './helpers';

const packPath = 'Prompt Packs ü/fork agent.pack';
const profilePath = 'Prompt Packs ü/profiles/fork ü.loomprofile.json';

async function replaceAll(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit), 'the edit applies');
}

suite('pack profiles', () => {
  suiteTeardown(closeAllEditors);

  test('a workspace profile changes the verdict; a broken edit of it falls back with a note; restoring it restores the verdict', async () => {
    const packs = (await activeExtension()).exports as PacksApi;
    const profile = await openDocument(profilePath);
    const original = profile.getText();
    const pack = await openDocument(packPath);
    // Under fork: {os} is a binding and identity is all a pack needs.
    await waitForDiagnostics(pack.uri, (ds) => ds.length === 0);
    await waitFor(() => packs.statusBarText()?.endsWith('pack · 0 corrupting · 0 shaping · fork'), defaultDeadlineMs, 'the status bar to name the fork profile');

    await replaceAll(profile, original.replace('"from": "platform"', '"from": "the platform"'));
    const fallback = await waitForDiagnostics(pack.uri, (ds) => ds.some((d) => d.code === 'pack/profile-fallback'));
    const note = fallback.find((d) => d.code === 'pack/profile-fallback')!;
    assert.equal(note.range.start.line, 2, 'on the %% # profile: line');
    assert.equal(note.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(note.message, /fork ü\.loomprofile\.json is not valid: line 6, column \d+: literal_bindings\[0\]\.from: must be one of/);
    assert.ok(fallback.some((d) => d.code === 'pack/unknown-placeholder' && d.message.includes('{os}')), 'judged under loom-9, {os} is unknown');
    await vscode.window.showTextDocument(pack);
    await waitFor(() => packs.statusBarText()?.includes('· loom-9 (fallback)'), defaultDeadlineMs, 'the status bar to say the default judged it');

    await replaceAll(profile, original);
    await saveDocument(profile);
    await waitForDiagnostics(pack.uri, (ds) => ds.length === 0);
  });
});
