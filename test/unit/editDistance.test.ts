// The one edit distance behind every "did you mean": insertions, deletions,
// substitutions, and an adjacent swap as a single edit.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { closest, editDistance } from '../../src-shared/text/editDistance';

test('edit distance counts insertions, deletions, substitutions and adjacent swaps as one edit each', () => {
  assert.equal(editDistance('platform', 'platform'), 0);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('abc', ''), 3);
  assert.equal(editDistance('platfrom', 'platform'), 1);
  assert.equal(editDistance('sectoin', 'section'), 1);
  assert.equal(editDistance('shel', 'shell'), 1);
  assert.equal(editDistance('shells', 'shell'), 1);
  assert.equal(editDistance('shall', 'shell'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('ca', 'abc'), 3);
});

test('closest picks the first of the nearest candidates', () => {
  assert.deepEqual(closest('platfrom', ['shell', 'platform', 'workspace']), { name: 'platform', distance: 1 });
  assert.deepEqual(closest('ab', ['ax', 'xb']), { name: 'ax', distance: 1 });
  assert.equal(closest('x', []), undefined);
});
