// The bundled .prompts examples say what the README says they do: the
// curated capture is clean, the broken one shows each kind of problem once.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkPrompts } from '../../../src-shared/prompts/rules/check';
import { examplesDir } from '../../support/paths';

const codes = (...p: string[]) =>
  checkPrompts(fs.readFileSync(path.join(examplesDir, ...p), 'utf8'), { strictUnknownTools: false }).map((f) => `${f.severity} ${f.code}`);

test('the curated capture, redacted with its [[edits]] entry, has no findings', () => {
  assert.deepEqual(codes('prompts', 'feature-login.prompts'), []);
});

test('the broken capture shows a typo, a secret, a non-UTC time, assistant text, an unknown tool, a bad status and a misspelt argument', () => {
  assert.deepEqual(codes('broken', 'fix-flaky-test.prompts'), [
    'error prompts/unknown-key',
    'warning prompts/secret',
    'warning prompts/non-utc-timestamp',
    'error prompts/assistant-text',
    'warning prompts/unknown-tool',
    'error prompts/bad-enum-value',
    'warning prompts/missing-tool-arg',
    'error prompts/unknown-tool-arg',
  ]);
});
