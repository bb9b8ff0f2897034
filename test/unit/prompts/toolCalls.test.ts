// FORMATS.md B.3 and rule 10: tool names on the allow-list, args keys the
// tool captures, required args and caps.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { findingsOf, lines, minimalValid, shown } from '../../support/promptsFixtures';

/** A file whose last lines are one tool call: its header on line 17, `name` on 18, then `rest` from line 19. */
function call(name: string, ...rest: string[]): string {
  return lines(minimalValid, '', '  [[sessions.turns]]', '  role = "assistant"', '    [[sessions.turns.tool_calls]]', `    name = "${name}"`, ...rest);
}

test('an unknown tool is a warning on its name, an error when strict, with the allow-list to pick from', () => {
  assert.deepEqual(shown(call('Reed', '    args = { path = "a" }')), [
    'warning prompts/unknown-tool 18:11-18:17 `Reed` is not on the tool allow-list, so the capture writer would drop it; did you mean `Read`?',
  ]);
  const strict = findingsOf(call('Reed', '    args = { path = "a" }'), true);
  assert.equal(strict[0]?.severity, 'error');
  assert.deepEqual((strict[0]?.data as { allowed: string[] }).allowed, [
    'Read',
    'Glob',
    'Grep',
    'Shell',
    'Bash',
    'Write',
    'Edit',
    'StrReplace',
    'Delete',
    'WebFetch',
    'WebSearch',
    'Task',
    'TodoWrite',
  ]);
});

test('an args key the tool does not capture is an error on the key', () => {
  const f = findingsOf(call('Read', '    args = { path = "a", pth = "b", limit = 3 }'));
  assert.deepEqual(f.map((x) => [x.code, x.severity, x.range.start, x.range.end, x.message, x.data]), [
    [
      'prompts/unknown-tool-arg',
      'error',
      { line: 19, character: 25 },
      { line: 19, character: 28 },
      'Read does not capture `pth`; its args are path, offset, limit',
      { key: 'pth', allowed: ['path', 'offset', 'limit'] },
    ],
  ]);
  assert.deepEqual(shown(call('Grep', '    args.patern = "x"')), [
    'warning prompts/missing-tool-arg 19:4-19:8 Grep args lack `pattern`',
    'error prompts/unknown-tool-arg 19:9-19:15 Grep does not capture `patern`; its args are pattern, path, glob, type, output_mode. Did you mean `pattern`?',
  ]);
});

test('a missing required arg is a warning on `args`, or on the call when there are no args', () => {
  assert.deepEqual(shown(call('Write', '    args = { path = "a" }')), ['warning prompts/missing-tool-arg 19:4-19:8 Write args lack `bytes`']);
  assert.deepEqual(shown(call('Edit')), [
    'warning prompts/missing-tool-arg 17:4-17:33 Edit args lack `path`',
    'warning prompts/missing-tool-arg 17:4-17:33 Edit args lack `old_head`',
    'warning prompts/missing-tool-arg 17:4-17:33 Edit args lack `new_head`',
  ]);
  assert.deepEqual(shown(call('Read', '    args = "a.ts"')), ['error prompts/wrong-type 19:11-19:17 `args` must be a table, not a string']);
});

test('values over their cap are warnings on the key with the size; the writer-truncated form is fine', () => {
  const command = (v: string): string => call('Shell', `    args = { command = ${JSON.stringify(v)} }`);
  assert.deepEqual(shown(command('x'.repeat(200))), []);
  assert.deepEqual(shown(command('x'.repeat(201))), ['warning prompts/tool-arg-too-long 19:13-19:20 Shell `command` is 201 characters; the writer keeps at most 200']);
  assert.deepEqual(shown(command(`${'x'.repeat(200)}…[truncated 57 chars]`)), []);
  assert.deepEqual(shown(call('Bash', `    args = { command = "${'y'.repeat(201)}" }`)), [
    'warning prompts/tool-arg-too-long 19:13-19:20 Bash `command` is 201 characters; the writer keeps at most 200',
  ]);
  assert.deepEqual(shown(call('StrReplace', `    args = { path = "a", old_head = "${'o'.repeat(41)}", new_head = "n" }`)), [
    'warning prompts/tool-arg-too-long 19:25-19:33 StrReplace `old_head` is 41 characters; the writer keeps at most 40',
  ]);
  const task = findingsOf(call('Task', `    args = { subagent_type = "explore", description = "${'d'.repeat(501)}", model = "${'m'.repeat(41)}" }`));
  assert.deepEqual(task.map((f) => [f.code, f.message, f.data]), [
    ['prompts/tool-arg-too-long', 'Task `description` is 501 characters; the writer keeps at most 500', { size: 501, cap: 500 }],
    ['prompts/tool-arg-too-long', 'Task `model` is 41 characters; the writer keeps at most 40', { size: 41, cap: 40 }],
  ]);
});

test('arg values of the wrong type are warnings on the value', () => {
  assert.deepEqual(shown(call('Read', '    args = { path = "a", offset = "3", limit = 2.0 }')), [
    'warning prompts/tool-arg-type 19:34-19:37 Read `offset` should be an integer, not a string',
    'warning prompts/tool-arg-type 19:47-19:50 Read `limit` should be an integer, not a float',
  ]);
  assert.deepEqual(shown(call('Write', '    args = { path = "a", bytes = true }')), ['warning prompts/tool-arg-type 19:33-19:37 Write `bytes` should be an integer, not a boolean']);
});

test('TodoWrite todos are tables of id, content and status', () => {
  assert.deepEqual(shown(call('TodoWrite', '    args = { todos = [{ id = "1", content = "c", status = "done" }] }')), []);
  assert.deepEqual(shown(call('TodoWrite', '    args = { todos = [{ id = "1", content = "c", state = "x" }, "t"] }')), [
    'warning prompts/missing-tool-arg 19:22-19:62 TodoWrite todo args lack `status`',
    'error prompts/unknown-tool-arg 19:49-19:54 TodoWrite todo does not capture `state`; its args are id, content, status. Did you mean `status`?',
    'warning prompts/tool-arg-type 19:64-19:67 TodoWrite `todos[1]` should be a table {id, content, status}, not a string',
  ]);
  assert.deepEqual(shown(call('TodoWrite', '    args = { todos = "x" }')), ['warning prompts/tool-arg-type 19:21-19:24 TodoWrite `todos` should be a list of tables {id, content, status}, not a string']);
});

test('a tool call without a name is the schema walk finding only', () => {
  assert.deepEqual(shown(lines(minimalValid, '', '  [[sessions.turns]]', '  role = "assistant"', '    [[sessions.turns.tool_calls]]', '    args = { path = "a" }')), [
    'error prompts/missing-key 17:4-17:33 [[sessions.turns.tool_calls]] is missing `name`',
  ]);
});
