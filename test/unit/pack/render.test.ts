// FORMATS.md A.4 and A.5: the bindings, fragment selection for every
// posture, single-pass substitution, and the layout rules of render.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { enforcements, environment, type EnvironmentInput, type Network } from '../../../src-shared/pack/environment';
import { bindingValues, render } from '../../../src-shared/pack/render';
import type { Pack } from '../../../src-shared/pack/model';
import { packOf } from './support/packs';

const base: EnvironmentInput = {
  workspace: '/work',
  platform: 'linux/x86_64',
  shell: '/bin/bash',
  tools: ['rg', 'git'],
  availableTools: ['read: read a file', 'bash: run a command'],
  enforcement: 'FullyEnforced',
  network: { posture: 'proxied', allow: ['b.example', 'a.example'] },
  protectedPaths: ['.git', '.env'],
  repositoryGuidance: 'Run the tests.',
};

const pack = packOf;

const fragments: Array<[string, string]> = [
  ['_enforcement_enforced', 'ENFORCED'],
  ['_enforcement_platform', 'PLATFORM'],
  ['_enforcement_degraded', 'DEGRADED'],
  ['_enforcement_best_effort', 'BEST EFFORT'],
  ['_network_blocked', 'BLOCKED'],
  ['_network_proxied', 'PROXIED via {network_allow}'],
  ['_network_open', 'OPEN'],
  ['_protected_paths', 'PROTECTED {protected_paths}'],
  ['_available_tools', 'TOOLS:\n{available_tools_list}'],
  ['_repository_guidance', 'GUIDANCE <{repository_guidance_text}>'],
];

const r = (p: Pack, input: Partial<EnvironmentInput> = {}) => render(p, environment({ ...base, ...input }));

test('literal bindings render the environment\'s fields', () => {
  const p = pack([
    'environment',
    'w={workspace} p={platform} s={shell} t={tools} pp={protected_paths} na={network_allow} g={repository_guidance_text}\n{available_tools_list}',
  ]);
  assert.equal(
    r(p),
    'w=/work p=linux/x86_64 s=/bin/bash t=git, rg pp=.env, .git na=a.example, b.example g=Run the tests.\n- read: read a file\n- bash: run a command',
  );
  assert.equal(r(pack(['a', 'na={network_allow}.']), { network: { posture: 'open' } }), 'na=.', 'no allow list unless proxied');
  assert.equal(r(pack(['a', 'na={network_allow}.']), { network: { posture: 'blocked' } }), 'na=.');
});

test('{enforcement} selects one fragment per posture', () => {
  const p = pack(['sandbox', '{enforcement}'], ...fragments);
  const expected = { FullyEnforced: 'ENFORCED', PlatformEnforced: 'PLATFORM', DegradedRefusing: 'DEGRADED', BestEffort: 'BEST EFFORT' };
  for (const e of enforcements) assert.equal(r(p, { enforcement: e }), expected[e], e);
});

test('{network} selects one fragment per posture, substituted against the literal bindings', () => {
  const p = pack(['sandbox', '{network}'], ...fragments);
  const cases: Array<[Network, string]> = [
    [{ posture: 'blocked' }, 'BLOCKED'],
    [{ posture: 'proxied', allow: ['x.org'] }, 'PROXIED via x.org'],
    [{ posture: 'open' }, 'OPEN'],
  ];
  for (const [network, expected] of cases) assert.equal(r(p, { network }), expected, network.posture);
});

test('{protected}, {available_tools} and {repository_guidance} are empty when there is nothing to say', () => {
  const p = pack(['a', '[{protected}]'], ['b', '[{available_tools}]'], ['c', '[{repository_guidance}]'], ...fragments);
  assert.equal(r(p), '[PROTECTED .env, .git]\n\n[TOOLS:\n- read: read a file\n- bash: run a command]\n\n[GUIDANCE <Run the tests.>]');
  assert.equal(r(p, { protectedPaths: [' '], availableTools: [], repositoryGuidance: '  ' }), '[]\n\n[]\n\n[]');
});

test('inside a fragment only literal bindings render: a selection name there is empty', () => {
  const p = pack(['a', '{network}'], ['_network_open', 'open on {platform}; {enforcement}; {network}; {nope}.']);
  assert.equal(r(p, { network: { posture: 'open' } }), 'open on linux/x86_64; ; ; .');
});

test('a selected fragment the pack lacks renders empty', () => {
  const p = pack(['sandbox', 'A {enforcement} B {network} C'], ['_network_open', 'OPEN']);
  assert.equal(r(p, { network: { posture: 'blocked' } }), 'A  B  C');
});

test('substitution is a single pass: values are never scanned again', () => {
  const p = pack(['a', '{repository_guidance_text}|{workspace}'], ['b', '{repository_guidance}'], ['_repository_guidance', '<{repository_guidance_text}>']);
  assert.equal(r(p, { repositoryGuidance: 'Use {shell} and {workspace}.', workspace: '{platform}' }), 'Use {shell} and {workspace}.|{platform}\n\n<Use {shell} and {workspace}.>');
});

test('unknown names and literal braces', () => {
  const p = pack(['a', '{current_time}|{}|{A}|{a-b}|{ x }|{{workspace}}|{workspace']);
  assert.equal(r(p), '|{}|{A}|{a-b}|{ x }|{/work}|{workspace');
});

test('fragments never render on their own; sections render in file order, a blank line apart', () => {
  const p = pack(['conduct', 'C'], ['_network_open', 'OPEN'], ['identity', 'I']);
  assert.equal(r(p), 'C\n\nI');
});

test('a section that renders empty is dropped, with the blank line it would have brought', () => {
  const p = pack(['a', 'A'], ['b', '{protected}'], ['c', '  {current_time}  '], ['d', 'D'], ...fragments);
  assert.equal(r(p, { protectedPaths: [] }), 'A\n\nD');
});

test('each section is trimmed after substitution', () => {
  const p = pack(['a', '{workspace}x'], ['b', 'y{workspace}']);
  assert.equal(r(p, { workspace: ' \n  ' }), 'x\n\ny');
});

test('tidy: trailing whitespace goes, runs of blank lines collapse, no blank lines at the ends, no final newline', () => {
  const p = pack(['a', 'one  \t\n\n\n   \ntwo\u2028\n{protected}\n\n{network}\nthree'], ...fragments);
  assert.equal(r(p, { protectedPaths: [], network: { posture: 'blocked' } }), 'one\n\ntwo\n\nBLOCKED\nthree');
  assert.equal(r(pack(['a', 'x{workspace}']), { workspace: '\n\n\n' }), 'x');
  assert.equal(r(pack(['a', '{workspace}x']), { workspace: '  lead' }), 'leadx', 'a section\'s leading whitespace goes, wherever it came from');
});

test('blank lines inside a value collapse like any others; leading spaces of later lines stay', () => {
  assert.equal(r(pack(['a', '{repository_guidance_text}']), { repositoryGuidance: 'a\n\n\n\n  b  \n\n' }), 'a\n\n  b');
});

test('an empty pack renders the empty string', () => {
  assert.equal(r(pack()), '');
  assert.equal(r(pack(['_only_fragment', 'x'])), '');
});

test('bindingValues: what each binding renders in an environment, selections expanded', () => {
  const values = bindingValues(pack(...fragments), environment(base));
  assert.equal(values.get('tools'), 'git, rg');
  assert.equal(values.get('network'), 'PROXIED via a.example, b.example');
  assert.equal(values.get('available_tools'), 'TOOLS:\n- read: read a file\n- bash: run a command');
  assert.equal(values.size, 13);
});
