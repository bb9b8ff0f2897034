// The spec-prompts grammar: TOML 1.0 (keys, every value kind, comments,
// headers) and the spec's own table headers, which get a section scope on
// top of the generic table scope, indented or not.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { scopesOf, tokenize, tokenizeLines, type Token } from './tokenize';
import { assertNoScope, assertNowhere, assertScope } from './scopeAssert';

const toml = (source: string): Promise<Token[]> => tokenize('spec-prompts', source);

const KEY = 'variable.other.property.spec-prompts';

/** Each value, written as `key = <value>`, carries its scope (suffix .spec-prompts implied). */
async function assertValueScopes(cases: readonly (readonly [value: string, scope: string])[]): Promise<void> {
  for (const [value, scope] of cases) {
    assertScope(await toml(`key = ${value}`), value, `${scope}.spec-prompts`);
  }
}

test('comments: whole lines and after values, but not inside strings', async () => {
  const tokens = await toml('# header\nid = "a#b" # after\nn = 1# tight');
  assertScope(tokens, ' header', 'comment.line.number-sign.spec-prompts');
  assertScope(tokens, '#', 'punctuation.definition.comment.spec-prompts');
  assertScope(tokens, ' after', 'comment.line.number-sign.spec-prompts');
  assertScope(tokens, ' tight', 'comment.line.number-sign.spec-prompts');
  assertScope(tokens, 'a#b', 'string.quoted.single.basic.spec-prompts');
  assertNoScope(tokens, 'a#b', 'comment');
});

test('bare, quoted, literal and dotted keys', async () => {
  const tokens = await toml('author-name_2 = 1\n"a.b c" = 2\n\'lit\' = 3\nargs . "x.y".z = 4\n"t\\u00e9" = 5');
  assertScope(tokens, 'author-name_2', KEY);
  assertScope(tokens, '=', 'punctuation.separator.key-value.spec-prompts');
  assertScope(tokens, 'a.b c', KEY);
  assertScope(tokens, '"', 'punctuation.definition.key.begin.spec-prompts');
  assertNowhere(tokens.filter(([t]) => t === 'a.b c'), 'punctuation.separator.dot');
  assertScope(tokens, 'lit', KEY);
  assertScope(tokens, 'args ', KEY);
  assertScope(tokens, '.', 'punctuation.separator.dot.spec-prompts');
  assertScope(tokens, 'x.y', KEY);
  assertScope(tokens, 'z', KEY);
  assertScope(tokens, '\\u00e9', 'constant.character.escape.spec-prompts');
});

test('basic strings: escapes, invalid escapes, TOML 1.1 \\e and \\xHH', async () => {
  const tokens = await toml('s = "a\\tb\\"c\\\\d\\u00e9\\U0001F600\\e\\x41\\q"');
  for (const escape of ['\\t', '\\"', '\\\\', '\\u00e9', '\\U0001F600', '\\e', '\\x41']) {
    assertScope(tokens, escape, 'constant.character.escape.spec-prompts');
  }
  assertScope(tokens, '\\q', 'invalid.illegal.escape.spec-prompts');
  assertScope(tokens, '"', 'punctuation.definition.string.begin.spec-prompts');
  assertScope(tokens, '"', 'punctuation.definition.string.end.spec-prompts', 1);
});

test('literal strings have no escapes', async () => {
  const tokens = await toml("path = 'C:\\temp\\n'");
  assertScope(tokens, 'C:\\temp\\n', 'string.quoted.single.literal.spec-prompts');
  assertNowhere(tokens, 'constant.character.escape');
});

test('an unclosed one-line string ends at the end of its line', async () => {
  const tokens = await toml('a = "open\nb = 2');
  assertScope(tokens, 'b', KEY);
  assertScope(tokens, '2', 'constant.numeric.integer.decimal.spec-prompts');
});

test('multi-line basic strings: escapes and line continuations', async () => {
  const tokens = await toml('text = """\nfirst \\\n  second\\t"""\nnext = 1');
  assertScope(tokens, '"""', 'punctuation.definition.string.begin.spec-prompts');
  assertScope(tokens, 'first ', 'string.quoted.triple.basic.spec-prompts');
  assertScope(tokens, '\\', 'constant.character.escape.line-continuation.spec-prompts');
  assertScope(tokens, '\\t', 'constant.character.escape.spec-prompts');
  assertScope(tokens, '"""', 'punctuation.definition.string.end.spec-prompts', 1);
  assertScope(tokens, 'next', KEY);
});

test('multi-line strings may end with one or two quotes of content', async () => {
  const basic = await toml('a = """say ""hi"""""');
  assertScope(basic, 'say ""hi', 'string.quoted.triple.basic.spec-prompts');
  assertScope(basic, '""', 'string.quoted.triple.basic.spec-prompts');
  assertNoScope(basic, '""', 'punctuation');
  assertScope(basic, '"""', 'punctuation.definition.string.end.spec-prompts', 1);
  const literal = await toml("a = ''''quoted''''");
  assertScope(literal, "'quoted", 'string.quoted.triple.literal.spec-prompts');
  assertScope(literal, "'''", 'punctuation.definition.string.end.spec-prompts', 1);
});

test('multi-line strings holding headers and key = value lines stay strings', async () => {
  for (const quote of ['"""', "'''"]) {
    const lines = await tokenizeLines(
      'spec-prompts',
      `  text = ${quote}\n[[sessions]]\n  [[sessions.turns]]\n[commit]\nkey = value\nrole = "user" # not a comment\n  ${quote}\nafter = true`,
    );
    const inside = lines.slice(1, 6).flat();
    assert.equal(inside.length, 5, JSON.stringify(inside));
    for (const [text, scopes] of inside) {
      assert.ok(scopes.some((s) => s.startsWith('string.quoted.triple.')), `${text}: ${scopes.join(' ')}`);
    }
    assertNowhere(inside, 'meta.table');
    assertNowhere(inside, 'entity.name');
    assertNowhere(inside, KEY);
    assertNowhere(inside, 'comment');
    const after = lines.at(-1) ?? [];
    assertScope(after, 'after', KEY);
    assertScope(after, 'true', 'constant.language.boolean.spec-prompts');
  }
});

test('integers: decimal with sign and underscores, hex, octal, binary', async () => {
  await assertValueScopes([
    ['0', 'constant.numeric.integer.decimal'],
    ['+99', 'constant.numeric.integer.decimal'],
    ['-17', 'constant.numeric.integer.decimal'],
    ['1_000_000', 'constant.numeric.integer.decimal'],
    ['0xDEAD_beef', 'constant.numeric.integer.hexadecimal'],
    ['0o755', 'constant.numeric.integer.octal'],
    ['0b1101_0101', 'constant.numeric.integer.binary'],
  ]);
});

test('floats: fraction, exponent, both, underscores, inf and nan', async () => {
  await assertValueScopes([
    ['3.1415', 'constant.numeric.float'],
    ['-0.01', 'constant.numeric.float'],
    ['5e+22', 'constant.numeric.float'],
    ['1e06', 'constant.numeric.float'],
    ['-2E-2', 'constant.numeric.float'],
    ['6.626e-34', 'constant.numeric.float'],
    ['224_617.445_991', 'constant.numeric.float'],
    ['inf', 'constant.numeric.float.inf'],
    ['+inf', 'constant.numeric.float.inf'],
    ['-inf', 'constant.numeric.float.inf'],
    ['nan', 'constant.numeric.float.nan'],
    ['-nan', 'constant.numeric.float.nan'],
  ]);
});

test('booleans', async () => {
  await assertValueScopes([
    ['true', 'constant.language.boolean'],
    ['false', 'constant.language.boolean'],
  ]);
});

test('offset and local datetimes, dates and times', async () => {
  await assertValueScopes([
    ['2026-04-21T11:58:03Z', 'constant.numeric.datetime.offset'],
    ['1979-05-27T00:32:00.999999-07:00', 'constant.numeric.datetime.offset'],
    ['1979-05-27 07:32:00Z', 'constant.numeric.datetime.offset'],
    ['1979-05-27t07:32:00+01:30', 'constant.numeric.datetime.offset'],
    ['1979-05-27T07:32:00', 'constant.numeric.datetime.local'],
    ['1979-05-27 00:32:00.5', 'constant.numeric.datetime.local'],
    ['1979-05-27', 'constant.numeric.date.local'],
    ['07:32:00', 'constant.numeric.time.local'],
    ['00:32:00.999999', 'constant.numeric.time.local'],
    ['07:32', 'constant.numeric.time.local'],
  ]);
});

test('what stands in a value position and is no TOML value is invalid', async () => {
  await assertValueScopes(['01', '1__0', '0x', 'yes', 'True', '1.', '.5', '2026-4-21'].map((v) => [v, 'invalid.illegal.value']));
});

test('arrays: nested, mixed, over several lines with comments and a trailing comma', async () => {
  const tokens = await toml('turns = [3, [7, "x"], { a = 1 }]\ntags = [\n  "one", # first\n  "two",\n]\nafter = 0');
  assertScope(tokens, '[', 'punctuation.definition.array.begin.spec-prompts');
  assertScope(tokens, '3', 'meta.array.spec-prompts');
  assertScope(tokens, '7', 'constant.numeric.integer.decimal.spec-prompts');
  assert.equal(scopesOf(tokens, '7').filter((s) => s === 'meta.array.spec-prompts').length, 2);
  assertScope(tokens, ',', 'punctuation.separator.array.spec-prompts');
  assertScope(tokens, 'a', 'meta.table.inline.spec-prompts');
  assertScope(tokens, ' first', 'comment.line.number-sign.spec-prompts');
  assertScope(tokens, 'two', 'meta.array.spec-prompts');
  assertScope(tokens, ']', 'punctuation.definition.array.end.spec-prompts', 2);
  assertScope(tokens, 'after', KEY);
  assertNoScope(tokens, 'after', 'meta.array');
});

test('inline tables: keys, nested tables and arrays, comments after them', async () => {
  const tokens = await toml('args = { pattern = "x", limit = 5, deep = { on = true }, todos = [{ id = "1" }] } # note');
  assertScope(tokens, '{', 'punctuation.definition.table.inline.begin.spec-prompts');
  assertScope(tokens, 'pattern', KEY);
  assertScope(tokens, 'pattern', 'meta.table.inline.spec-prompts');
  assertScope(tokens, ',', 'punctuation.separator.table.inline.spec-prompts');
  assertScope(tokens, '5', 'constant.numeric.integer.decimal.spec-prompts');
  assertScope(tokens, 'on', KEY);
  assert.equal(scopesOf(tokens, 'on').filter((s) => s === 'meta.table.inline.spec-prompts').length, 2);
  assertScope(tokens, 'id', KEY);
  assertScope(tokens, ' note', 'comment.line.number-sign.spec-prompts');
  assertNoScope(tokens, ' note', 'meta.table.inline');
});

test('a missing value does not capture the next line', async () => {
  const tokens = await toml('broken =\nnext = 1');
  assertScope(tokens, 'next', KEY);
  assertNoScope(tokens, 'next', 'string');
});

const SPEC_HEADERS = [
  ['[commit]', 'commit', 'commit'],
  ['[[sessions]]', 'sessions', 'session'],
  ['[sessions.commit]', 'commit', 'session-commit'],
  ['[[sessions.turns]]', 'turns', 'turn'],
  ['[[sessions.turns.tool_calls]]', 'tool_calls', 'tool-call'],
  ['[[edits]]', 'edits', 'edits'],
] as const;

test('each spec header gets its section scope on top of the generic table scope', async () => {
  for (const [header, lastSegment, kind] of SPEC_HEADERS) {
    for (const indent of ['', '  ', '    ', '\t']) {
      const tokens = await toml(`${indent}${header}`);
      const generic = header.startsWith('[[') ? 'meta.table.array.spec-prompts' : 'meta.table.spec-prompts';
      assertScope(tokens, lastSegment, generic);
      assertScope(tokens, lastSegment, `entity.name.section.${kind}.spec-prompts`);
      assertScope(tokens, lastSegment, 'markup.heading.table.spec-prompts');
      assertNoScope(tokens, lastSegment, 'entity.name.type');
    }
  }
});

test('spec headers are recognised with spaces and quoted segments too', async () => {
  const tokens = await toml('[[ sessions . "turns" ]]\n[["sessions".\'turns\'.tool_calls]]');
  assertScope(tokens, 'turns', 'entity.name.section.turn.spec-prompts');
  assertScope(tokens, 'tool_calls', 'entity.name.section.tool-call.spec-prompts');
  assertScope(tokens, '[[', 'punctuation.definition.table.array.begin.spec-prompts');
  assertScope(tokens, ']]', 'punctuation.definition.table.array.end.spec-prompts');
});

test('other headers, and near misses of spec headers, are generic tables', async () => {
  for (const [header, segment, scope] of [
    ['[foo]', 'foo', 'entity.name.type.table.spec-prompts'],
    ['[foo.bar]', 'bar', 'entity.name.type.table.spec-prompts'],
    ['[[foo]]', 'foo', 'entity.name.type.table.array.spec-prompts'],
    ['[[session]]', 'session', 'entity.name.type.table.array.spec-prompts'],
    ['[[sessions.turn]]', 'turn', 'entity.name.type.table.array.spec-prompts'],
    ['[sessions]', 'sessions', 'entity.name.type.table.spec-prompts'],
    ['[[commit]]', 'commit', 'entity.name.type.table.array.spec-prompts'],
    ['[[sessions.turns.tool_calls.args]]', 'args', 'entity.name.type.table.array.spec-prompts'],
  ] as const) {
    const tokens = await toml(header);
    assertScope(tokens, segment, scope);
    assertNowhere(tokens, 'entity.name.section');
    assertNowhere(tokens, 'markup.heading');
  }
});

test('a comment may follow a header', async () => {
  const tokens = await toml('  [[sessions.turns]] # turn 0');
  assertScope(tokens, 'turns', 'entity.name.section.turn.spec-prompts');
  assertScope(tokens, ' turn 0', 'comment.line.number-sign.spec-prompts');
});

test('a captured session: keys under indented headers, values of every spec kind', async () => {
  const tokens = await toml(
    [
      'schema = "spec.prompts/v0.1"',
      '[commit]',
      'committed_at = 2026-04-21T11:58:03Z',
      '[[sessions]]',
      'verbose = false',
      'tags = ["a", "b"]',
      '  [[sessions.turns]]',
      '  role = "assistant"',
      '    [[sessions.turns.tool_calls]]',
      '    args = { pattern = "x", exit = 0 }',
      '[[edits]]',
      'turns = [3, 7]',
    ].join('\n'),
  );
  for (const key of ['schema', 'committed_at', 'verbose', 'tags', 'role', 'args', 'pattern', 'exit']) {
    assertScope(tokens, key, KEY);
  }
  assertScope(tokens, 'turns', 'entity.name.section.turn.spec-prompts', 0);
  assertScope(tokens, 'turns', KEY, 2);
  assertScope(tokens, '2026-04-21T11:58:03Z', 'constant.numeric.datetime.offset.spec-prompts');
  assertScope(tokens, 'false', 'constant.language.boolean.spec-prompts');
  assertScope(tokens, 'assistant', 'string.quoted.single.basic.spec-prompts');
});
