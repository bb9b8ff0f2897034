// FORMATS.md A.6: problems (missing sections and fragments, unknown
// placeholders), their severity, and assess's split.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { assess, isScorable, problems, severity, type Problem } from '../../../src-shared/pack/problems';
import { profiles } from '../../../src-shared/pack/profiles';
import { packOf } from './support/packs';

const pack = packOf;

const complete = (except: string[] = []) =>
  [...profiles['loom-9'].canonicalSections, ...profiles['loom-9'].requiredFragments]
    .filter((n) => !except.includes(n))
    .map((n): [string, string] => [n, 'text']);

test('a complete pack has no problems', () => {
  assert.deepEqual(problems(pack(...complete())), []);
});

test('every canonical section and required fragment that is absent, in the profile\'s order', () => {
  assert.deepEqual(
    problems(pack()),
    [...profiles['loom-9'].canonicalSections, ...profiles['loom-9'].requiredFragments].map((name) => ({ kind: 'MissingSection', name })),
  );
});

test('unknown placeholders: every section (fragments too), file order, first appearance', () => {
  const p = pack(['conduct', '{b} {platfrom} {b} {shell}'], ...complete(['conduct', 'sandbox']), ['_network_x', '{b} {a}'], ['sandbox', '{z}']);
  assert.deepEqual(problems(p), [
    { kind: 'UnknownPlaceholder', section: 'conduct', name: 'b' },
    { kind: 'UnknownPlaceholder', section: 'conduct', name: 'platfrom' },
    { kind: 'UnknownPlaceholder', section: '_network_x', name: 'b' },
    { kind: 'UnknownPlaceholder', section: '_network_x', name: 'a' },
    { kind: 'UnknownPlaceholder', section: 'sandbox', name: 'z' },
  ]);
  assert.deepEqual(problems(pack(['identity', '{x}']))[0], { kind: 'MissingSection', name: 'tool_discipline' }, 'missing ones come first');
  assert.deepEqual(problems(pack(['identity', '{x}'])).at(-1), { kind: 'UnknownPlaceholder', section: 'identity', name: 'x' });
});

test('severity: an unknown placeholder or a missing fragment is corrupting, a missing section shaping', () => {
  assert.equal(severity({ kind: 'UnknownPlaceholder', section: 'environment', name: 'platfrom' }), 'Corrupting');
  assert.equal(severity({ kind: 'MissingSection', name: '_network_open' }), 'Corrupting');
  assert.equal(severity({ kind: 'MissingSection', name: 'conduct' }), 'Shaping');
});

test('assess partitions problems by severity, keeping their order', () => {
  const p = pack(['identity', '{x} {y}'], ['_network_open', '{z}']);
  const all = problems(p);
  const a = assess(p);
  const keep = (want: string) => all.filter((q: Problem) => severity(q) === want);
  assert.deepEqual(a.corrupting, keep('Corrupting'));
  assert.deepEqual(a.shaping, keep('Shaping'));
  assert.equal(a.corrupting.length + a.shaping.length, all.length);
  assert.equal(isScorable(a), false);
  assert.equal(isScorable(assess(pack(...complete(['conduct'])))), true, 'a missing section alone is still scorable');
});
