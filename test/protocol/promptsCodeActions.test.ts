// Quick fixes through the real server: the code actions offered for the
// diagnostics it published, applied to the document (a secret's through the
// hand-edit fix request its command runs), then re-validated by the server
// until the findings are gone.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { applyHandEditFixCommand, type HandEditFixResult, handEditFixRequest } from '../../src-shared/protocol/prompts';
import { applyEdits } from '../../src-shared/text/textEdit';
import { applyEdits as applyFixEdits, snippetText } from '../support/handEditFixtures';
import { editsFor } from '../support/workspaceEdits';
import { LspSession } from '../support/lspSession';
import { minimalValid } from '../support/promptsFixtures';

const uri = 'file:///work/prompts/fixes.prompts';

async function actionsFor(s: LspSession, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
  const range = diagnostics[0]!.range;
  return s.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics } });
}

function apply(text: string, action: CodeAction): string {
  const edits = editsFor(action.edit, uri);
  assert.ok(edits, `${action.title} edits ${uri}`);
  return applyEdits(text, edits);
}

test('a bad enum value and an unknown key: the preferred fixes, applied, clear the diagnostics', async () => {
  const s = await LspSession.start();
  try {
    const text = minimalValid.replace('source = "claude_code"', 'source = "curser"').replace('id = "s-1"', 'id = "s-1"\ntitel = "T"');
    await s.open(uri, 'spec-prompts', text);
    const diagnostics = await s.diagnosticsAt(uri, 1);
    assert.deepStrictEqual(diagnostics.map((d) => d.code), ['prompts/unknown-key', 'prompts/bad-enum-value']);
    const keyActions = await actionsFor(s, [diagnostics[0]!]);
    assert.deepStrictEqual(keyActions.map((a) => [a.title, a.kind, a.isPreferred]), [['Change to `title`', 'quickfix', true]]);
    const enumActions = await actionsFor(s, [diagnostics[1]!]);
    assert.equal(enumActions.length, 5);
    assert.deepStrictEqual(enumActions.filter((a) => a.isPreferred).map((a) => a.title), ['Change to "cursor"']);
    const fixed = apply(apply(text, keyActions[0]!), enumActions.find((a) => a.isPreferred)!);
    const version = await s.replace(uri, fixed);
    assert.deepStrictEqual(await s.diagnosticsAt(uri, version), []);
  } finally {
    await s.stop();
  }
});

test('secrets: redact this one, then all in the file, each recorded in [[edits]]; re-validated clean', async () => {
  const s = await LspSession.start();
  try {
    const text = minimalValid.replace('text = "Hello"', 'text = "token=abcd1234efgh5678 and ghp_abcdefghijklmnopqrstuvwx and sk-aaaaaaaaaaaaaaaaaaaa"');
    await s.open(uri, 'spec-prompts', text);
    const diagnostics = await s.diagnosticsAt(uri, 1);
    assert.deepStrictEqual(diagnostics.map((d) => d.code), ['prompts/secret', 'prompts/secret', 'prompts/secret']);
    const actions = await actionsFor(s, diagnostics);
    assert.deepStrictEqual(actions.map((a) => a.title), [
      'Redact this secret and record it in [[edits]]',
      'Redact this secret and record it in [[edits]]',
      'Redact this secret and record it in [[edits]]',
      'Redact all 3 secrets in this file and record them in [[edits]]',
    ]);
    const one = await runFix(s, text, actions[0]!);
    let version = await s.replace(uri, one);
    const left = await s.diagnosticsAt(uri, version);
    assert.equal(left.length, 2);
    const all = (await actionsFor(s, left)).find((a) => a.title.startsWith('Redact all'))!;
    assert.equal(all.title, 'Redact all 2 secrets in this file and record them in [[edits]]');
    const clean = await runFix(s, one, all);
    assert.equal(clean.match(/\[REDACTED\]/g)?.length, 3);
    assert.equal(clean.match(/^\[\[edits\]\]$/gm)?.length, 2, 'one entry per fix');
    version = await s.replace(uri, clean);
    assert.deepStrictEqual(await s.diagnosticsAt(uri, version), []);
  } finally {
    await s.stop();
  }
});

/** Runs a hand-edit action's fix request as the client command does, and applies its edits and entry (placeholders accepted). */
async function runFix(s: LspSession, text: string, action: CodeAction): Promise<string> {
  assert.equal(action.command?.command, applyHandEditFixCommand);
  const result = await s.request<HandEditFixResult>(handEditFixRequest, action.command!.arguments![0]);
  assert.ok(result.ok, result.ok ? '' : result.message);
  return applyFixEdits(text, result.edits, result.entry && { position: result.entry.position, text: snippetText(result.entry.snippet) });
}
