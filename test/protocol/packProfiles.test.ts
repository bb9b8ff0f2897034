// Workspace profiles through the protocol: the client sends the texts of
// the workspace's *.loomprofile.json files (`packs/workspaceProfiles`), a
// pack's `%% # profile:` comment or the setting picks one, the verdict
// follows it, and editing the file into something invalid falls back to
// the default with a note, without the server failing.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { workspaceProfilesNotification, type WorkspaceProfilesParams } from '../../src-shared/protocol/pack';
import { LspSession } from '../support/lspSession';

const uri = 'file:///work/packs/agent.pack';
const profileUri = 'file:///work/profiles/fork.loomprofile.json';
const fork = {
  name: 'fork',
  canonical_sections: ['identity'],
  required_fragments: [],
  literal_bindings: [{ name: 'custom', from: 'shell' }],
  selections: [],
  enforcements: ['FullyEnforced'],
};
const pack = '%% loom-prompt-pack 1\n%% version v1\n%% # profile: fork\n%% section identity\nRuns in {custom}.\n';

function send(session: LspSession, text: string): void {
  const params: WorkspaceProfilesParams = { files: [{ uri: profileUri, path: 'profiles/fork.loomprofile.json', text }] };
  void session.connection.sendNotification(workspaceProfilesNotification, params);
}

test('a workspace profile named by the pack judges it; a broken edit of it falls back with a note; a fix restores it', async () => {
  const session = await LspSession.start();
  try {
    send(session, JSON.stringify(fork));
    await session.open(uri, 'loom-pack', pack);
    assert.deepEqual(await session.diagnosticsAt(uri, 1), []);

    send(session, JSON.stringify({ ...fork, literal_bindings: [{ name: 'custom', from: 'nowhere' }] }));
    const fallback = await session.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'pack/profile-fallback'));
    const note = fallback.find((d) => d.code === 'pack/profile-fallback')!;
    assert.equal(note.range.start.line, 2);
    assert.match(note.message, /profile file profiles\/fork.loomprofile.json is not valid: line 1, column \d+: literal_bindings\[0\]\.from: must be one of/);
    assert.ok(fallback.some((d) => d.code === 'pack/unknown-placeholder'), 'judged under loom-9: {custom} is unknown');

    send(session, '{ not json');
    await session.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'pack/profile-fallback' && /not valid JSON/.test(d.message)));

    send(session, JSON.stringify(fork));
    await session.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
  } finally {
    await session.stop();
  }
});

test('the setting names a workspace profile; the code lens and a hover name the profile that judged the pack', async () => {
  const session = await LspSession.start({ settings: { pack: { profile: 'fork' } } });
  try {
    send(session, JSON.stringify(fork));
    const text = pack.replace('%% # profile: fork\n', '');
    await session.open(uri, 'loom-pack', text);
    assert.deepEqual(await session.diagnosticsAt(uri, 1), []);
    const lenses = (await session.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as { command: { title: string } }[];
    assert.match(lenses[0]!.command.title, /^pack · 0 corrupting · 0 shaping · fork · digest/);
    const hover = (await session.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 12 } })) as { contents: { value: string } };
    assert.match(hover.contents.value, /Judged under fork from profiles\/fork\.loomprofile\.json \(the packsAndPrompts\.pack\.profile setting\)/);
  } finally {
    await session.stop();
  }
});

test('a profile file gets the faults its JSON Schema cannot express, at their ranges; fixing the file clears them', async () => {
  const session = await LspSession.start();
  try {
    const text = JSON.stringify({ ...fork, selections: [{ name: 'custom', by: 'enforcement', fragments: { BestEffort: '_b' } }] }, null, 2);
    send(session, text);
    const found = await session.waitForDiagnostics(profileUri, (p) => p.diagnostics.length > 0);
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start.line, d.message]),
      [
        ['profile/invalid', 14, 'selections[0].name: `custom` is already a literal binding'],
        ['profile/invalid', 17, "selections[0].fragments.BestEffort: `BestEffort` is not in this profile's `enforcements`"],
      ],
    );
    send(session, JSON.stringify(fork));
    await session.waitForDiagnostics(profileUri, (p) => p.diagnostics.length === 0);
    send(session, JSON.stringify({ ...fork, name: 'loom-9' }));
    const clash = await session.waitForDiagnostics(profileUri, (p) => p.diagnostics.length > 0);
    assert.match(clash[0]!.message, /`loom-9` is a built-in profile's name/);
  } finally {
    await session.stop();
  }
});
