// The searches and the growing of ascending offset arrays (src-shared/text/offsets.ts) that line tables, the
// chunked document and the review's places share, against a linear reading of the same arrays.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { countAtOrBelow, firstAtOrAfter, lastAtOrBefore, withRoomAt } from '../../src-shared/text/offsets';

test('the searches agree with a linear reading, repeated values and both ends included', () => {
  const arrays = [[], [5], [0, 0, 3, 3, 3, 9], [1, 2, 4, 8, 16, 32, 64]];
  for (const sorted of arrays) {
    for (let at = -1; at <= 66; at++) {
      const below = sorted.filter((v) => v <= at).length;
      assert.equal(countAtOrBelow(sorted, at), below, `count at ${at} in [${sorted.join(', ')}]`);
      assert.equal(lastAtOrBefore(sorted, at), below - 1, `last at ${at} in [${sorted.join(', ')}]`);
      assert.equal(lastAtOrBefore(sorted, at, 1), Math.min(below - 1, 1), `last up to 1 at ${at} in [${sorted.join(', ')}]`);
      const first = sorted.findIndex((v) => v >= at);
      assert.equal(firstAtOrAfter(sorted, at), first === -1 ? sorted.length : first, `first at ${at} in [${sorted.join(', ')}]`);
    }
  }
});

test('an array grown for each index in turn keeps what it held, keeps its type, and doubles only when full', () => {
  let a = new Uint32Array(2);
  const lengths: number[] = [];
  for (let n = 0; n < 9; n++) {
    a = withRoomAt(a, n);
    a[n] = 10 * n;
    lengths.push(a.length);
  }
  assert.deepEqual(lengths, [2, 2, 4, 4, 8, 8, 8, 8, 16]);
  assert.deepEqual([...a.slice(0, 9)], [0, 10, 20, 30, 40, 50, 60, 70, 80]);
  assert.ok(withRoomAt(new Int32Array(4), 4) instanceof Int32Array);
});
