// Validation never blocks the server and never publishes a stale result,
// through the real server over stdio: while a large file validates, a
// request about another document is answered; edits sent meanwhile cancel
// that validation and only the final version's diagnostics are published,
// equal to a whole check of the final text. Edits, within a block or
// across blocks, update the model incrementally; a replaced text is parsed
// whole; each publishes what a whole check says.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Diagnostic, DidChangeTextDocumentParams, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../src-shared/finding';
import { checkPrompts } from '../../src-shared/prompts/rules/check';
import { applyChange, type TextChange } from '../../src-shared/prompts/toml/incremental';
import { validationStatsRequest, type ValidationStatsResult } from '../../src-shared/protocol/common';
import { LspSession } from '../support/lspSession';
import { minimalValid } from '../support/promptsFixtures';
import { generatePrompts } from '../support/promptsGenerator';

const bigUri = 'file:///work/prompts/main.prompts';
const smallUri = 'file:///work/prompts/small.prompts';

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

/** Polls the server until it reports the document's validation under way and past its first slice. */
async function validationUnderWay(session: LspSession, uri: string, published: () => boolean): Promise<number> {
  for (;;) {
    const under = (await stats(session)).validating.find((v) => v.uri === uri && v.yields > 0);
    if (under) return under.version;
    assert.ok(!published(), 'the validation finished before it could be seen under way: make the file larger');
  }
}

/** What a diagnostic says, in the terms a finding says it. */
function shown(d: Diagnostic | Finding): string {
  const r = d.range;
  return `${d.code} ${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character} ${d.message}`;
}

test('a large file validates without blocking the server: another document\'s request is answered meanwhile', async () => {
  const session = await LspSession.start();
  try {
    const small = new Editor(session, smallUri, minimalValid);
    const big = new Editor(session, bigUri, generatePrompts({ sessions: 400, turns: 40, verbose: true, seed: 4 }));
    await small.open();
    await session.diagnosticsAt(smallUri, 1);
    let published = false;
    const firstDiagnostics = session.waitForDiagnostics(bigUri, () => (published = true), 120_000);
    await big.open();
    const version = await validationUnderWay(session, bigUri, () => published);
    assert.equal(version, 1);
    const hover = await session.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: smallUri },
      position: { line: 0, character: 1 },
    });
    assert.match(hover?.contents.value ?? '', /^\*\*`schema`\*\*/, 'the small document\'s hover is answered in full');
    const during = await stats(session);
    assert.ok(
      during.validating.some((v) => v.uri === bigUri && v.version === 1),
      'the hover was answered while version 1 was still being validated',
    );
    const diagnostics = await firstDiagnostics;
    assert.deepEqual(diagnostics.map(shown), checkPrompts(big.text, { strictUnknownTools: false }).map(shown));
  } finally {
    await session.stop();
  }
});

test('edits made while a large file is validated cancel that validation: only the final version is published', async () => {
  const session = await LspSession.start();
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
    await session.open(bigUri, 'spec-prompts', opened);
    assert.equal(await validationUnderWay(session, bigUri, () => published.length > 0), 1);
    for (const params of burst) await big.send(params);

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
