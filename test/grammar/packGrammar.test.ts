// The loom-pack grammar against FORMATS.md A.1-A.3: every directive form,
// comments, canonical vs fragment sections, invalid names and keywords,
// placeholders and every literal-brace edge, indented %% lines.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { scopesOf, tokenize, tokenizeLines, type Token } from './tokenize';
import { assertNoScope, assertNowhere, assertScope } from './scopeAssert';

const pack = (source: string): Promise<Token[]> => tokenize('loom-pack', source);

/** A body line inside an open section, where placeholders live. */
const inSection = (body: string): Promise<Token[]> => pack(`%% section identity\n${body}`);

const PLACEHOLDER = 'variable.other.placeholder.loom-pack';
const LITERAL_BRACE = 'meta.literal-brace.loom-pack';

test('the header: marker, keyword and format number each get their own scope', async () => {
  const tokens = await pack('%% loom-prompt-pack 1');
  assertScope(tokens, '%%', 'punctuation.definition.directive.loom-pack');
  assertScope(tokens, '%%', 'meta.preprocessor.header.loom-pack');
  assertScope(tokens, 'loom-prompt-pack', 'keyword.control.directive.header.loom-pack');
  assertNoScope(tokens, 'loom-prompt-pack', 'punctuation');
  assertScope(tokens, '1', 'constant.numeric.integer.format-version.loom-pack');
});

test('directives need no space after %% and tolerate trailing whitespace', async () => {
  const tokens = await pack('%%loom-prompt-pack 1 \t\n%%version v1\n%%section identity');
  assertScope(tokens, 'loom-prompt-pack', 'keyword.control.directive.header.loom-pack');
  assertScope(tokens, '1', 'constant.numeric.integer.format-version.loom-pack');
  assertScope(tokens, 'version', 'keyword.control.directive.version.loom-pack');
  assertScope(tokens, 'v1', 'string.unquoted.version.loom-pack');
  assertScope(tokens, 'section', 'keyword.control.directive.section.loom-pack');
  assertScope(tokens, 'identity', 'entity.name.section.loom-pack');
});

test('a header number other than 1 is invalid', async () => {
  for (const arg of ['2', 'one', '1.0', '1 1']) {
    const tokens = await pack(`%% loom-prompt-pack ${arg}`);
    assertScope(tokens, arg, 'invalid.illegal.format-version.loom-pack');
  }
});

test('a version id is 1-64 characters from [a-z0-9._-]', async () => {
  const longest = 'a'.repeat(64);
  for (const id of ['loom-9.1_b', '0', longest]) {
    assertScope(await pack(`%% version ${id}`), id, 'string.unquoted.version.loom-pack');
  }
  for (const id of ['Loom', 'v1!', 'a b', `${longest}a`]) {
    assertScope(await pack(`%% version ${id}`), id, 'invalid.illegal.version.loom-pack');
  }
});

test('canonical section names read as headings, fragments (leading _) as functions', async () => {
  const tokens = await pack('%% section tool_discipline\n%% section _network_open');
  assertScope(tokens, 'section', 'keyword.control.directive.section.loom-pack');
  assertScope(tokens, 'tool_discipline', 'entity.name.section.loom-pack');
  assertScope(tokens, 'tool_discipline', 'markup.heading.section.loom-pack');
  assertNoScope(tokens, 'tool_discipline', 'entity.name.function');
  assertScope(tokens, '_network_open', 'entity.name.function.fragment.loom-pack');
  assertNoScope(tokens, '_network_open', 'markup.heading');
  assertNoScope(tokens, '_network_open', 'entity.name.section');
});

test('a section name outside [a-z0-9_]{1,64} is invalid', async () => {
  const longest = 'n'.repeat(64);
  assertScope(await pack(`%% section ${longest}`), longest, 'entity.name.section.loom-pack');
  assertScope(await pack(`%% section _${'f'.repeat(63)}`), `_${'f'.repeat(63)}`, 'entity.name.function.fragment.loom-pack');
  for (const name of ['Identity', 'tool-discipline', 'a b', 'café', `${longest}n`, `_${'f'.repeat(64)}`]) {
    assertScope(await pack(`%% section ${name}`), name, 'invalid.illegal.section-name.loom-pack');
  }
});

test('comment directives: %% # and %%# are whole-line comments', async () => {
  for (const line of ['%% # a note', '%%# a note', '%%   #a note', '%%\t# a note']) {
    const tokens = await pack(line);
    assertScope(tokens, '%%', 'punctuation.definition.comment.loom-pack');
    assertScope(tokens, '#', 'punctuation.definition.comment.loom-pack');
    for (const [text, scopes] of tokens) {
      assert.ok(scopes.includes('comment.line.percentage.loom-pack'), `${JSON.stringify(text)} in ${line}`);
    }
  }
});

test('a comment directive inside a section is a comment, not body text', async () => {
  const tokens = await inSection('%% # {workspace} is not substituted here');
  assertScope(tokens, ' {workspace} is not substituted here', 'comment.line.percentage.loom-pack');
  assertNowhere(tokens, PLACEHOLDER);
});

test('unknown and misspelt keywords are invalid; keywords are case-sensitive', async () => {
  const tokens = await inSection('%% Section x\n%% sections x\n%% bogus\n%%section\tx');
  assertScope(tokens, 'Section', 'invalid.illegal.keyword.loom-pack');
  assertScope(tokens, 'sections', 'invalid.illegal.keyword.loom-pack');
  assertScope(tokens, 'bogus', 'invalid.illegal.keyword.loom-pack');
  // A tab does not split keyword from argument: the keyword is "section\tx".
  assertScope(tokens, 'section\tx', 'invalid.illegal.keyword.loom-pack');
  assertScope(tokens, '%%', 'punctuation.definition.directive.loom-pack');
});

test('a bare %% has the empty keyword, which is invalid', async () => {
  for (const line of ['%%', '%%  ', '%%\t']) {
    const tokens = await pack(line);
    assertScope(tokens, '%%', 'invalid.illegal.keyword.loom-pack');
    assertScope(tokens, '%%', 'punctuation.definition.directive.loom-pack');
  }
});

test('placeholders: braces are punctuation, the whole {name} is a variable', async () => {
  const tokens = await inSection('Work in {workspace} with {available_tools} and {tool2}.');
  for (const name of ['workspace', 'available_tools', 'tool2']) {
    assertScope(tokens, name, PLACEHOLDER);
  }
  assertScope(tokens, '{', 'punctuation.definition.placeholder.begin.loom-pack');
  assertScope(tokens, '{', PLACEHOLDER);
  assertScope(tokens, '}', 'punctuation.definition.placeholder.end.loom-pack');
  assertNoScope(tokens, 'Work in ', PLACEHOLDER);
});

test('braces that do not form a placeholder are literal text, never a placeholder', async () => {
  for (const [body, inner] of [
    ['{}', undefined],
    ['{A}', 'A'],
    ['{ x }', ' x '],
    ['{a-b}', 'a-b'],
    ['{Workspace}', 'Workspace'],
  ] as const) {
    const tokens = await inSection(body);
    assertScope(tokens, '{', LITERAL_BRACE);
    assertScope(tokens, '}', LITERAL_BRACE);
    if (inner !== undefined) assertNoScope(tokens, inner, PLACEHOLDER);
    assertNowhere(tokens, PLACEHOLDER);
  }
});

test('an unclosed brace is literal and does not swallow the next line', async () => {
  const tokens = await inSection('see {workspace\nthen {shell}');
  assertScope(tokens, '{', LITERAL_BRACE);
  assertNoScope(tokens, 'workspace', PLACEHOLDER);
  assertScope(tokens, 'shell', PLACEHOLDER);
});

test('{{x}} is a literal {, the placeholder {x}, then a literal }', async () => {
  const tokens = await inSection('{{shell}}');
  assert.deepEqual(
    tokens.slice(-5).map(([text, scopes]) => [text, scopes.at(-1)]),
    [
      ['{', LITERAL_BRACE],
      ['{', 'punctuation.definition.placeholder.begin.loom-pack'],
      ['shell', PLACEHOLDER],
      ['}', 'punctuation.definition.placeholder.end.loom-pack'],
      ['}', LITERAL_BRACE],
    ],
  );
});

test('an indented %% line is body text: no directive, placeholders still work', async () => {
  const [, ...body] = await tokenizeLines('loom-pack', '%% section identity\n  %% section other {tools}\n %% # not a comment');
  const tokens = body.flat();
  assertNowhere(tokens, 'meta.preprocessor');
  assertNowhere(tokens, 'comment');
  assertNowhere(tokens, 'entity.name.section');
  assertScope(tokens, 'tools', PLACEHOLDER);
  assert.equal(scopesOf(tokens, '  %% section other ').at(-1), 'meta.section.loom-pack');
  assert.equal(scopesOf(tokens, ' %% # not a comment').at(-1), 'meta.section.loom-pack');
});

test('text outside any section is invalid; blank lines and directives are not', async () => {
  const tokens = await pack('%% loom-prompt-pack 1\n\n  \nstray {workspace}\n  %% indented\n%% version v1\n%% section identity\nbody');
  assertScope(tokens, 'stray {workspace}', 'invalid.illegal.text-outside-section.loom-pack');
  assertScope(tokens, '%% indented', 'invalid.illegal.text-outside-section.loom-pack');
  assertNoScope(tokens, 'v1', 'invalid');
  assertNoScope(tokens, 'body', 'invalid');
  assertScope(tokens, 'body', 'meta.section.loom-pack');
});

test('each section directive closes the previous section instead of nesting in it', async () => {
  const tokens = await pack('%% section identity\none\n%% section _protected_paths\ntwo\n%% section conduct\nthree');
  for (const body of ['one', 'two', 'three']) {
    const sections = scopesOf(tokens, body).filter((s) => s === 'meta.section.loom-pack');
    assert.equal(sections.length, 1, `${body}: ${scopesOf(tokens, body).join(' ')}`);
  }
  assertScope(tokens, 'conduct', 'entity.name.section.loom-pack');
});

test('misplaced header and version directives inside a section still read as directives', async () => {
  const tokens = await inSection('%% version v2\n%% loom-prompt-pack 1');
  assertScope(tokens, 'version', 'keyword.control.directive.version.loom-pack');
  assertScope(tokens, 'loom-prompt-pack', 'keyword.control.directive.header.loom-pack');
});
