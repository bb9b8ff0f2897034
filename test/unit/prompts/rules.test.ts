// FORMATS.md B.2 rules 1-9, 11 and 12, one fixture per rule and code: each
// finding's code, severity, exact range and message. Line numbers in the
// fixtures are the 0-based positions of `lines(...)` arguments.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { commitLines, findingsOf, lines, minimalValid, sessionLines, shown } from '../../support/promptsFixtures';

const schema = 'schema = "spec.prompts/v0.1"';
// minimalValid: 0 schema, 2 [commit], 3 branch, 4 author_name, 5 author_email,
// 7 [[sessions]], 8 id, 9 source, 11 [[sessions.turns]], 12 role, 13 text.
const userTurn = ['  [[sessions.turns]]', '  role = "user"', '  text = "Hi"'];

test('the minimal file is valid', () => {
  assert.deepEqual(shown(minimalValid), []);
});

test('rule 1: a TOML syntax error at the parser position, one character wide', () => {
  assert.deepEqual(shown(lines(minimalValid, 'title = "unterminated')), ['error prompts/toml-syntax 14:8-14:9 TOML syntax error: unfinished string']);
  assert.deepEqual(shown(lines(minimalValid, 'x = 1 y')), ['error prompts/toml-syntax 14:6-14:7 TOML syntax error: each key-value declaration must be followed by an end-of-line']);
});

test('rule 1: a table defined twice across blocks is reported at the second header, as a whole-file parse does', () => {
  assert.deepEqual(shown(lines(minimalValid, '', ...commitLines)), [
    'error prompts/toml-syntax 15:1-15:2 TOML syntax error: trying to redefine an already defined table or value',
  ]);
  assert.deepEqual(shown(lines(minimalValid, '[sessions]')), ['error prompts/toml-syntax 14:1-14:2 TOML syntax error: trying to redefine an already defined table or value']);
  // The preamble parses on its own, so its inline table is checked too.
  assert.deepEqual(shown(lines('commit = { branch = "x" }', ...commitLines.slice(0, 1), '', ...sessionLines)), [
    'error prompts/missing-key 0:9-0:25 [commit] is missing `author_name`',
    'error prompts/missing-key 0:9-0:25 [commit] is missing `author_email`',
    'error prompts/toml-syntax 1:1-1:2 TOML syntax error: trying to redefine an already defined table or value',
  ]);
});

test('rule 2: schema absent is fine; any other value is reported on the value', () => {
  assert.deepEqual(shown(minimalValid.replace(schema, '')), []);
  assert.deepEqual(shown(minimalValid.replace(schema, 'schema = "spec.prompts/v0.2"')), [
    'error prompts/schema-version 0:9-0:28 `schema` must be "spec.prompts/v0.1" (or absent), not "spec.prompts/v0.2"',
  ]);
  assert.deepEqual(shown(minimalValid.replace(schema, 'schema = 1')), ['error prompts/schema-version 0:9-0:10 `schema` must be "spec.prompts/v0.1" (or absent), not an integer']);
  assert.deepEqual(findingsOf(minimalValid.replace(schema, 'schema = "v2"'))[0]?.data, { replacement: '"spec.prompts/v0.1"' });
});

test('rule 3: exactly one [commit] with non-blank branch, author_name, author_email', () => {
  assert.deepEqual(shown(lines(schema, '', ...sessionLines)), ['error prompts/missing-commit 0:0-0:28 the file needs one `[commit]` table']);
  assert.deepEqual(shown(minimalValid.replace('author_email = "alice@example.com"', '')), ['error prompts/missing-key 2:0-2:8 [commit] is missing `author_email`']);
  assert.deepEqual(shown(minimalValid.replace('branch = "main"', 'branch = "  "')), ['error prompts/blank-value 3:9-3:13 `branch` must not be blank']);
  assert.deepEqual(shown(minimalValid.replace('author_name = "Alice Chen"', 'author_name = 7')), ['error prompts/wrong-type 4:14-4:15 `author_name` must be a string, not an integer']);
  assert.deepEqual(shown(minimalValid.replace('[commit]', '[[commit]]')), ['error prompts/wrong-type 2:0-2:10 `commit` must be a table ([commit]), not an array']);
});

test('rule 4: at least one [[sessions]]', () => {
  assert.deepEqual(shown(lines(schema, '', ...commitLines)), ['error prompts/no-sessions 0:0-0:28 the file needs at least one `[[sessions]]`']);
  assert.deepEqual(shown(lines('sessions = []', ...commitLines)), ['error prompts/no-sessions 0:11-0:13 `sessions` needs at least one [[sessions]]']);
});

test('rule 5: a non-blank id and a known source', () => {
  assert.deepEqual(shown(minimalValid.replace('id = "s-1"', '')), ['error prompts/missing-key 7:0-7:12 [[sessions]] is missing `id`']);
  assert.deepEqual(shown(minimalValid.replace('id = "s-1"', 'id = ""')), ['error prompts/blank-value 8:5-8:7 `id` must not be blank']);
  assert.deepEqual(shown(minimalValid.replace('source = "claude_code"', '')), ['error prompts/missing-key 7:0-7:12 [[sessions]] is missing `source`']);
  const bad = findingsOf(minimalValid.replace('source = "claude_code"', 'source = "claude"'));
  assert.deepEqual(bad.map((f) => [f.code, f.severity, f.range, f.message]), [
    [
      'prompts/bad-enum-value',
      'error',
      { start: { line: 9, character: 9 }, end: { line: 9, character: 17 } },
      '"claude" is not a session source; expected one of claude_code, cursor, codex, compress, manual',
    ],
  ]);
  assert.deepEqual(bad[0]!.data, { allowed: ['claude_code', 'cursor', 'codex', 'compress', 'manual'], suggestion: 'claude_code' });
});

test('rule 5: a duplicate session id is reported on the second id, linked to the first', () => {
  const findings = findingsOf(lines(minimalValid, '', ...sessionLines));
  assert.deepEqual(
    findings.map((f) => [f.code, f.severity, f.range, f.message, f.related]),
    [
      [
        'prompts/duplicate-session-id',
        'error',
        { start: { line: 16, character: 5 }, end: { line: 16, character: 10 } },
        'session id "s-1" is already used; ids are unique',
        [{ range: { start: { line: 8, character: 5 }, end: { line: 8, character: 10 } }, message: 'first used here' }],
      ],
    ],
  );
});

test('rule 6: a session without turns is reported on its header', () => {
  assert.deepEqual(shown(lines(schema, ...commitLines, ...sessionLines.slice(0, 3))), ['error prompts/no-turns 5:0-5:12 a session needs at least one `[[sessions.turns]]`']);
  assert.deepEqual(shown(lines(schema, ...commitLines, ...sessionLines.slice(0, 3), 'turns = []')), ['error prompts/no-turns 8:8-8:10 `turns` needs at least one [[sessions.turns]]']);
});

test('rule 7: roles, with tool_result reserved', () => {
  const bad = findingsOf(minimalValid.replace('role = "user"', 'role = "system"'));
  assert.deepEqual(bad.map((f) => [f.code, f.range.start, f.message, f.data]), [
    ['prompts/bad-enum-value', { line: 12, character: 9 }, '"system" is not a turn role; expected one of user, assistant', { allowed: ['user', 'assistant'] }],
  ]);
  assert.deepEqual(shown(lines(minimalValid, '', '  [[sessions.turns]]', '  role = "tool_result"')), [
    'error prompts/reserved-role 16:9-16:22 `tool_result` is reserved and not allowed in spec.prompts/v0.1; use one of user, assistant',
  ]);
  assert.deepEqual(shown(lines(minimalValid, '', '  [[sessions.turns]]')), ['error prompts/missing-key 15:2-15:20 [[sessions.turns]] is missing `role`']);
});

test('rule 7: a user turn has string text and no model or summary, each reported on its key', () => {
  assert.deepEqual(shown(minimalValid.replace('  text = "Hello"', '')), ['error prompts/missing-key 11:2-11:20 a user turn needs `text`']);
  assert.deepEqual(shown(minimalValid.replace('text = "Hello"', 'text = ["Hello"]')), ['error prompts/wrong-type 13:9-13:18 `text` must be a string, not an array']);
  assert.deepEqual(shown(lines(minimalValid, '  model = "claude-sonnet-4-6"', '  summary = "x"')), [
    'error prompts/user-turn-model 14:2-14:7 a user turn has no `model`: only assistant turns name the model',
    'error prompts/user-turn-summary 15:2-15:9 a user turn has no `summary`: the prompt is its own text',
  ]);
});

test('rule 7: an assistant turn has text only in a verbose session, and a non-blank model', () => {
  const assistant = ['', '  [[sessions.turns]]', '  role = "assistant"', '  model = " "', '  text = "Done."'];
  assert.deepEqual(shown(lines(minimalValid, ...assistant)), [
    'error prompts/blank-value 17:10-17:13 `model` must not be blank',
    'error prompts/assistant-text 18:2-18:6 an assistant turn carries `text` only when its session has `verbose = true`',
  ]);
  const verbose = minimalValid.replace('source = "claude_code"', 'source = "claude_code"\nverbose = true');
  assert.deepEqual(shown(lines(verbose, ...assistant)), ['error prompts/blank-value 18:10-18:13 `model` must not be blank']);
});

test('rule 7: caps on turn text (524,288 characters) and model (128), on the key with the size', () => {
  const atCap = minimalValid.replace('"Hello"', `"${'x'.repeat(524_288)}"`);
  assert.deepEqual(shown(atCap), []);
  const over = minimalValid.replace('"Hello"', `"${'é'.repeat(524_289)}"`);
  assert.deepEqual(shown(over), ['error prompts/too-long 13:2-13:6 `text` is 524,289 characters; at most 524,288 are allowed']);
  // Characters are code points, as Python counts them: 128 emoji are 256 UTF-16 units but within the cap.
  const model = (m: string): string => lines(minimalValid, '', '  [[sessions.turns]]', '  role = "assistant"', `  model = "${m}"`);
  assert.deepEqual(shown(model('😀'.repeat(128))), []);
  const tooLong = findingsOf(model('m'.repeat(129)));
  assert.deepEqual(tooLong.map((f) => [f.code, f.range.start, f.message, f.data]), [
    ['prompts/too-long', { line: 17, character: 2 }, '`model` is 129 characters; at most 128 are allowed', { size: 129, cap: 128 }],
  ]);
});

test('rule 8: enums for visibility, outcome, status; verbose a boolean; tags and paths_touched lists of strings', () => {
  const session = (extra: string): string => minimalValid.replace('source = "claude_code"', `source = "claude_code"\n${extra}`);
  assert.deepEqual(shown(session('visibility = "Public"')), ['error prompts/bad-enum-value 10:13-10:21 "Public" is not a visibility; expected one of public, private']);
  assert.deepEqual(findingsOf(session('visibility = "Public"'))[0]?.data, { allowed: ['public', 'private'], suggestion: 'public' });
  assert.deepEqual(shown(session('outcome = "done"')), ['error prompts/bad-enum-value 10:10-10:16 "done" is not an outcome; expected one of shipped, abandoned, exploratory, failed']);
  assert.deepEqual(shown(session('verbose = "yes"')), ['error prompts/wrong-type 10:10-10:15 `verbose` must be a boolean (true or false), not a string']);
  assert.deepEqual(shown(session('tags = "a"')), ['error prompts/wrong-type 10:7-10:10 `tags` must be a list of strings, not a string']);
  assert.deepEqual(shown(session('paths_touched = ["a", 2]')), ['error prompts/wrong-type 10:22-10:23 `paths_touched` must be a list of strings; item 1 is an integer']);
  const call = lines(minimalValid, '', '  [[sessions.turns]]', '  role = "assistant"', '    [[sessions.turns.tool_calls]]', '    name = "Delete"', '    args = { path = "a" }', '    status = "failed"');
  assert.deepEqual(shown(call), ['error prompts/bad-enum-value 20:13-20:21 "failed" is not a tool call status; expected one of ok, error']);
});

test('rule 9: timestamps are TOML date-times or RFC 3339 strings', () => {
  const at = (v: string): string => lines(minimalValid, `  at = ${v}`);
  assert.deepEqual(shown(at('2026-04-21T11:47:12Z')), []);
  assert.deepEqual(shown(at('"2026-04-21T11:47:12Z"')), []);
  assert.deepEqual(shown(at('2026-04-21 11:47:12Z')), []);
  assert.deepEqual(shown(at('2026-04-21')), ['error prompts/bad-timestamp 14:7-14:17 `at` must be a date-time (TOML or an RFC 3339 string), not a date without a time']);
  assert.deepEqual(shown(at('11:47:12')), ['error prompts/bad-timestamp 14:7-14:15 `at` must be a date-time (TOML or an RFC 3339 string), not a time without a date']);
  assert.deepEqual(shown(at('"yesterday"')), ['error prompts/bad-timestamp 14:7-14:18 `at` must be a date-time (TOML or an RFC 3339 string), not a string that is not an RFC 3339 date-time']);
  assert.deepEqual(shown(at('"2026-02-30T10:00:00Z"')), ['error prompts/bad-timestamp 14:7-14:29 `at` must be a date-time (TOML or an RFC 3339 string), not a string that is not an RFC 3339 date-time']);
  assert.deepEqual(shown(at('1776000000')), ['error prompts/bad-timestamp 14:7-14:17 `at` must be a date-time (TOML or an RFC 3339 string), not an integer, not a date-time']);
  // A local date-time is still a TOML date-time: no error, only the determinism warning.
  assert.deepEqual(shown(at('2026-04-21T11:47:12')), [
    'warning prompts/non-utc-timestamp 14:7-14:26 `at` is a local date-time with no offset; the capture writer writes UTC with Z and whole seconds',
  ]);
});

test('rule 11: unknown keys anywhere are errors on the key, with the closest allowed key offered', () => {
  const f = findingsOf(minimalValid.replace('source = "claude_code"', 'source = "claude_code"\nsumary = "x"'));
  assert.deepEqual(f.map((x) => [x.code, x.severity, x.range, x.message]), [
    ['prompts/unknown-key', 'error', { start: { line: 10, character: 0 }, end: { line: 10, character: 6 } }, 'unknown key in [[sessions]]: `sumary`; did you mean `summary`?'],
  ]);
  const data = f[0]!.data as { key: string; allowed: string[]; suggestion: string };
  assert.equal(data.suggestion, 'summary');
  assert.ok(!data.allowed.includes('id') && data.allowed.includes('summary'), 'keys already present are not offered');
  assert.deepEqual(shown(lines('colour = "blue"', ...commitLines, ...sessionLines)), ['error prompts/unknown-key 0:0-0:6 unknown top-level key `colour`']);
  assert.deepEqual(shown(lines(minimalValid, '[foo]')), ['error prompts/unknown-key 14:1-14:4 unknown top-level key `foo`']);
  assert.deepEqual(shown(minimalValid.replace('author_email = "alice@example.com"', 'author_email = "alice@example.com"\n[commit.extra]')), [
    'error prompts/unknown-key 6:8-6:13 unknown key in [commit]: `extra`',
  ]);
  assert.deepEqual(shown(lines(minimalValid, '  [sessions.commit]', '  sha = "abc"')), [
    'error prompts/unknown-key 15:2-15:5 unknown key in [sessions.commit]: `sha`',
  ]);
  assert.deepEqual(shown(lines(minimalValid, '  Role = "user"')), ['error prompts/unknown-key 14:2-14:6 unknown key in [[sessions.turns]]: `Role`']);
  assert.deepEqual(shown(lines(minimalValid, '  Tool_calls = []')), [
    'error prompts/unknown-key 14:2-14:12 unknown key in [[sessions.turns]]: `Tool_calls`; did you mean `tool_calls`?',
  ]);
});

test('rule 12: each [[edits]] entry has at, by, sessions, turns and reason of their types', () => {
  const edit = (...body: string[]): string => lines(minimalValid, '', '[[edits]]', ...body);
  const good = ['at = 2026-04-21T09:00:00Z', 'by = "alice@example.com"', 'sessions = ["s-1"]', 'turns = [0]', 'reason = "Tightened the prompt."'];
  assert.deepEqual(shown(edit(...good)), []);
  assert.deepEqual(shown(edit(...good.slice(1))), ['error prompts/missing-key 15:0-15:9 [[edits]] is missing `at`']);
  assert.deepEqual(shown(edit('at = "soon"', 'by = 1', 'sessions = "s-1"', 'turns = [1, true, 2.0]', 'reason = "r"')), [
    'error prompts/bad-timestamp 16:5-16:11 `at` must be a date-time (TOML or an RFC 3339 string), not a string that is not an RFC 3339 date-time',
    'error prompts/wrong-type 17:5-17:6 `by` must be a string, not an integer',
    'error prompts/wrong-type 18:11-18:16 `sessions` must be a list of strings, not a string',
    'error prompts/wrong-type 19:12-19:16 `turns` must be a list of integers; item 1 is a boolean (booleans are not integers)',
    'error prompts/wrong-type 19:18-19:21 `turns` must be a list of integers; item 2 is a float',
  ]);
});

test('a sub-table written away from its table is reported on its header, not misread', () => {
  const edits = ['[[edits]]', 'at = 2026-04-21T09:00:00Z', 'by = "a"', 'sessions = []', 'turns = []', 'reason = "r"'];
  assert.deepEqual(shown(lines(minimalValid, ...edits, ...userTurn)), [
    'error prompts/detached-table 20:2-20:20 `[[sessions.turns]]` is apart from the [[sessions]] it belongs to; move it up under that table',
  ]);
});

test('every problem is reported at once, in reading order', () => {
  const file = lines('colour = 1', '[commit]', 'branch = ""', '[[sessions]]', 'id = "x"', 'source = "nope"');
  assert.deepEqual(
    findingsOf(file).map((f) => f.code),
    ['prompts/unknown-key', 'prompts/missing-key', 'prompts/missing-key', 'prompts/blank-value', 'prompts/no-turns', 'prompts/bad-enum-value'],
  );
});

test('rule 1: tables nested past the limit through dotted keys are refused like a syntax error; up to it they parse', () => {
  const dotted = (levels: number): string => `${Array.from({ length: levels }, (_, i) => `k${i}`).join('.')} = 1`;
  const nestingErrors = (levels: number): string[] =>
    findingsOf(lines(minimalValid, '', '[extra]', dotted(levels)))
      .filter((f) => f.code === 'prompts/toml-syntax')
      .map((f) => f.message);
  // [extra] is one level; the dotted key adds one per segment.
  assert.deepEqual(nestingErrors(99), []);
  assert.deepEqual(nestingErrors(150), ['TOML syntax error: tables nested more than 100 levels deep (through dotted keys or headers); nothing here is read']);
});
