// The model other features build on: sessions, turns, tool calls and edits
// with the ranges of their headers, keys and values, and `locate` telling
// which table and key a position is on.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Range } from '../../../src-shared/text/range';
import fc from '../../support/fastCheck';
import { parsePrompts, sessionsOfBlock } from '../../../src-shared/prompts/toml/document';
import { locate } from '../../../src-shared/prompts/toml/locate';
import { lines } from '../../support/promptsFixtures';

const file = lines(
  'schema = "spec.prompts/v0.1"', // 0
  '[commit]', // 1
  'branch = "main"', // 2
  'author_name = "A"', // 3
  'author_email = "a@example.com"', // 4
  '[[sessions]]', // 5
  'id = "s-1"', // 6
  'source = "manual"', // 7
  '  [sessions.commit]', // 8
  '  branch = "b"', // 9
  '  [[sessions.turns]]', // 10
  '  role = "user"', // 11
  '  text = "Hi"', // 12
  '', // 13
  '  [[sessions.turns]]', // 14
  '  role = "assistant"', // 15
  '    [[sessions.turns.tool_calls]]', // 16
  '    name = "Read"', // 17
  '    args = { path = "a.ts" }', // 18
  '    [[sessions.turns.tool_calls]]', // 19
  '    name = "Glob"', // 20
  '    args.pattern = "*.ts"', // 21
  '[[sessions]]', // 22
  'id = "s-2"', // 23
  'source = "manual"', // 24
  '  [[sessions.turns]]', // 25
  '  role = "user"', // 26
  '  text = "Again"', // 27
  '[[edits]]', // 28
  'at = 2026-04-21T09:00:00Z', // 29
  'by = "a"', // 30
  'sessions = ["s-1"]', // 31
  'turns = [0]', // 32
  'reason = "r"', // 33
);

const r = (sl: number, sc: number, el: number, ec: number): Range => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });

test('sessions, turns, tool calls, the commit and edits carry the ranges of their headers, keys and values', () => {
  const doc = parsePrompts(file);
  assert.deepEqual(doc.commit?.range, r(1, 0, 1, 8));
  assert.deepEqual(doc.commit?.valueRange('branch'), r(2, 9, 2, 15));
  assert.equal(doc.sessions.length, 2);
  const [s1, s2] = doc.sessions;
  assert.deepEqual([s1!.index, s2!.index], [0, 1]);
  assert.deepEqual(s1!.view.range, r(5, 0, 5, 12));
  assert.deepEqual(s2!.view.path, ['sessions', 1]);
  assert.deepEqual(s1!.view.keyRange('id'), r(6, 0, 6, 2));
  assert.deepEqual(s1!.view.valueRange('id'), r(6, 5, 6, 10));
  assert.deepEqual(s1!.view.table('commit')?.range, r(8, 2, 8, 19));
  assert.deepEqual(
    s1!.turns.map((t) => [t.index, t.view.range, t.view.path]),
    [
      [0, r(10, 2, 10, 20), ['sessions', 0, 'turns', 0]],
      [1, r(14, 2, 14, 20), ['sessions', 0, 'turns', 1]],
    ],
  );
  const calls = s1!.turns[1]!.toolCalls;
  assert.deepEqual(
    calls.map((c) => [c.index, c.view.range, c.view.valueRange('name')]),
    [
      [0, r(16, 4, 16, 33), r(17, 11, 17, 17)],
      [1, r(19, 4, 19, 33), r(20, 11, 20, 17)],
    ],
  );
  assert.deepEqual(calls[0]!.view.table('args')?.range, r(18, 11, 18, 28));
  assert.deepEqual(calls[0]!.view.table('args')?.valueRange('path'), r(18, 20, 18, 26));
  assert.deepEqual(calls[1]!.view.table('args')?.keyRange('pattern'), r(21, 9, 21, 16));
  assert.deepEqual(
    doc.edits.map((e) => [e.index, e.view.range, e.view.valueRange('turns')]),
    [[0, r(28, 0, 28, 9), r(32, 8, 32, 11)]],
  );
  assert.deepEqual(
    doc.blocks.map((b) => [b.kind, b.startLine, b.headerRange?.start.line]),
    [
      ['preamble', 0, undefined],
      ['commit', 1, 1],
      ['session', 5, 5],
      ['session', 22, 22],
      ['edits', 28, 28],
    ],
  );
});

test('locate names the table, the key and the part a position is on', () => {
  const doc = parsePrompts(file);
  // [line, character] -> table, table path, key path, part, turn index, tool call index
  const cases: [number, number, string, (string | number)[], string[], string, number?, number?][] = [
    [0, 2, 'root', [], ['schema'], 'key'],
    [2, 11, 'commit', ['commit'], ['branch'], 'value'],
    [9, 3, 'sessionCommit', ['sessions', 0, 'commit'], ['branch'], 'key'],
    [14, 5, 'turn', ['sessions', 0, 'turns', 1], [], 'header', 1],
    [13, 0, 'turn', ['sessions', 0, 'turns', 0], [], 'none', 0],
    [15, 3, 'turn', ['sessions', 0, 'turns', 1], ['role'], 'key', 1],
    [18, 22, 'toolCall', ['sessions', 0, 'turns', 1, 'tool_calls', 0], ['args', 'path'], 'value', 1, 0],
    [21, 12, 'toolCall', ['sessions', 0, 'turns', 1, 'tool_calls', 1], ['args', 'pattern'], 'key', 1, 1],
    [26, 9, 'turn', ['sessions', 1, 'turns', 0], ['role'], 'value', 0],
    [32, 9, 'edit', ['edits', 0], ['turns'], 'value'],
  ];
  for (const [line, character, ...expected] of cases) {
    const l = locate(doc, { line, character });
    const got = [l.table, l.tablePath, l.keyPath, l.part, l.turn?.index, l.toolCall?.index];
    assert.deepEqual(got, [...expected, undefined, undefined].slice(0, 6), `at ${line}:${character}`);
  }
});

test('locate works in a block that does not parse, from the position index', () => {
  const broken = file.replace('  text = "Hi"', '  text = "Hi');
  const doc = parsePrompts(broken);
  assert.equal(doc.sessions.length, 1, 'the broken session has no model');
  const l = locate(doc, { line: 15, character: 3 });
  assert.deepEqual([l.table, l.tablePath, l.keyPath, l.part, l.session], ['turn', ['sessions', 0, 'turns', 1], ['role'], 'key', undefined]);
});

test("a block's sessions, found without gathering the file's, are the file's sessions of that block", () => {
  const pieces = [
    '[[sessions]]\nid = "a"\n  [[sessions.turns]]\n  role = "user"\n  text = "x"\n',
    '[[sessions]]\nid = "broken\n',
    '[[sessions]]\nid = "b"\n[[sessions]]\nid = "c"\n',
    '[sessions]\nid = "table"\n',
    '[[sessions.turns]]\nrole = "user"\n',
    '[commit]\nbranch = "main"\n',
    '[[edits]]\nreason = "r"\n',
    'sessions = [{ id = "inline" }, 3]\n',
    '[other]\nsessions = [{ id = "nested" }]\n',
  ];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (chosen) => {
      const doc = parsePrompts(chosen.join(''));
      for (const block of doc.blocks) {
        const alone = sessionsOfBlock(doc, block);
        const gathered = doc.sessions.filter((s) => s.view.block === block);
        assert.deepEqual(
          alone.map((s) => [s.index, s.view.path, s.view.value, s.turns.length]),
          gathered.map((s) => [s.index, s.view.path, s.view.value, s.turns.length]),
        );
      }
    }),
    { numRuns: 500 },
  );
});
