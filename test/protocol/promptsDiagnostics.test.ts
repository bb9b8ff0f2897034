// A `.prompts` document opened over LSP gets its findings as diagnostics:
// codes, ranges, related information and fix data; fixing the text clears
// them, the strict setting turns unknown tools into errors, and the secrets
// settings set each kind's severity and add a team's patterns.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import { LspSession, trusted } from '../support/lspSession';
import { fakeSecrets } from '../support/fakeSecrets';
import { lines, minimalValid } from '../support/promptsFixtures';

const uri = 'file:///work/space%20dir/prompts/captured/feature-x.prompts';

const invalid = lines(
  minimalValid.replace('source = "claude_code"', 'source = "claude"'),
  '',
  '[[sessions]]',
  'id = "s-1"',
  'source = "cursor"',
  '  [[sessions.turns]]',
  '  role = "assistant"',
  '    [[sessions.turns.tool_calls]]',
  '    name = "Reed"',
);

test('an invalid .prompts file gets every finding as a diagnostic, and fixing it clears them', async () => {
  const session = await LspSession.start();
  try {
    await session.open(uri, 'spec-prompts', invalid);
    const diagnostics = await session.diagnosticsAt(uri, 1);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character]),
      [
        ['prompts/bad-enum-value', DiagnosticSeverity.Error, 9, 9, 9, 17],
        ['prompts/duplicate-session-id', DiagnosticSeverity.Error, 16, 5, 16, 10],
        ['prompts/unknown-tool', DiagnosticSeverity.Warning, 21, 11, 21, 17],
      ],
    );
    const duplicate = diagnostics[1]!;
    assert.equal(duplicate.source, 'packs-and-prompts');
    assert.deepEqual(duplicate.relatedInformation, [
      { location: { uri, range: { start: { line: 8, character: 5 }, end: { line: 8, character: 10 } } }, message: 'first used here' },
    ]);
    assert.deepEqual(diagnostics[0]!.data, { allowed: ['claude_code', 'cursor', 'codex', 'compress', 'manual'], suggestion: 'claude_code' });

    const fixed = invalid.replace('"claude"', '"claude_code"').replace('id = "s-1"\nsource = "cursor"', 'id = "s-2"\nsource = "cursor"').replace('"Reed"', '"Read"\n    args = { path = "a" }');
    const version = await session.replace(uri, fixed);
    assert.deepEqual(await session.diagnosticsAt(uri, version), []);
  } finally {
    await session.stop();
  }
});

test('with prompts.strictUnknownTools an unknown tool is an error', async () => {
  const session = await LspSession.start({ ...trusted, settings: { prompts: { strictUnknownTools: true } } });
  try {
    await session.open(uri, 'spec-prompts', invalid);
    const diagnostics = await session.diagnosticsAt(uri, 1);
    assert.deepEqual(
      diagnostics.filter((d) => d.code === 'prompts/unknown-tool').map((d) => d.severity),
      [DiagnosticSeverity.Error],
    );
  } finally {
    await session.stop();
  }
});

test('prompts.secrets: a kind made an error, another off, and a team pattern, as the settings say; an allowed secret is a hint', async () => {
  const [gh, stripe] = ['ghp', 'stripe'].map((n) => fakeSecrets(3).find((f) => f.name === n)!.text);
  const settings = { prompts: { secrets: { severity: { 'github-token': 'error', 'stripe-key': 'off' }, extraPatterns: [{ kind: 'acme-token', pattern: 'acme_[0-9]{12}' }] } } };
  const session = await LspSession.start({ ...trusted, settings });
  try {
    const text = lines(minimalValid, `  summary = "${gh} ${stripe} acme_123456789012"`, `  lesson = "${gh}" # gitleaks:allow`);
    await session.open(uri, 'spec-prompts', text);
    const diagnostics = await session.diagnosticsAt(uri, 1);
    assert.deepEqual(
      diagnostics.filter((d) => d.code === 'prompts/secret' || d.code === 'prompts/allowed-secret').map((d) => [d.code, d.severity, (d.data as { kind: string }).kind]),
      [
        ['prompts/secret', DiagnosticSeverity.Error, 'github-token'],
        ['prompts/secret', DiagnosticSeverity.Warning, 'acme-token'],
        ['prompts/allowed-secret', DiagnosticSeverity.Hint, 'github-token'],
      ],
    );
  } finally {
    await session.stop();
  }
});
