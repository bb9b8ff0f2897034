// FORMATS.md A.3: what is a placeholder and what is literal text, and the
// source ranges the editor puts diagnostics on.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { decode } from '../../../src-shared/pack/decode';
import { placeholderNames, placeholderOccurrences, placeholders } from '../../../src-shared/pack/placeholders';
import { range } from '../../../src-shared/text/range';

test('a placeholder is { + one or more of [a-z0-9_] + }', () => {
  assert.deepEqual(placeholders('a {workspace} b {x_1} {9}'), [
    { name: 'workspace', start: 2, end: 13 },
    { name: 'x_1', start: 16, end: 21 },
    { name: '9', start: 22, end: 25 },
  ]);
});

test('anything else with a brace is literal text', () => {
  for (const literal of ['{}', '{A}', '{a-b}', '{ x }', '{x }', '{workspace', 'workspace}', '{Workspace}', '{wörk}', '{a\nb}', '{ "a": 1 }']) {
    assert.deepEqual(placeholders(literal), [], literal);
  }
});

test('a brace that opens nothing is skipped and scanning resumes at the next character', () => {
  assert.deepEqual(placeholders('{{workspace}}'), [{ name: 'workspace', start: 1, end: 12 }]);
  assert.deepEqual(placeholders('{a-{b}'), [{ name: 'b', start: 3, end: 6 }]);
  assert.deepEqual(placeholders('{unclosed {shell}'), [{ name: 'shell', start: 10, end: 17 }]);
});

test('placeholderNames is upstream\'s list: first appearance, once each', () => {
  assert.deepEqual(placeholderNames('{b} then {a} then {b}'), ['b', 'a']);
  assert.deepEqual(placeholderNames('{ not one } {}'), []);
});

test('occurrences carry source ranges, through indentation, comments, CRLF and a byte-order mark', () => {
  const text = [
    '\uFEFF%% loom-prompt-pack 1',
    '%% version v',
    '%% section environment',
    '',
    '   Root: {workspace} and {platfrom}',
    '%% # aside',
    'Shell: {shell}{shell}',
    '%% section _network_proxied',
    'Hosts: {network_allow}.',
  ].join('\r\n');
  const found = placeholderOccurrences(text).map((o) => [o.section, o.name, o.range, o.isBinding]);
  assert.deepEqual(found, [
    ['environment', 'workspace', range(4, 9, 4, 20), true],
    ['environment', 'platfrom', range(4, 25, 4, 35), false],
    ['environment', 'shell', range(6, 7, 6, 14), true],
    ['environment', 'shell', range(6, 14, 6, 21), true],
    ['_network_proxied', 'network_allow', range(8, 7, 8, 22), true],
  ]);
  assert.deepEqual(placeholderOccurrences(text)[1]!.nameRange, range(4, 26, 4, 34));
});

test('whether a name is a binding depends on the profile', () => {
  const text = '%% loom-prompt-pack 1\n%% version v\n%% section a\n{available_tools} {available_tools_list} {tools}';
  const d = decode(text);
  assert.ok(d.ok);
  assert.deepEqual(
    placeholderOccurrences(d.pack, 'loom-9').map((o) => o.isBinding),
    [true, true, true],
  );
  assert.deepEqual(
    placeholderOccurrences(d.pack, 'loom-1').map((o) => o.isBinding),
    [false, false, true],
  );
});

test('occurrences are found in the well-formed sections of a pack with corrupt lines', () => {
  const text = '%% loom-prompt-pack 1\n%% version v\n%% section Bad\n{shell}\n%% section ok\n{shell}';
  assert.deepEqual(
    placeholderOccurrences(text).map((o) => [o.section, o.range.start.line]),
    [['ok', 5]],
  );
});
