// Packs against their committed version, through the real server over
// stdio, in a temporary git repository holding a committed pack: an edited
// body warns on the version line (and its bump fix, a versioned edit,
// silences it); an edited comment does not; an edited fragment that one
// posture selects names only the environments that select it; a bumped
// version is fine; the render request carries the common-prefix figure and
// the first difference; the byte budget (a setting) names the environment
// and size, a workspace environment file included; a moved HEAD re-judges
// and tells the client; the HEAD render answers `packs/renderCommitted`;
// and an untrusted workspace never runs git.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic, TextDocumentEdit } from 'vscode-languageserver/node';
import { environment } from '../../src-shared/pack/environment';
import { environmentToJson } from '../../src-shared/pack/environmentFile';
import { utf8Length } from '../../src-shared/text/utf8';
import { environmentPresets } from '../../src-shared/pack/presets';
import {
  baselinesChangedNotification,
  type CommittedRender,
  type RenderedPack,
  renderCommittedRequest,
  renderRequest,
  type RenderResult,
  setEnvironmentNotification,
  workspaceEnvironmentsNotification,
} from '../../src-shared/protocol/pack';
import { gitHeadMovedNotification, workspaceTrustedNotification } from '../../src-shared/protocol/prompts';
import { TempRepo } from '../support/gitRepos';
import { LspSession } from '../support/lspSession';
import { examplesDir } from '../support/paths';
import { type RefEnvironment, refDecode, refRender } from '../unit/pack/support/reference';

const committed = readFileSync(path.join(examplesDir, 'loom-9', 'coding-agent.pack'), 'utf8');

/** HEAD's render as the independent reference gives it (FORMATS.md Part A written longhand), not the project's own core. */
function headRender(env: RefEnvironment): string {
  const d = refDecode(committed);
  assert.ok(d.ok, 'the committed pack decodes');
  return refRender(d.pack, env, 'loom-9');
}
const versionLine = 1;
const versionId = 'coding-agent-9.2';
const unversioned = 'pack/render-changed-version-unchanged';
const overBudget = 'pack/render-over-budget';
const discipline = (ds: readonly Diagnostic[]) => ds.filter((d) => d.code === unversioned || d.code === overBudget);

interface Started {
  readonly session: LspSession;
  readonly repo: TempRepo;
  readonly uri: string;
  baselineNotices: number;
}

async function start(options: { trusted?: boolean; settings?: unknown } = {}): Promise<Started> {
  const repo = TempRepo.create();
  const file = repo.write('packs/coding agent.pack', committed);
  repo.commitAll();
  const session = await LspSession.start({
    rootPath: repo.root,
    settings: options.settings ?? {},
    ...(options.trusted !== false && { initializationOptions: { workspaceTrusted: true } }),
  });
  const started: Started = { session, repo, uri: pathToFileURL(file).href, baselineNotices: 0 };
  session.connection.onNotification(baselinesChangedNotification, () => started.baselineNotices++);
  return started;
}

async function stop(s: Started): Promise<void> {
  await s.session.stop();
  s.repo.dispose();
}

function presetRef(id: string) {
  const preset = environmentPresets.find((p) => p.id === id)!;
  return { id: `preset:${id}`, label: preset.name, fields: environmentToJson(preset.environment) };
}

async function renderOf(s: Started, presetId: string): Promise<RenderedPack> {
  const result = await s.session.request<RenderResult | null>(renderRequest, { uri: s.uri, environment: presetRef(presetId) });
  assert.equal(result?.kind, 'rendered');
  return result as RenderedPack;
}

/** Opens the pack with `text` and waits for the diagnostics of that version. */
async function openWith(s: Started, text: string): Promise<Diagnostic[]> {
  await s.session.open(s.uri, 'loom-pack', text);
  return s.session.diagnosticsAt(s.uri, 1);
}

test('an edited body: a warning on the version line; the render shows the common prefix; the bump fix is a versioned edit that silences it', async () => {
  const s = await start();
  try {
    const edited = committed.replace('You are careful rather than fast.', 'You are careful rather than quick.');
    const diagnostics = discipline(await openWith(s, edited));
    assert.equal(diagnostics.length, 1);
    const warning = diagnostics[0]!;
    assert.equal(warning.code, unversioned);
    assert.equal(warning.severity, 2);
    assert.deepEqual(warning.range, { start: { line: versionLine, character: 0 }, end: { line: versionLine, character: `%% version ${versionId}`.length } });
    assert.match(warning.message, /^the render changed but the version did not: `coding-agent-9\.2` is HEAD's version too, and the render differs from HEAD's in .* \(6 of 6 environments\)$/);
    assert.deepEqual(warning.data, { version: versionId, bumped: 'coding-agent-9.3', environments: environmentPresets.map((p) => `preset:${p.id}`) });

    const rendered = await renderOf(s, 'linux-enforced-offline');
    const headText = headRender(environmentPresets[0]!.environment);
    const prefix = headText.slice(0, headText.indexOf('fast.'));
    assert.deepEqual(rendered.baseline, {
      kind: 'compared',
      changed: true,
      headVersion: versionId,
      version: versionId,
      versionChanged: false,
      commonBytes: utf8Length(prefix),
      share: utf8Length(prefix) / rendered.bytes,
      headBytes: utf8Length(headText),
      firstDifference: {
        line: prefix.split('\n').length - 1,
        column: 'You are careful rather than '.length,
        text: 'You are careful rather than quick. A small, correct change that you have',
        headText: 'You are careful rather than fast. A small, correct change that you have',
        source: { section: 'identity', line: 12 },
      },
    });
    assert.equal(committed.split('\n')[12], 'You are careful rather than fast. A small, correct change that you have');

    const actions = await s.session.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: s.uri },
      range: warning.range,
      context: { diagnostics: [warning] },
    });
    assert.deepEqual(actions.map((a) => [a.title, a.kind, a.isPreferred]), [['Bump the version to `coding-agent-9.3`', 'quickfix', true]]);
    const change = actions[0]!.edit!.documentChanges![0] as TextDocumentEdit;
    assert.deepEqual(change, {
      textDocument: { uri: s.uri, version: 1 },
      edits: [{ range: { start: { line: versionLine, character: 11 }, end: { line: versionLine, character: 11 + versionId.length } }, newText: 'coding-agent-9.3' }],
    });

    const bumped = edited.replace(`%% version ${versionId}`, '%% version coding-agent-9.3');
    const version = await s.session.replace(s.uri, bumped);
    assert.deepEqual(discipline(await s.session.diagnosticsAt(s.uri, version)), []);
    const after = await renderOf(s, 'linux-enforced-offline');
    assert.equal(after.baseline?.kind === 'compared' && after.baseline.versionChanged, true);
    assert.equal(after.baseline?.kind === 'compared' && after.baseline.changed, true);
    // The old diagnostic, sent again: the version line says something else now, so no fix.
    const stale = await s.session.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: s.uri }, range: warning.range, context: { diagnostics: [warning] } });
    assert.deepEqual(stale, []);
  } finally {
    await stop(s);
  }
});

test('an edited comment, or whitespace the render drops: no warning, and the preview says unchanged', async () => {
  const s = await start();
  try {
    const edited = committed
      .replace('%% # Sections render in this order; names starting with _ are fragments,', '%% # The order below is the render order.')
      .replace('saw it pass.\n', 'saw it pass.   \n\n\n');
    assert.notEqual(edited, committed);
    assert.deepEqual(discipline(await openWith(s, edited)), []);
    const rendered = await renderOf(s, 'devcontainer-best-effort');
    assert.equal(rendered.baseline?.kind, 'compared');
    if (rendered.baseline?.kind !== 'compared') return;
    assert.equal(rendered.baseline.changed, false);
    assert.equal(rendered.baseline.share, 1);
    assert.equal(rendered.baseline.commonBytes, rendered.bytes);
    assert.equal(rendered.baseline.firstDifference, undefined);
  } finally {
    await stop(s);
  }
});

test('an edited fragment only the platform posture selects: the warning names that environment only', async () => {
  const s = await start();
  try {
    const edited = committed.replace("Commands are confined by the platform's own sandbox", "Commands are confined by the host platform's sandbox");
    const diagnostics = discipline(await openWith(s, edited));
    assert.equal(diagnostics.length, 1);
    assert.deepEqual((diagnostics[0]!.data as { environments: string[] }).environments, ['preset:ci-platform-proxied']);
    assert.match(diagnostics[0]!.message, /in "CI runner: platform-enforced, proxied to package registries, with guidance" \(1 of 6 environments\)$/);
    const elsewhere = await renderOf(s, 'linux-enforced-offline');
    assert.equal(elsewhere.baseline?.kind === 'compared' && elsewhere.baseline.changed, false);
    const there = await renderOf(s, 'ci-platform-proxied');
    assert.equal(there.baseline?.kind === 'compared' && there.baseline.changed, true);
    assert.equal(there.baseline?.kind === 'compared' && there.baseline.firstDifference?.source?.section, '_enforcement_platform');
    // A preview's window keeps the provenance of its first lines only: a difference before, inside or past it is traced the same.
    for (const maxChars of [0, 50, 2000, there.text.length]) {
      const window = await s.session.request<RenderResult | null>(renderRequest, { uri: s.uri, environment: presetRef('ci-platform-proxied'), maxChars });
      assert.ok(window?.kind === 'rendered');
      assert.deepEqual(window.baseline, there.baseline, `window of ${maxChars}`);
      assert.equal(window.renderDigest, there.renderDigest);
    }
  } finally {
    await stop(s);
  }
});

test('only the version edited: no warning; the preview says unchanged, with the new version', async () => {
  const s = await start();
  try {
    const edited = committed.replace(`%% version ${versionId}`, '%% version coding-agent-10');
    assert.deepEqual(discipline(await openWith(s, edited)), []);
    const rendered = await renderOf(s, 'linux-enforced-offline');
    assert.deepEqual(
      rendered.baseline?.kind === 'compared' && [rendered.baseline.changed, rendered.baseline.versionChanged, rendered.baseline.headVersion, rendered.baseline.version],
      [false, true, versionId, 'coding-agent-10'],
    );
  } finally {
    await stop(s);
  }
});

test('the byte budget: the render carries it, and a workspace environment file over it is named with its size', async () => {
  const s = await start({ settings: { pack: { maxRenderBytes: 6000 } } });
  try {
    assert.deepEqual(discipline(await openWith(s, committed)), [], 'every preset renders under 6,000 bytes');
    assert.equal((await renderOf(s, 'linux-enforced-offline')).budget, 6000);
    const guidance = `# AGENTS.md\n\n${'- Keep the prefix stable: écrire une fois, relire souvent.\n'.repeat(120)}`;
    const big = environment({ workspace: '/w', platform: 'linux', shell: 'bash', enforcement: 'FullyEnforced', network: { posture: 'blocked' }, repositoryGuidance: guidance });
    const fileId = `file:${pathToFileURL(s.repo.path('env/big.packenv.json')).href}`;
    await s.session.connection.sendNotification(workspaceEnvironmentsNotification, {
      environments: [
        { id: fileId, label: 'Big guidance', fields: environmentToJson(big, 'Big guidance') },
        { id: 'file:///broken.packenv.json', label: 'broken', fields: null },
      ],
    });
    const diagnostics = discipline(await s.session.waitForDiagnostics(s.uri, (p) => p.diagnostics.some((d) => d.code === overBudget)));
    const bytes = utf8Length(headRender(big));
    assert.ok(bytes > 6000);
    assert.deepEqual(diagnostics.map((x) => [x.code, x.range.start.line, x.message]), [
      [overBudget, versionLine, `the render is over the budget of 6,000 bytes: ${bytes.toLocaleString('en-US')} bytes in Big guidance`],
    ]);
    assert.deepEqual(diagnostics[0]!.data, { budget: 6000, over: [{ id: fileId, label: 'Big guidance', bytes }] });
  } finally {
    await stop(s);
  }
});

test('HEAD moves (the edit is committed): the warning goes, and the client is told to compare again', async () => {
  const s = await start();
  try {
    const edited = committed.replace('You are careful rather than fast.', 'You are careful rather than quick.');
    assert.equal(discipline(await openWith(s, edited)).length, 1);
    s.repo.write('packs/coding agent.pack', edited);
    s.repo.commitAll('reword identity');
    await s.session.connection.sendNotification(gitHeadMovedNotification, {});
    await s.session.waitForDiagnostics(s.uri, (p) => discipline(p.diagnostics).length === 0);
    assert.ok(s.baselineNotices >= 1);
    const rendered = await renderOf(s, 'linux-enforced-offline');
    assert.equal(rendered.baseline?.kind === 'compared' && rendered.baseline.changed, false);
  } finally {
    await stop(s);
  }
});

test("packs/renderCommitted answers HEAD's render for an environment, or why there is none", async () => {
  const s = await start();
  try {
    await openWith(s, committed.replace('You are careful', 'You are very careful'));
    const preset = environmentPresets[3]!;
    const answer = await s.session.request<CommittedRender>(renderCommittedRequest, { uri: s.uri, environment: presetRef(preset.id) });
    assert.deepEqual(answer, { kind: 'committed', text: headRender(preset.environment), version: versionId, environment: { id: `preset:${preset.id}`, label: preset.name } });
    // Without an environment: the pack's own (set by the client).
    await s.session.connection.sendNotification(setEnvironmentNotification, { uri: s.uri, environment: presetRef(environmentPresets[2]!.id) });
    const own = await s.session.request<CommittedRender>(renderCommittedRequest, { uri: s.uri });
    assert.equal(own.kind === 'committed' && own.text, headRender(environmentPresets[2]!.environment));

    const untracked = pathToFileURL(s.repo.write('packs/new.pack', committed)).href;
    await s.session.open(untracked, 'loom-pack', committed);
    assert.deepEqual(await s.session.request<CommittedRender>(renderCommittedRequest, { uri: untracked }), { kind: 'off', reason: 'the file is not committed at HEAD' });
    const rendered = await s.session.request<RenderedPack>(renderRequest, { uri: untracked });
    assert.deepEqual(rendered.baseline, { kind: 'off', reason: 'the file is not committed at HEAD' });
  } finally {
    await stop(s);
  }
});

test('untrusted: no git, no warning, the preview says why; trust granted: judged', async () => {
  const s = await start({ trusted: false });
  try {
    const edited = committed.replace('You are careful rather than fast.', 'You are careful rather than quick.');
    assert.deepEqual(discipline(await openWith(s, edited)), []);
    const rendered = await renderOf(s, 'linux-enforced-offline');
    assert.deepEqual(rendered.baseline, { kind: 'off', reason: 'restricted mode: git is not run' });
    await s.session.connection.sendNotification(workspaceTrustedNotification, {});
    await s.session.waitForDiagnostics(s.uri, (p) => discipline(p.diagnostics).length === 1);
  } finally {
    await stop(s);
  }
});
