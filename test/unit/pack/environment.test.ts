// FORMATS.md A.4: normalising an environment at construction, so that the
// same facts in any order, with any stray whitespace, render the same bytes.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { compareCodePoints, environment, type EnvironmentInput } from '../../../src-shared/pack/environment';

const base: EnvironmentInput = {
  workspace: '/w',
  platform: 'linux/x86_64',
  shell: '/bin/bash',
  enforcement: 'FullyEnforced',
  network: { posture: 'blocked' },
};

test('tools and protected paths: trimmed, empties dropped, sorted, de-duplicated', () => {
  const env = environment({ ...base, tools: [' rg', 'git', '', '  ', 'rg ', 'bash', 'git'], protectedPaths: ['.git', ' .env ', '.git', '\t'] });
  assert.deepEqual(env.tools, ['bash', 'git', 'rg']);
  assert.deepEqual(env.protectedPaths, ['.env', '.git']);
});

test('a proxied allow list is normalised the same way; other postures carry none', () => {
  const env = environment({ ...base, network: { posture: 'proxied', allow: ['b.com', ' a.com', 'b.com', ''] } });
  assert.deepEqual(env.network, { posture: 'proxied', allow: ['a.com', 'b.com'] });
  assert.deepEqual(environment({ ...base, network: { posture: 'open' } }).network, { posture: 'open' });
});

test('sorting is by code point, which is UTF-8 byte order, not UTF-16 unit order', () => {
  const env = environment({ ...base, tools: ['😀', '\uffff', 'z', 'Z', 'é'] });
  assert.deepEqual(env.tools, ['Z', 'z', 'é', '\uffff', '😀']);
  assert.ok(compareCodePoints('\uffff', '😀') < 0);
  assert.ok(compareCodePoints('\ue000', '😀') < 0, 'U+E000 before U+1F600, though its UTF-16 unit is larger');
  assert.ok('\ue000' > '😀', 'which plain comparison gets wrong');
  assert.equal(compareCodePoints('ab', 'ab'), 0);
  assert.ok(compareCodePoints('a', 'ab') < 0);
});

test('available tool snippets are trimmed and de-duplicated but keep their order', () => {
  const env = environment({ ...base, availableTools: [' write: w ', 'read: r', 'write: w', '', 'bash: b'] });
  assert.deepEqual(env.availableTools, ['write: w', 'read: r', 'bash: b']);
});

test('whitespace-only guidance counts as none; other guidance is kept whole, untrimmed', () => {
  assert.equal(environment({ ...base, repositoryGuidance: ' \n\t\u2028 ' }).repositoryGuidance, null);
  assert.equal(environment({ ...base, repositoryGuidance: '' }).repositoryGuidance, null);
  assert.equal(environment({ ...base }).repositoryGuidance, null);
  assert.equal(environment({ ...base, repositoryGuidance: '\n  Use {shell}.\n' }).repositoryGuidance, '\n  Use {shell}.\n');
  assert.equal(environment({ ...base, repositoryGuidance: '\u00a0' }).repositoryGuidance, '\u00a0', 'a no-break space is not whitespace upstream');
});

test('the scalar fields are kept as given', () => {
  const env = environment({ ...base, workspace: ' /w ', shell: '' });
  assert.equal(env.workspace, ' /w ');
  assert.equal(env.shell, '');
});

test('construction is total on input that breaks the types', () => {
  const env = environment({ tools: 'git', network: null } as unknown as EnvironmentInput);
  assert.deepEqual(env.tools, []);
  assert.deepEqual(env.network, { posture: 'blocked' });
  assert.equal(env.workspace, '');
});
