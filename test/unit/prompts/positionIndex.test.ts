// The position index is never fooled: block boundaries and the ranges of
// headers, keys and values hold across multi-line strings, inline tables,
// dotted and quoted keys, comments, arrays spanning lines, CRLF and a BOM.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Block } from '../../../src-shared/prompts/toml/block';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { splitBlocks } from '../../../src-shared/prompts/toml/scanner';
import { type Member, memberTable, type Span } from '../../../src-shared/prompts/toml/syntaxTree';
import { commitLines, lines, minimalValid, sessionLines, shown } from '../../support/promptsFixtures';

function member(block: Block, ...path: string[]): Member {
  let m: Member | undefined;
  let t = block.root;
  for (const key of path) {
    m = t.member(key);
    assert.ok(m, `no member ${key}`);
    t = memberTable(m) ?? t;
  }
  return m!;
}

const text = (block: Block, span: Span): string => block.slice(span);

test('a multi-line basic string holding headers, key lines and escaped quotes stays one value', () => {
  const doc = parsePrompts(
    lines(
      ...commitLines,
      'message = """',
      '[[sessions]]',
      'key = "x"',
      'a \\""" b \\\\',
      '"""',
      'author_username = "alicec"',
    ),
  );
  assert.deepEqual(
    doc.blocks.map((b) => b.kind),
    ['preamble', 'commit'],
  );
  const commit = doc.blocks[1]!;
  const message = member(commit, 'commit', 'message');
  assert.equal(text(commit, message.value!), '"""\n[[sessions]]\nkey = "x"\na \\""" b \\\\\n"""');
  assert.equal(text(commit, member(commit, 'commit', 'author_username').key), 'author_username');
  assert.equal(commit.value?.['commit'] && (commit.value['commit'] as Record<string, unknown>)['message'], '[[sessions]]\nkey = "x"\na """ b \\\n');
});

test("a multi-line literal string ends at ''' even with quotes inside and after", () => {
  const doc = parsePrompts(lines(...commitLines, "message = '''", '[[sessions]]', '"""', "x = 'y'''''", 'author_username = "a"'));
  const commit = doc.blocks[1]!;
  assert.equal(doc.blocks.length, 2);
  assert.equal(text(commit, member(commit, 'commit', 'message').value!), "'''\n[[sessions]]\n\"\"\"\nx = 'y'''''");
  assert.equal((commit.value!['commit'] as Record<string, unknown>)['message'], "[[sessions]]\n\"\"\"\nx = 'y''");
  assert.ok(member(commit, 'commit', 'author_username'));
});

test('inline tables index their inner keys and values', () => {
  const doc = parsePrompts(lines(...sessionLines, '  [[sessions.turns.tool_calls]]', '  name = "Read"', '  args = { path = "a.ts", offset = 3 }'));
  const session = doc.blocks[1]!;
  const args = member(session, 'sessions', 'turns', 'tool_calls', 'args');
  assert.equal(args.value?.kind, 'inlineTable');
  const inner = memberTable(args)!;
  assert.equal(text(session, inner.member('path')!.key), 'path');
  assert.equal(text(session, inner.member('path')!.value!), '"a.ts"');
  assert.equal(text(session, inner.member('offset')!.value!), '3');
});

test('dotted keys index each segment, and their values', () => {
  const doc = parsePrompts(lines(...sessionLines, '  [[sessions.turns.tool_calls]]', '  name = "Read"', '  args . path = "a.ts"', '  args.offset = 3'));
  const session = doc.blocks[1]!;
  const args = member(session, 'sessions', 'turns', 'tool_calls', 'args');
  assert.equal(text(session, args.key), 'args');
  assert.equal(text(session, member(session, 'sessions', 'turns', 'tool_calls', 'args', 'path').value!), '"a.ts"');
  assert.equal(text(session, member(session, 'sessions', 'turns', 'tool_calls', 'args', 'offset').key), 'offset');
  assert.deepEqual(shown(lines(minimalValid, '  [[sessions.turns.tool_calls]]', '  name = "Read"', '  args . path = "a.ts"', '  args.offset = 3')), []);
});

test('quoted keys are decoded for the schema and ranged with their quotes', () => {
  const doc = parsePrompts(lines(...commitLines, '"author_username" = "a"', "'weird key' = 1", '"esc\\u0061ped" = 2'));
  const commit = doc.blocks[1]!;
  assert.equal(text(commit, member(commit, 'commit', 'author_username').key), '"author_username"');
  assert.equal(text(commit, member(commit, 'commit', 'weird key').key), "'weird key'");
  assert.equal(text(commit, member(commit, 'commit', 'escaped').key), '"esc\\u0061ped"');
  assert.deepEqual(shown(lines(...commitLines, '"author_username" = "a"', "'weird key' = 1", '', ...sessionLines)), [
    'error prompts/unknown-key 5:0-5:11 unknown key in [commit]: `weird key`',
  ]);
});

test('comments holding = and [ are neither keys nor headers', () => {
  const doc = parsePrompts(lines('# a = [[sessions]]', ...commitLines, '  # [[sessions]] = 1', 'message = "x" # [edits] = 2', '', ...sessionLines));
  assert.deepEqual(
    doc.blocks.map((b) => b.kind),
    ['preamble', 'commit', 'session'],
  );
  assert.equal(doc.blocks[0]!.root.members.length, 0);
  assert.equal(text(doc.blocks[1]!, member(doc.blocks[1]!, 'commit', 'message').value!), '"x"');
});

test('arrays spanning lines, whose lines start with [, stay in their block', () => {
  const file = lines(minimalValid, 'matrix = [', '  [1, 2],', '  [inf],', '  # [[edits]]', '  ["[[edits]]"],', ']', 'tags = [', '  "a",', '  "b",', ']');
  const doc = parsePrompts(file);
  assert.deepEqual(
    doc.blocks.map((b) => b.kind),
    ['preamble', 'commit', 'session'],
  );
  const session = doc.blocks[2]!;
  assert.equal(text(session, member(session, 'sessions', 'turns', 'tags').key), 'tags');
  assert.deepEqual(shown(file), ['error prompts/unknown-key 14:0-14:6 unknown key in [[sessions.turns]]: `matrix`', 'error prompts/unknown-key 20:0-20:4 unknown key in [[sessions.turns]]: `tags`']);
});

test('CRLF files get the same blocks, ranges and findings as LF files', () => {
  const lf = lines(minimalValid, '  model = "x"', 'colour = "blue"', 'message = """', 'line', '"""');
  const crlf = lf.replace(/\n/g, '\r\n');
  assert.deepEqual(shown(crlf), shown(lf));
  assert.equal(shown(lf).length, 3);
  const a = parsePrompts(lf);
  const b = parsePrompts(crlf);
  assert.deepEqual(
    b.blocks.map((x) => [x.kind, x.startLine, x.endLine]),
    a.blocks.map((x) => [x.kind, x.startLine, x.endLine]),
  );
  assert.deepEqual(b.sessions[0]!.turns[0]!.view.keyRange('model'), a.sessions[0]!.turns[0]!.view.keyRange('model'));
});

test('a BOM is a character of the first line: ranges after it count it', () => {
  const withSchema = shown('\ufeff' + minimalValid.replace('v0.1', 'v9'));
  assert.deepEqual(withSchema, ['error prompts/schema-version 0:10-0:27 `schema` must be "spec.prompts/v0.1" (or absent), not "spec.prompts/v9"']);
  const headerFirst = parsePrompts('\ufeff' + lines(...commitLines, '', ...sessionLines));
  assert.equal(headerFirst.blocks[0]!.text, '');
  assert.equal(headerFirst.blocks[1]!.kind, 'commit');
  assert.deepEqual(headerFirst.blocks[1]!.headerRange, { start: { line: 0, character: 1 }, end: { line: 0, character: 9 } });
  assert.equal(headerFirst.commit?.value['branch'], 'main');
});

test('blocks cover the text exactly, on line boundaries', () => {
  const file = lines(minimalValid, '', '[[edits]]', 'at = 2026-04-21T09:00:00Z', 'by = "a"', 'sessions = []', 'turns = []', 'reason = "r"');
  const doc = parsePrompts(file);
  assert.equal(doc.blocks.map((b) => b.text).join(''), file);
  assert.deepEqual(
    doc.blocks.map((b) => [b.kind, b.startLine, b.endLine]),
    [
      ['preamble', 0, 2],
      ['commit', 2, 7],
      ['session', 7, 15],
      ['edits', 15, 21],
    ],
  );
});

test('a split tells when the text ends inside a multi-line string, array or inline table it opened', () => {
  const openAtEnd = (t: string): boolean[] => splitBlocks(t).map((b) => b.openAtEnd === true);
  assert.deepEqual(openAtEnd(lines('[[sessions]]', 'summary = """', 'still open')), [false, true]);
  assert.deepEqual(openAtEnd(lines('[[sessions]]', "summary = '''", "x''")), [false, true]);
  assert.deepEqual(openAtEnd(lines('[[sessions]]', 'tags = [', '"a",')), [false, true]);
  assert.deepEqual(openAtEnd(lines('[[sessions]]', 'args = { a = 1,')), [false, true]);
  assert.deepEqual(openAtEnd(lines('[[sessions]]', 'summary = """closed"""')), [false, false]);
  assert.deepEqual(openAtEnd(lines('[[sessions]]', 'summary = """"""')), [false, false]);
  assert.deepEqual(openAtEnd(minimalValid), [false, false, false]);
});
