// Restricted mode through the real server: while the workspace is not
// trusted the server starts no program (a logging git on PATH records
// none) and reads no file that is not open (Go to Session finds the open
// file's sessions, not those of a file only on disk), for `.prompts` hand
// edits, a pack's render discipline and its committed render alike. Once
// trust is granted, both start. A setting that could hide a finding (a
// secret kind or a pack code made `off`) keeps its default until then.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { WorkspaceSymbol } from 'vscode-languageserver/node';
import { type CommittedRender, renderCommittedRequest } from '../../src-shared/protocol/pack';
import { workspaceTrustedNotification } from '../../src-shared/protocol/prompts';
import { TempRepo } from '../support/gitRepos';
import { committed } from '../support/handEditFixtures';
import { loggingGit, untilLogged } from '../support/loggingGit';
import { LspSession } from '../support/lspSession';
import { fakeSecrets } from '../support/fakeSecrets';
import { lines, minimalValid } from '../support/promptsFixtures';

const pack = '%% loom-prompt-pack 1\n%% version v1\n%% section identity\nYou are an agent.\n';

test('untrusted, the server runs no git and reads no closed file; once trusted it does both', async () => {
  const repo = TempRepo.create();
  const open = repo.write('prompts/open.prompts', committed);
  repo.write('prompts/closed.prompts', committed.replace('id = "s-1"', 'id = "only-on-disk"'));
  const packFile = repo.write('packs/agent.pack', pack);
  repo.commitAll();
  const git = loggingGit();
  const session = await LspSession.start({ rootPath: repo.root });
  try {
    // Making the repository went through the logging git too; the server has not run yet.
    rmSync(git.log, { force: true });
    const openUri = pathToFileURL(open).href;
    const packUri = pathToFileURL(packFile).href;
    await session.open(openUri, 'spec-prompts', readFileSync(open, 'utf8'));
    await session.open(packUri, 'loom-pack', pack.replace('an agent', 'a careful agent'));
    await session.diagnosticsAt(openUri, 1);
    const packDiagnostics = await session.diagnosticsAt(packUri, 1);
    assert.ok(!packDiagnostics.some((d) => d.code === 'pack/render-changed-version-unchanged'), 'no HEAD to compare with while untrusted');
    const committedRender = await session.request<CommittedRender>(renderCommittedRequest, { uri: packUri });
    assert.equal(committedRender.kind, 'off');
    const names = async () => (await session.request<WorkspaceSymbol[]>('workspace/symbol', { query: '' })).map((s) => `${s.name} ${s.location.uri.split('/').pop()}`);
    assert.deepEqual(await names(), ['Login form (s-1) open.prompts'], 'the closed file is not read');
    assert.equal(existsSync(git.log), false, `git ran while untrusted:\n${existsSync(git.log) ? readFileSync(git.log, 'utf8') : ''}`);

    await session.connection.sendNotification(workspaceTrustedNotification, {});
    await session.waitForDiagnostics(packUri, (p) => p.diagnostics.some((d) => d.code === 'pack/render-changed-version-unchanged'));
    await untilLogged(git.log, 'ls-tree');
    assert.deepEqual((await names()).sort(), ['Login form (only-on-disk) closed.prompts', 'Login form (s-1) open.prompts']);
  } finally {
    git.restore();
    await session.stop();
    repo.dispose();
  }
});

test('untrusted, a workspace cannot switch a secret or a pack finding off; once trusted, its settings apply', async () => {
  const stripe = fakeSecrets(3).find((f) => f.name === 'stripe')!.text;
  const settings = { prompts: { secrets: { severity: { 'stripe-key': 'off' } } }, pack: { severity: { 'pack/missing-section': 'off' } } };
  const session = await LspSession.start({ settings });
  try {
    const promptsUri = 'file:///w/a.prompts';
    const packUri = 'file:///w/agent.pack';
    await session.open(promptsUri, 'spec-prompts', lines(minimalValid, `  summary = "${stripe}"`));
    await session.open(packUri, 'loom-pack', pack);
    const kinds = (ds: { code?: unknown; data?: unknown }[]) => ds.filter((d) => d.code === 'prompts/secret').map((d) => (d.data as { kind: string }).kind);
    assert.deepEqual(kinds(await session.diagnosticsAt(promptsUri, 1)), ['stripe-key'], 'the secret is reported while untrusted');
    assert.ok((await session.diagnosticsAt(packUri, 1)).some((d) => d.code === 'pack/missing-section'), 'the pack finding is reported while untrusted');

    await session.connection.sendNotification(workspaceTrustedNotification, {});
    await session.waitForDiagnostics(promptsUri, (p) => kinds(p.diagnostics).length === 0);
    await session.waitForDiagnostics(packUri, (p) => !p.diagnostics.some((d) => d.code === 'pack/missing-section'));
  } finally {
    await session.stop();
  }
});
