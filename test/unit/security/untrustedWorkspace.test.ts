// Restricted mode in the server's parts, with injected I/O that fails the
// test if it is used while the workspace is untrusted: the hand-edit store
// never spawns git, and the workspace index never lists or reads a file
// (only the open documents count) until trust is granted; the manifest
// declares what restricted mode turns off.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { GitSpawn } from '../../../src-node/git/command';
import { BaselineStore } from '../../../server/src/prompts/handEditsBaselines';
import { sessionsExtractor } from '../../../server/src/prompts/workspaceSymbols';
import { WorkspaceTrust } from '../../../server/src/trust';
import { trustedFiles, type WorkspaceFiles } from '../../../server/src/workspaceFiles';
import { WorkspaceIndex } from '../../../server/src/workspaceIndex';
import { committed } from '../../support/handEditFixtures';
import { repoRoot } from '../../support/paths';
import { readManifest } from '../../support/manifest';
import { defaultSettings, resolveSettings, restrictedSettings } from '../../../src-shared/settings';

const onDisk = 'file:///work/prompts/closed.prompts';

/** Workspace files that fail the test when touched while `trust` says no. */
function guardedFiles(trust: WorkspaceTrust, touched: string[]): WorkspaceFiles {
  const check = (what: string) => {
    assert.ok(trust.trusted, `${what} while the workspace is untrusted`);
    touched.push(what);
  };
  return {
    list: async (glob) => {
      check(`list ${glob}`);
      return [onDisk];
    },
    read: async (uri) => {
      check(`read ${uri}`);
      return committed.replace('id = "s-1"', 'id = "closed"');
    },
  };
}

test('untrusted, the workspace index lists and reads nothing; granted, it forgets what it had and reads the disk', async () => {
  const trust = new WorkspaceTrust();
  const touched: string[] = [];
  const open = TextDocument.create('file:///work/prompts/open.prompts', 'spec-prompts', 1, committed);
  const index = new WorkspaceIndex(trustedFiles(guardedFiles(trust, touched), trust), () => [open], () => undefined);
  const ids = async () => (await index.entries(sessionsExtractor)).flatMap((e) => e.value.map((s) => s.id));
  assert.deepEqual(await ids(), ['s-1']);
  assert.deepEqual(touched, []);
  trust.set(true);
  index.forgetFiles();
  assert.deepEqual(await ids(), ['s-1', 'closed']);
  assert.deepEqual(touched, ['list **/*.prompts', `read ${onDisk}`]);
});

test('untrusted, the hand-edit store answers every question without spawning git', async () => {
  const trust = new WorkspaceTrust();
  const store = new BaselineStore(async (s: GitSpawn) => assert.fail(`git ${s.args.join(' ')} while untrusted`), trust);
  const uri = pathToFileURL(path.join(repoRoot, 'examples', 'prompts', 'feature-login.prompts')).href;
  assert.deepEqual(await store.baseline(uri), { kind: 'off', reason: 'untrusted' });
  assert.deepEqual(await store.headText(uri), { kind: 'off', reason: 'untrusted' });
  assert.equal(await store.authorFor(uri), undefined);
  assert.deepEqual(await store.knownRepositories(), []);
});

test('trust arrives once: the listeners hear of the grant, not of the start', () => {
  const trust = new WorkspaceTrust();
  const heard: boolean[] = [];
  trust.onDidChange(() => heard.push(trust.trusted));
  trust.initialize({ processId: null, rootUri: null, capabilities: {}, initializationOptions: { workspaceTrusted: false } });
  trust.set(true);
  trust.set(true);
  assert.deepEqual(heard, [true]);
  const started = new WorkspaceTrust();
  started.initialize({ processId: null, rootUri: null, capabilities: {}, initializationOptions: { workspaceTrusted: true } });
  assert.equal(started.trusted, true);
});

test('the manifest declares restricted mode as limited and says what it turns off', () => {
  const manifest = readManifest() as { capabilities: { untrustedWorkspaces: { supported: string; description: string } } };
  const untrusted = manifest.capabilities.untrustedWorkspaces;
  assert.equal(untrusted.supported, 'limited');
  for (const words of ['runs no program', 'git never runs', 'open files only', '*.packenv.json']) assert.ok(untrusted.description.includes(words), words);
});

test('every setting that can hide a finding is restricted in the manifest, and resolves to its default untrusted', () => {
  const manifest = readManifest() as { capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } } };
  assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, restrictedSettings.map((k) => `packsAndPrompts.${k}`));
  const raw = {
    maxFileSizeMB: 1000,
    maxItemsComputed: 1,
    pack: { profile: 'loom-1', severity: { 'pack/missing-section': 'off' }, maxRenderBytes: 10 },
    prompts: { strictUnknownTools: true, secrets: { severity: { 'stripe-key': 'off' }, extraPatterns: [{ kind: 'k', pattern: 'x' }] } },
  };
  const untrusted = resolveSettings(raw, { trusted: false });
  assert.deepEqual(untrusted, { ...defaultSettings, pack: { ...defaultSettings.pack, profile: 'loom-1' } }, 'only the profile, which a pack can name itself, is taken');
  assert.notDeepEqual(resolveSettings(raw, { trusted: true }), untrusted);
  assert.deepEqual(raw.prompts.secrets.severity, { 'stripe-key': 'off' }, 'the raw settings are not changed');
});
