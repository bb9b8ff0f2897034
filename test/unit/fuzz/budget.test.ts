// The growth check itself: a quadratic path is called quadratic and a
// linear one linear, with the sizes grown until a run takes the time asked
// (40 ms, a sixth of the replay's, so this test stays quick: the verdicts
// compare 4n with n, which noise at 40 ms does not move from 4 to 9 or from
// 16 to 9). Each work is compiled first: timed while V8 still interprets
// it, the small size is slow and the ratio shrinks (a quadratic path once
// measured 3.9 at 10 ms, beside a load average of 30).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { growth, linearRatio, timingRounds } from './support/budget';
import { growth as growthOf } from '../../support/growth';

/** Work in proportion to the text's length, or to its square. */
function linearWork(text: string): void {
  let h = 0;
  for (let k = 0; k < 40; k++) for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  if (h === 0.5) throw new Error('unreachable');
}

function quadraticWork(text: string): void {
  let h = 0;
  for (let i = 0; i < text.length; i++) for (let j = i; j < text.length; j += 1) h = (h + text.charCodeAt(j)) | 0;
  if (h === 0.5) throw new Error('unreachable');
}

const input = `x = [${'[1], '.repeat(200)}]\n`;

/** Runs `work` until V8 has compiled it, so the sizes are timed alike. */
function warm(work: (text: string) => void): (text: string) => void {
  for (let k = 0; k < 20; k++) work(input);
  return work;
}

test('a linear path grows about four times from n to 4n repeats, timed where one run takes the time asked', () => {
  const grown = growth(input, warm(linearWork), 40)!;
  assert.ok(grown.timedEnough);
  assert.deepEqual(grown.timings.map((t) => t.units / grown.timings[0]!.units), [1, 2, 4]);
  assert.ok(grown.linear, `${grown.ratio.toFixed(1)} times as long at 4n`);
  assert.ok(grown.timings[0]!.units > 16, 'grown past the first size');
});

test('a quadratic path is not linear', () => {
  const grown = growth(input, warm(quadraticWork), 40)!;
  assert.ok(grown.timedEnough);
  assert.ok(!grown.linear && grown.ratio > linearRatio * linearRatio, `${grown.ratio.toFixed(1)} times as long at 4n`);
  assert.equal(grown.roundsTimed, timingRounds, 'a verdict against a path is timed every round');
});

test('a round under `settledUnder` settles the growth: no round after it is timed; without it every round is', () => {
  const make = (n: number) => n;
  const work = (n: number) => void linearWork('x'.repeat(n));
  const options = { start: 64, minRunMs: 20, rounds: 3 };
  assert.equal(growthOf(make, work, { ...options, settledUnder: 1000 }).roundsTimed, 1);
  assert.equal(growthOf(make, work, options).roundsTimed, 3);
  assert.equal(growthOf(make, work, { ...options, settledUnder: 0.001 }).roundsTimed, 3);
});

test('a text with no repeated run has no growth to measure', () => {
  assert.equal(growth('x = 1\n', linearWork), undefined);
});
