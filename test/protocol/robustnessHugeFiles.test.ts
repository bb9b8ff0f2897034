// Large and odd files through the real server: a small document opened
// after a large one gets its diagnostics while the large one is still
// being checked (held there by the test hooks after its first slice, so
// this holds on a fast machine too); a file over the size limit (a small
// limit here: the 100 MB case is `npm run stress`) gets one warning and no
// feature reads it, until the setting is raised; a binary `.pack` gets one
// error; a capture of one more empty session than the limit is refused as
// too complex (a warning); and a
// pack with six thousand corrupt lines publishes five thousand problems,
// the last a note counting the rest.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { maxPublishedFindings, structureLimits } from '../../src-shared/fileLimits';
import { checkPrompts } from '../../src-shared/prompts/rules/check';
import { renderRequest } from '../../src-shared/protocol/pack';
import { validationStatsRequest, type ValidationStatsResult } from '../../src-shared/protocol/common';
import { toDiagnostic } from '../../server/src/diagnostics';
import { type HeldValidation, holdValidationRequest, releaseValidationRequest, testHooksVariable } from '../../server/src/testHooks';
import { LspSession, trusted, withDeadline } from '../support/lspSession';
import { minimalValid } from '../support/promptsFixtures';
import { generatePrompts } from '../support/promptsGenerator';

const only = (ds: readonly Diagnostic[]) => ds.map((d) => `${d.severity} ${String(d.code)} ${d.range.start.line}:${d.range.start.character}`);

test('a small document opened after a large one gets its diagnostics while the large one is still being checked', async () => {
  const session = await LspSession.start({ env: { [testHooksVariable]: '1' } });
  try {
    const big = 'file:///work/prompts/captured/large.prompts';
    const small = 'file:///work/prompts/captured/small.prompts';
    const bigPublished: PublishDiagnosticsParams[] = [];
    const bigDone = session.waitForDiagnostics(
      big,
      (p) => {
        bigPublished.push(p);
        return true;
      },
      120_000,
    );
    const held = withDeadline(session.request<HeldValidation>(holdValidationRequest, { uri: big }), 'the large file held after its first slice');
    await session.open(big, 'spec-prompts', generatePrompts({ sessions: 400, turns: 40, verbose: true, seed: 4 }));
    assert.deepEqual(await held, { version: 1, yields: 1 });
    await session.open(small, 'spec-prompts', minimalValid);
    await session.diagnosticsAt(small, 1);
    const stats = await session.request<ValidationStatsResult>(validationStatsRequest, {});
    assert.deepEqual(bigPublished, [], 'the large one has published nothing yet');
    assert.deepEqual(stats.validating, [{ uri: big, version: 1, yields: 1 }], 'the large one was still being checked');
    assert.equal(await session.request(releaseValidationRequest, { uri: big }), true);
    await bigDone;
    assert.equal(bigPublished.length, 1);
  } finally {
    await session.stop();
  }
});

test('over the size limit: one warning on line 0, no feature reads the file; raising the setting checks it', async () => {
  const text = generatePrompts({ sessions: 20, turns: 10, seed: 2 });
  const limit = text.length / 2 / (1024 * 1024);
  const session = await LspSession.start({ ...trusted, settings: { maxFileSizeMB: limit } });
  try {
    const uri = 'file:///work/prompts/captured/capture.prompts';
    await session.open(uri, 'spec-prompts', text);
    const [note, ...rest] = await session.diagnosticsAt(uri, 1);
    assert.deepEqual(rest, []);
    assert.deepEqual(only([note!]), ['2 prompts/file-too-large 0:0']);
    assert.match(note!.message, /Raise the setting `packsAndPrompts\.maxFileSizeMB` to check it\./);
    const at = { textDocument: { uri }, position: { line: 2, character: 1 } };
    assert.equal(await session.request('textDocument/hover', at), null);
    assert.deepEqual(await session.request('textDocument/completion', at), []);
    assert.deepEqual(await session.request('textDocument/documentSymbol', { textDocument: { uri } }), []);
    assert.deepEqual(await session.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }), []);

    session.setSettings({ maxFileSizeMB: limit * 4 });
    const checked = await session.waitForDiagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'prompts/file-too-large'));
    assert.deepEqual(only(checked), only(checkPrompts(text, { strictUnknownTools: false }).map((f) => toDiagnostic(f, uri))));
  } finally {
    await session.stop();
  }
});

test('a binary file named .pack: one error, and no render', async () => {
  const session = await LspSession.start();
  try {
    const uri = 'file:///work/image.pack';
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)).toString('latin1');
    await session.open(uri, 'loom-pack', bytes);
    const diagnostics = await session.diagnosticsAt(uri, 1);
    assert.deepEqual(only(diagnostics), ['1 pack/binary-file 0:0']);
    assert.equal(await session.request(renderRequest, { uri }), null);
  } finally {
    await session.stop();
  }
});

test('past the structure limit, or past the published-problem cap', async () => {
  const session = await LspSession.start();
  try {
    const sessions = 'file:///work/prompts/captured/empty-sessions.prompts';
    await session.open(sessions, 'spec-prompts', '[[sessions]]\n'.repeat(structureLimits.prompts.limit + 1));
    assert.deepEqual(only(await session.diagnosticsAt(sessions, 1)), ['2 prompts/file-too-complex 0:0']);

    const pack = 'file:///work/corrupt.pack';
    await session.open(pack, 'loom-pack', `%% loom-prompt-pack 1\n%% version v1\n%% section a\n${'%% nope\n'.repeat(6000)}`);
    const diagnostics = await session.diagnosticsAt(pack, 1);
    assert.equal(diagnostics.length, maxPublishedFindings);
    assert.equal(diagnostics.at(-2)!.code, 'pack/unknown-keyword');
    assert.equal(diagnostics.at(-1)!.code, 'pack/more-problems');
    assert.match(diagnostics.at(-1)!.message, /^1,001 more problems in this file are not shown/);
  } finally {
    await session.stop();
  }
});
