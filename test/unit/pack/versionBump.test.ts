// The version bump the quick fix writes: a trailing number counts up, else
// `-2` is appended, and the result is always a valid, different version id.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { isValidVersion } from '../../../src-shared/pack/decode';
import { bumpVersion } from '../../../src-shared/pack/versionBump';
import { version } from './support/arbitraries';

const table: Array<[string, string]> = [
  ['v9', 'v10'],
  ['v1', 'v2'],
  ['1.2.9', '1.2.10'],
  ['1.2.3', '1.2.4'],
  ['x-99', 'x-100'],
  ['9', '10'],
  ['r09', 'r10'],
  ['r099', 'r100'],
  ['build-0099', 'build-0100'],
  ['coding-agent-9.2', 'coding-agent-9.3'],
  ['stable', 'stable-2'],
  ['v1.0-beta', 'v1.0-beta-2'],
  ['rc-', 'rc-2'],
  ['v1.', 'v1.2'],
  ['draft_', 'draft_2'],
  ['-', '-2'],
  // A 64-character id: the text before the number gives way, never the number.
  [`${'a'.repeat(62)}99`, `${'a'.repeat(61)}100`],
  [`${'a'.repeat(63)}8`, `${'a'.repeat(63)}9`],
  ['a'.repeat(64), `${'a'.repeat(62)}-2`],
  [`${'a'.repeat(63)}.`, `${'a'.repeat(63)}2`],
  // Numbers past what a double holds exactly still count up by one.
  ['v9007199254740993', 'v9007199254740994'],
  ['v99999999999999999999', 'v100000000000000000000'],
  // Sixty-four nines cannot grow: the head of the next number (a different id).
  ['9'.repeat(64), `1${'0'.repeat(63)}`],
];

for (const [from, to] of table) {
  test(`bumpVersion(${from.length > 20 ? `${from.slice(0, 8)}…(${from.length})` : from}) = ${to.length > 20 ? `${to.slice(0, 8)}…(${to.length})` : to}`, () => {
    assert.equal(bumpVersion(from), to);
    assert.ok(isValidVersion(to), 'a valid version id');
  });
}

test('property: any valid version bumps to a valid, different version of at most 64 characters', () => {
  fc.assert(
    fc.property(version, (id) => {
      const next = bumpVersion(id);
      assert.ok(isValidVersion(next), next);
      assert.ok(next.length >= 1 && next.length <= 64);
      assert.notEqual(next, id);
    }),
    { numRuns: 2000 },
  );
});

test('property: ids at the length limit, with and without trailing nines, stay valid and change', () => {
  const longId = fc
    .tuple(fc.stringMatching(/^[a-z0-9._-]{40,64}$/), fc.constantFrom('', '9', '99', '09', '-', '.', '8'))
    .map(([head, tail]) => `${head}${tail}`.slice(-64));
  fc.assert(
    fc.property(longId, (id) => {
      const next = bumpVersion(id);
      assert.ok(isValidVersion(next), next);
      assert.notEqual(next, id);
    }),
    { numRuns: 2000 },
  );
});
