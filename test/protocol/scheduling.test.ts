// Validation never blocks the server and never publishes a stale result,
// through the real server over stdio: while a large file validates, a
// request about another document is answered; edits sent meanwhile cancel
// that validation and only the final version's diagnostics are published,
// equal to a whole check of the final text. "While" is made certain, not
// raced: the test hooks hold the large file's validation where its first
// slice gives the event loop back, until the test releases it. Edits, within a block or
// across blocks, update the model incrementally; a replaced text is parsed
// whole; each publishes what a whole check says.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Diagnostic, DidChangeTextDocumentParams, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../src-shared/finding';
import { checkPack } from '../../src-shared/pack/check';
import { checkPrompts } from '../../src-shared/prompts/rules/check';
import { applyChange, type TextChange } from '../../src-shared/prompts/toml/incremental';
import { languageIds, validationStatsRequest, type ValidationStatsResult } from '../../src-shared/protocol/common';
import { defaultSettings } from '../../src-shared/settings';
import { type HeldValidation, holdValidationRequest, releaseValidationRequest, testHooksVariable } from '../../server/src/testHooks';
import { LspSession, withDeadline } from '../support/lspSession';
import { minimalValid } from '../support/promptsFixtures';
import { generatePrompts } from '../support/promptsGenerator';

const bigUri = 'file:///work/prompts/main.prompts';
const smallUri = 'file:///work/prompts/small.prompts';
const packUri = 'file:///work/packs/large.pack';

/** An editor's view of one document: its text and version, changed by offset-based edits sent as LSP ranges. */
class Editor {
  version = 1;

  constructor(
    private readonly session: LspSession,
    readonly uri: string,
    public text: string,
  ) {}

  async open(): Promise<void> {
    await this.session.open(this.uri, 'spec-prompts', this.text);
  }

  async change(change: TextChange): Promise<number> {
    await this.send(this.prepare(change));
    return this.version;
  }

  /**
   * Applies `change` here and returns the notification that tells the
   * server, to send later: positions in a large text take a while to
   * compute, so a test that must send edits quickly prepares them first.
   */
  prepare(change: TextChange): DidChangeTextDocumentParams {
    const doc = TextDocument.create(this.uri, 'spec-prompts', this.version, this.text);
    const range = { start: doc.positionAt(change.start), end: doc.positionAt(change.end) };
    this.text = applyChange(this.text, change);
    this.version++;
    return { textDocument: { uri: this.uri, version: this.version }, contentChanges: [{ range, text: change.text }] };
  }

  async send(params: DidChangeTextDocumentParams): Promise<void> {
    await this.session.connection.sendNotification('textDocument/didChange', params);
  }

  /** Sends the whole new text, as an editor does after a reload. */
  async replace(text: string): Promise<number> {
    this.text = text;
    this.version++;
    await this.session.connection.sendNotification('textDocument/didChange', { textDocument: { uri: this.uri, version: this.version }, contentChanges: [{ text }] });
    return this.version;
  }

  /** Offset just inside the text of the `n`-th user turn. */
  turnText(n: number): number {
    let at = 0;
    for (let i = 0; i <= n; i++) at = this.text.indexOf('  role = "user"', at + 1);
    return this.text.indexOf('\n', this.text.indexOf('  text = ', at)) + 1;
  }
}

function stats(session: LspSession): Promise<ValidationStatsResult> {
  return session.request<ValidationStatsResult>(validationStatsRequest, {});
}

/** A server with the test hooks, so a test can hold a validation under way. */
const withHooks = { env: { [testHooksVariable]: '1' } };

/** Arms a hold on the next validation of `uri`: resolves when that validation has run one slice and is waiting. */
function holdNextValidation(session: LspSession, uri: string): Promise<HeldValidation> {
  return withDeadline(session.request<HeldValidation>(holdValidationRequest, { uri }), `a validation of ${uri} held after its first slice`);
}

async function release(session: LspSession, uri: string): Promise<void> {
  assert.equal(await session.request<boolean>(releaseValidationRequest, { uri }), true, `a validation of ${uri} was held`);
}

/** What a diagnostic says, in the terms a finding says it. */
function shown(d: Diagnostic | Finding): string {
  const r = d.range;
  return `${d.code} ${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character} ${d.message}`;
}

test('a large file validates without blocking the server: another document\'s request is answered meanwhile', async () => {
  const session = await LspSession.start(withHooks);
  try {
    const small = new Editor(session, smallUri, minimalValid);
    const big = new Editor(session, bigUri, generatePrompts({ sessions: 400, turns: 40, verbose: true, seed: 4 }));
    await small.open();
    await session.diagnosticsAt(smallUri, 1);
    const publishedVersions: PublishDiagnosticsParams['version'][] = [];
    const firstDiagnostics = session.waitForDiagnostics(bigUri, (p) => publishedVersions.push(p.version) > 0, 120_000);
    const held = holdNextValidation(session, bigUri);
    await big.open();
    assert.deepEqual(await held, { version: 1, yields: 1 }, 'version 1 is held after its first slice');
    const hover = await session.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: smallUri },
      position: { line: 0, character: 1 },
    });
    assert.match(hover?.contents.value ?? '', /^\*\*`schema`\*\*/, 'the small document\'s hover is answered in full');
    const during = await stats(session);
    assert.deepEqual(during.validating, [{ uri: bigUri, version: 1, yields: 1 }], 'the hover was answered while version 1 was still being validated');
    assert.deepEqual(publishedVersions, [], 'nothing of the large file published yet');
    await release(session, bigUri);
    const diagnostics = await firstDiagnostics;
    assert.deepEqual(publishedVersions, [1]);
    assert.deepEqual(diagnostics.map(shown), checkPrompts(big.text, { strictUnknownTools: false }).map(shown));
    // The server's own time counts every part of its work, the file limits' structure count too (it was left out of it).
    const open = (await stats(session)).documents[bigUri]!;
    assert.ok(open.limitsMs > 0, `the file limits took ${open.limitsMs} ms`);
    const parts = open.updateMs + open.limitsMs + open.modelMs + open.checkMs + open.publishMs;
    assert.ok(Math.abs(open.serverMs - parts) < 1e-6, `${open.serverMs} ms of server time, ${parts} ms in its parts`);
  } finally {
    await session.stop();
  }
});

test('a large pack validates in slices too: its structure count, model and check yield, and another document\'s hover is answered meanwhile', async () => {
  const session = await LspSession.start(withHooks);
  try {
    const small = new Editor(session, smallUri, minimalValid);
    await small.open();
    await session.diagnosticsAt(smallUri, 1);
    // Prose without braces, then one placeholder: the structure count once searched from each line to that brace.
    const prose = Array.from({ length: 40_000 }, (_, i) => (i % 400 === 0 ? `%% section s_${i}` : `a line of body text, number ${i}, without a brace`));
    const text = ['%% loom-prompt-pack 1', '%% version 1', ...prose, '{unknown_name}', ''].join('\n');
    const publishedVersions: PublishDiagnosticsParams['version'][] = [];
    const firstDiagnostics = session.waitForDiagnostics(packUri, (p) => publishedVersions.push(p.version) > 0, 120_000);
    const held = holdNextValidation(session, packUri);
    await session.open(packUri, languageIds.pack, text);
    assert.deepEqual(await held, { version: 1, yields: 1 }, 'the pack is held after its first slice');
    const hover = await session.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: smallUri }, position: { line: 0, character: 1 } });
    assert.match(hover?.contents.value ?? '', /^\*\*`schema`\*\*/, 'the small document\'s hover is answered in full');
    assert.deepEqual((await stats(session)).validating, [{ uri: packUri, version: 1, yields: 1 }], 'while the pack was still being validated');
    assert.deepEqual(publishedVersions, [], 'nothing of the pack published yet');
    await release(session, packUri);
    const diagnostics = await firstDiagnostics;
    assert.deepEqual(publishedVersions, [1]);
    assert.deepEqual(diagnostics.map(shown), checkPack(text, defaultSettings.pack).map(shown));
    assert.ok(diagnostics.some((d) => d.code === 'pack/unknown-placeholder'), 'the placeholder at the end was read');
  } finally {
    await session.stop();
  }
});

test('edits made while a large file is validated cancel that validation: only the final version is published', async () => {
  const session = await LspSession.start(withHooks);
  try {
    const big = new Editor(session, bigUri, generatePrompts({ sessions: 400, turns: 40, verbose: true, seed: 4 }));
    const opened = big.text;
    // A burst of edits, prepared first so they reach the server at once: typing in a turn, an unknown
    // key, a new session (which re-parses the file), more typing.
    const burst: DidChangeTextDocumentParams[] = [];
    let at = big.turnText(100);
    for (const ch of 'Edited') burst.push(big.prepare({ start: at, end: at++, text: ch }));
    // Header lines are found with their line breaks: the generated texts quote `[[sessions]]` too.
    const sessionBody = big.text.indexOf('\n[[sessions]]\n', big.text.length >> 1) + '\n[[sessions]]\n'.length;
    burst.push(big.prepare({ start: sessionBody, end: sessionBody, text: 'outcom = "shipped"\n' }));
    const end = big.text.indexOf('\n[[edits]]\n') + 1;
    burst.push(big.prepare({ start: end, end, text: '[[sessions]]\nid = "added"\nsource = "manual"\n\n  [[sessions.turns]]\n  role = "user"\n  text = "hi"\n\n' }));
    at = big.turnText(300);
    for (const ch of 'again') burst.push(big.prepare({ start: at, end: at++, text: ch }));
    const final = big.version;

    const published: PublishDiagnosticsParams['version'][] = [];
    const finalDiagnostics = session.waitForDiagnostics(
      bigUri,
      (p) => {
        published.push(p.version);
        return p.version === final;
      },
      120_000,
    );
    const held = holdNextValidation(session, bigUri);
    await session.open(bigUri, 'spec-prompts', opened);
    assert.deepEqual(await held, { version: 1, yields: 1 });
    for (const params of burst) await big.send(params);
    // The server reads messages in order: the edits are in before version 1 goes on, and it finds itself stale.
    await release(session, bigUri);

    const diagnostics = await finalDiagnostics;
    assert.deepEqual(published, [final], 'only the final version is published: the validation of version 1 was cancelled');
    assert.deepEqual(diagnostics.map(shown), checkPrompts(big.text, { strictUnknownTools: false }).map(shown));
    assert.ok(diagnostics.some((d) => d.code === 'prompts/unknown-key'));
    const after = await stats(session);
    assert.deepEqual(after.validating, []);
    assert.equal(after.documents[bigUri]?.version, final);
  } finally {
    await session.stop();
  }
});

test('edits update the model incrementally, a replaced text is parsed whole, and each publishes what a whole check says', async () => {
  const session = await LspSession.start();
  try {
    const doc = new Editor(session, bigUri, generatePrompts({ sessions: 20, turns: 10, seed: 6 }));
    await doc.open();
    await session.diagnosticsAt(bigUri, 1);
    const check = async (change: TextChange, model: 'incremental' | 'full'): Promise<void> => {
      const version = await doc.change(change);
      const diagnostics = await session.diagnosticsAt(bigUri, version);
      assert.deepEqual(diagnostics.map(shown), checkPrompts(doc.text, { strictUnknownTools: false }).map(shown));
      assert.equal((await stats(session)).documents[bigUri]?.model, model, JSON.stringify(change));
    };
    // A secret typed into a turn: one block re-parsed, a finding where it was typed.
    const at = doc.turnText(5);
    await check({ start: at, end: at, text: 'token = abcdefghijklmnop\n' }, 'incremental');
    // Lines added above later blocks: their findings move down.
    await check({ start: doc.turnText(1), end: doc.turnText(1), text: 'one\ntwo\n' }, 'incremental');
    // A deletion from one session into the next joins two blocks: still an update of the blocks around it.
    const boundary = doc.text.indexOf('\n[[sessions]]\n', doc.text.length >> 1) + 1;
    await check({ start: boundary - 20, end: boundary + 20, text: '' }, 'incremental');
    // The whole text replaced: parsed whole.
    const version = await doc.replace(doc.text.replace('source = "', 'source = "x'));
    const replaced = await session.diagnosticsAt(bigUri, version);
    assert.deepEqual(replaced.map(shown), checkPrompts(doc.text, { strictUnknownTools: false }).map(shown));
    assert.equal((await stats(session)).documents[bigUri]?.model, 'full');
    // Local edits on the re-parsed model.
    await check({ start: doc.turnText(2), end: doc.turnText(2) + 1, text: '' }, 'incremental');
  } finally {
    await session.stop();
  }
});
