// Hovers on keys, headers, tool names and arguments, and session ids; and
// the data they read: every key, tool and argument has its description,
// and the writer's key order covers exactly the schema's keys.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parsePrompts, type SessionModel } from '../../../src-shared/prompts/toml/document';
import { writerOrder } from '../../../src-shared/prompts/features/formatLayout';
import { hoverAt, timeSpan } from '../../../src-shared/prompts/features/hover';
import { tableSpecs, type TableName } from '../../../src-shared/prompts/rules/schema';
import { todoFields, tools } from '../../../src-shared/prompts/rules/tools';
import { lines } from '../../support/promptsFixtures';

const file = lines(
  '[commit]', // 0
  'branch = "main"', // 1
  '[[sessions]]', // 2
  'id = "s-1"', // 3
  'source = "claude_code"', // 4
  'title = "Fix *the* test"', // 5
  'started_at = 2026-04-21T09:00:00Z', // 6
  'ended_at = 2026-04-21T10:30:00Z', // 7
  'mystery = 1', // 8
  '  [[sessions.turns]]', // 9
  '  role = "user"', // 10
  '  text = "x"', // 11
  '  [[sessions.turns]]', // 12
  '  role = "assistant"', // 13
  '    [[sessions.turns.tool_calls]]', // 14
  '    name = "Shell"', // 15
  '    args = { command = "npm test", exit = 1 }', // 16
  '[[sessions]]', // 17
  'id = "s-2"', // 18
  'source = "manual"', // 19
  '  [[sessions.turns]]', // 20
  '  role = "user"', // 21
  '  at = 2026-04-21T11:00:00Z', // 22
  '[[edits]]', // 23
  'sessions = ["s-2", "gone"]', // 24
);

const doc = parsePrompts(file);

function hover(line: number, character: number): { markdown: string; range: string } | undefined {
  const h = hoverAt(doc, { line, character });
  return h && { markdown: h.markdown, range: `${h.range.start.line}:${h.range.start.character}-${h.range.end.line}:${h.range.end.character}` };
}

test('on a key: what it means, whether it is required, its allowed values', () => {
  assert.deepStrictEqual(hover(4, 2), {
    markdown: [
      '**`source`** · required · in `[[sessions]]`',
      'The tool the session was captured from.',
      'One of `claude_code`, `cursor`, `codex`, `compress`, `manual`.',
    ].join('\n\n'),
    range: '4:0-4:6',
  });
  assert.match(hover(1, 0)!.markdown, /^\*\*`branch`\*\* · required · in `\[commit\]`\n\nThe branch the commit is on\.\n\nA string, not blank\.$/);
  assert.match(hover(11, 3)!.markdown, /optional .*\n\nWhat was said .*\n\nA string\. At most 524,288 characters \(512 KiB\)\./);
});

test('on a value that is not a name: the key’s hover, over the value', () => {
  assert.deepStrictEqual(hover(4, 12)?.range, '4:9-4:22');
  assert.match(hover(4, 12)!.markdown, /^\*\*`source`\*\*/);
});

test('on a header: the table it opens', () => {
  assert.deepStrictEqual(hover(9, 6)?.range, '9:2-9:20');
  assert.match(hover(9, 6)!.markdown, /^\*\*`turns`\*\* · required · in `\[\[sessions\]\]`\n\nOne message of the conversation/);
  assert.match(hover(14, 10)!.markdown, /^\*\*`tool_calls`\*\* · optional · in `\[\[sessions\.turns\]\]`/);
  assert.match(hover(0, 3)!.markdown, /^\*\*`commit`\*\* · required · in `the top level`/);
});

test('on a tool name: the tool and the arguments it captures; on an argument: what it holds and its cap', () => {
  assert.deepStrictEqual(hover(15, 12), {
    markdown: '**`Shell`** · tool\n\nRun a shell command.\n\nCaptured arguments: `command` (required), `cwd`, `exit`.',
    range: '15:11-15:18',
  });
  assert.deepStrictEqual(hover(16, 15), {
    markdown: [
      '**`command`** · required · argument of `Shell`',
      'The command line run.',
      'A string. At most 200 characters: the writer cuts a longer value and appends `…[truncated K chars]`.',
    ].join('\n\n'),
    range: '16:13-16:20',
  });
  assert.match(hover(16, 36)!.markdown, /^\*\*`exit`\*\* · optional · argument of `Shell`\n\nIts exit status\.\n\nAn integer\.$/);
});

test('on a session id: title, turn count and time span; in an edits entry too', () => {
  assert.deepStrictEqual(hover(3, 7), {
    markdown: '**Fix \\*the\\* test** · `s-1`\n\n`claude_code` · 2 turns · 2026-04-21T09:00:00Z → 2026-04-21T10:30:00Z (1 h 30 min)',
    range: '3:5-3:10',
  });
  assert.deepStrictEqual(hover(24, 13), { markdown: '*untitled session* · `s-2`\n\n`manual` · 1 turn · 2026-04-21T11:00:00Z', range: '24:12-24:17' });
  assert.deepStrictEqual(hover(24, 22), { markdown: 'No session in this file has the id `gone`.', range: '24:19-24:25' });
});

test('nothing on an unknown key, a blank spot or a comment', () => {
  assert.equal(hover(8, 2), undefined);
  assert.equal(hoverAt(parsePrompts('# note\n'), { line: 0, character: 2 }), undefined);
});

test('every key, tool and argument has a description; the writer order lists exactly the schema keys', () => {
  for (const [table, spec] of Object.entries(tableSpecs)) {
    for (const [key, field] of Object.entries(spec.fields)) assert.ok(field.doc.trim().length > 10, `${table}.${key}`);
    assert.deepStrictEqual(new Set(writerOrder[table as TableName]), new Set(Object.keys(spec.fields)), table);
  }
  for (const [name, tool] of tools) {
    assert.ok(tool.doc.length > 5, name);
    for (const [arg, spec] of Object.entries(tool.args)) assert.ok(spec.doc.length > 5, `${name}.${arg}`);
  }
  for (const [key, spec] of Object.entries(todoFields)) assert.ok(spec.doc.length > 5, key);
});

test("a session's time span over 200,000 turns: the earliest and latest `at`, without spreading them into Math.min (which overflows the stack)", () => {
  const at = (ms: number) => ({ view: { value: { at: new Date(ms).toISOString() } } });
  const start = Date.UTC(2026, 3, 21, 9, 0, 0);
  const turns = Array.from({ length: 200_000 }, (_, i) => at(start + ((i * 7919) % 200_000) * 1000));
  const session = { index: 0, view: { value: {} }, turns } as unknown as SessionModel;
  assert.equal(timeSpan(session), '2026-04-21T09:00:00Z → 2026-04-23T16:33:19Z (55 h 33 min)');
});
