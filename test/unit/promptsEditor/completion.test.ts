// Completion while typing: keys the table still lacks (in the writer's
// order, with a snippet for the value), enum values and tool names after
// `=` or inside quotes, tool arguments inside `args = { ... }`, sub-table
// headers after `[`; in blocks that do not parse, as they rarely do mid-edit.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { completionsAt, type PromptsCompletion } from '../../../src-shared/prompts/features/completion';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { lines } from '../../support/promptsFixtures';

/** Completions at the `|` in `text` (the marker is removed). */
function at(text: string, trigger?: string): PromptsCompletion[] {
  const offset = text.indexOf('|');
  const clean = text.slice(0, offset) + text.slice(offset + 1);
  const before = clean.slice(0, offset).split('\n');
  return completionsAt(parsePrompts(clean), { line: before.length - 1, character: before[before.length - 1]!.length }, trigger);
}

/** The cursor's line after applying a completion (plain text ones). */
function applied(text: string, c: PromptsCompletion): string {
  const offset = text.indexOf('|');
  const line = text.slice(0, offset).split('\n').length - 1;
  const l = text.replace('|', '').split('\n')[line]!;
  return l.slice(0, c.range.start.character) + c.newText + l.slice(c.range.end.character);
}

const session = ['[commit]', 'branch = "main"', '[[sessions]]', 'id = "s-1"', 'source = "manual"'];

test('keys the table lacks, in the writer order, as snippets; sub-tables are offered as headers instead', () => {
  const items = at(lines(...session, 'titl|'));
  assert.deepStrictEqual(items.slice(0, 4).map((c) => c.label), ['started_at', 'ended_at', 'model', 'cwd']);
  assert.ok(!items.some((c) => ['id', 'source', 'commit', 'turns'].includes(c.label)));
  const outcome = items.find((c) => c.label === 'outcome')!;
  assert.equal(outcome.newText, 'outcome = "${1|shipped,abandoned,exploratory,failed|}"');
  assert.equal(outcome.snippet, true);
  assert.deepStrictEqual(outcome.range, { start: { line: 5, character: 0 }, end: { line: 5, character: 4 } });
  assert.match(outcome.documentation, /How the session ended/);
  assert.equal(items.find((c) => c.label === 'verbose')!.newText, 'verbose = ${1|true,false|}');
});

test('at the top level only `schema`, while it is absent', () => {
  assert.deepStrictEqual(at('|\n[commit]').map((c) => [c.label, c.newText]), [['schema', 'schema = "spec.prompts/v0.1"']]);
  assert.deepStrictEqual(at('schema = "spec.prompts/v0.1"\n|\n[commit]'), []);
});

test('a space typed while indenting asks for nothing; the same place asked for explicitly offers keys', () => {
  assert.deepStrictEqual(at(lines(...session, '  |'), ' '), []);
  assert.ok(at(lines(...session, '  |')).length > 0);
});

test('enum values after `=`, quoted; inside quotes, bare, replacing what is typed and a closing quote the editor added', () => {
  const after = at(lines(...session, 'outcome = |'));
  assert.deepStrictEqual(after.map((c) => c.label), ['shipped', 'abandoned', 'exploratory', 'failed']);
  assert.equal(applied(lines(...session, 'outcome = |'), after[0]!), 'outcome = "shipped"');
  const inside = lines(...session, 'outcome = "ab|"');
  const abandoned = at(inside).find((c) => c.label === 'abandoned')!;
  assert.equal(applied(inside, abandoned), 'outcome = "abandoned"');
  const open = lines(...session, "outcome = 'ex|");
  assert.equal(applied(open, at(open).find((c) => c.label === 'exploratory')!), "outcome = 'exploratory'");
});

test('roles in a turn, even while the block does not parse', () => {
  const text = lines(...session, '  [[sessions.turns]]', '  role = "|', '  text = """never closed');
  assert.deepStrictEqual(at(text).map((c) => c.label), ['user', 'assistant']);
});

test('tool names in a tool call', () => {
  const text = lines(...session, '  [[sessions.turns]]', '  role = "assistant"', '    [[sessions.turns.tool_calls]]', '    name = "|"');
  const items = at(text);
  assert.ok(items.length >= 13);
  assert.equal(applied(text, items.find((c) => c.label === 'WebFetch')!), '    name = "WebFetch"');
});

test('tool arguments inside `args = { ... }`: those the tool captures and the call lacks', () => {
  const call = [...session, '  [[sessions.turns]]', '  role = "assistant"', '    [[sessions.turns.tool_calls]]', '    name = "Read"'];
  assert.deepStrictEqual(at(lines(...call, '    args = { |')).map((c) => [c.label, c.newText]), [
    ['path', 'path = "$1"'],
    ['offset', 'offset = $1'],
    ['limit', 'limit = $1'],
  ]);
  assert.deepStrictEqual(at(lines(...call, '    args = { path = "a.ts", lim| }')).map((c) => c.label), ['offset', 'limit']);
  assert.deepStrictEqual(at(lines(...call, '    args = { path = "a.t| }')), []);
});

test('headers after `[`: sub-tables of the table the cursor is in, then the file’s tables', () => {
  const text = lines(...session, '  [[sessions.turns]]', '  role = "user"', '  [[|]]');
  const items = at(text);
  assert.deepStrictEqual(items.map((c) => c.label), ['[[sessions.turns.tool_calls]]', '[[sessions.turns]]', '[sessions.commit]', '[[sessions]]', '[[edits]]']);
  assert.equal(applied(text, items[1]!), '  [[sessions.turns]]');
  assert.deepStrictEqual(at('[|').map((c) => c.label), ['[commit]', '[[sessions]]', '[[edits]]']);
});

test('nothing inside a multi-line string, where a line start is text', () => {
  assert.deepStrictEqual(at(lines(...session, '  [[sessions.turns]]', '  text = """', '  |', '[', '"""')), []);
  assert.deepStrictEqual(at(lines(...session, '  [[sessions.turns]]', "  text = '''", '[|', "'''")), []);
  assert.deepStrictEqual(at(lines(...session, '  [[sessions.turns]]', '  text = """', 'role = "|', '"""')), []);
});
