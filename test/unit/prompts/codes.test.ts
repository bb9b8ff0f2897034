// Every code of the finding table is reported by some input, so a code
// added to the table without a rule (or a rule losing its code) fails here.
// Each rule's exact ranges and messages are in rules, toolCalls, secrets
// and determinism tests.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkPrompts } from '../../../src-shared/prompts/rules/check';
import { promptsCodes } from '../../../src-shared/prompts/rules/codes';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { findingsOf, lines } from '../../support/promptsFixtures';

const everyProblem = lines(
  'schema = "v2"',
  'colour = 1',
  '[[sessions]]',
  'id = "a"',
  'source = "claude"',
  'started_at = 2026-04-21T10:00:00+02:00',
  'tags = ["x", "x"]',
  'title = "ghp_abcdefghijklmnopqrstuvwxyz0123"',
  'summary = "ghp_abcdefghijklmnopqrstuvwxyz4567" # gitleaks:allow',
  '  [[sessions.turns]]',
  '  role = "user"',
  '  model = "m"',
  '  summary = "s"',
  '  at = 2026-04-21',
  '  [[sessions.turns]]',
  '  role = "tool_result"',
  '  [[sessions.turns]]',
  '  role = "assistant"',
  '  text = "t"',
  `  model = "${'m'.repeat(129)}"`,
  '    [[sessions.turns.tool_calls]]',
  '    name = "Nope"',
  '    [[sessions.turns.tool_calls]]',
  '    name = "Read"',
  '    args = { pth = "x", offset = "1" }',
  '    [[sessions.turns.tool_calls]]',
  '    name = "Shell"',
  `    args = { command = "${'c'.repeat(201)}" }`,
  '[[sessions]]',
  'id = "a"',
  'source = "cursor"',
  'started_at = 2026-04-21T07:00:00Z',
  'verbose = "yes"',
  '  [[sessions.turns]]',
  '  role = "user"',
  '  text = "x\\u202Ey"',
  '[[sessions]]',
  'id = " "',
  '[[edits]]',
  'at = 2026-04-21T09:00:00Z',
  '[[sessions.turns]]',
  'role = "user"',
  'text = "x"',
  '[broken]',
  'x = = 1',
);

test('every code in the table is reported, and nothing outside it', () => {
  // A team pattern with a backreference is refused, in a finding of its own.
  const refused = validatePrompts(parsePrompts('schema = "spec.prompts/v0.1"'), { strictUnknownTools: false, secrets: { extraPatterns: [{ kind: 'k', pattern: '(a)\\1' }] } });
  const reported = new Set([...findingsOf(everyProblem), ...findingsOf('schema = "spec.prompts/v0.1"'), ...refused].map((f) => f.code));
  assert.deepEqual([...reported].sort(), Object.values(promptsCodes).map((c) => c.code).sort());
});

test('each finding carries the severity the table gives its code, but for strict unknown tools', () => {
  const severities = new Map<string, string>(Object.values(promptsCodes).map((c) => [c.code, c.severity]));
  for (const f of findingsOf(everyProblem)) assert.equal(f.severity, severities.get(f.code), f.code);
  assert.deepEqual(
    findingsOf(everyProblem, true).filter((f) => f.code === 'prompts/unknown-tool').map((f) => f.severity),
    ['error'],
  );
});

test('checkPrompts, the one call for the command line, gives the same findings as parse then validate', () => {
  assert.deepEqual(checkPrompts(everyProblem, { strictUnknownTools: true }), findingsOf(everyProblem, true));
  assert.deepEqual(checkPrompts(everyProblem, { strictUnknownTools: false }), findingsOf(everyProblem, false));
});
