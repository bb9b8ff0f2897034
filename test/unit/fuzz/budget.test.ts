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
import { cpuMsSince, growth as growthOf, undecided } from '../../support/growth';

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
  assert.ok(grown.roundsTimed >= timingRounds, 'a verdict against a path is timed every round');
});

test('a round under `settledUnder` settles the growth: no round after it is timed; without it every round is', () => {
  const make = (n: number) => n;
  const work = (n: number) => void linearWork('x'.repeat(n));
  const options = { start: 64, minRunMs: 20, rounds: 3 };
  assert.equal(growthOf(make, work, { ...options, settledUnder: 1000 }).roundsTimed, 1);
  assert.ok(growthOf(make, work, options).roundsTimed >= 3);
  assert.ok(growthOf(make, work, { ...options, settledUnder: 0.001 }).roundsTimed >= 3);
});

/** Burns `ms` of this process's CPU time: a cost the test decides exactly. */
function burn(ms: number): void {
  const started = process.cpuUsage();
  while (cpuMsSince(started) < ms);
}

test('a ratio is taken within a round: a quadratic path slowed at n in every round and at 4n in all but one is still quadratic', () => {
  // Sizes are 200, 400 and 800 (the first costing 10 ms); a round runs n, 2n, 4n in turn, so the call's place in
  // its round says which size it is. Round by round, n is slowed twice and 4n is slowed in the first two rounds:
  // the fastest run at each size would read 8 times as long (the bug), the rounds' median reads 16.
  let calls = 0;
  const slowed: Record<string, boolean> = {};
  const work = (n: number) => {
    calls++;
    const round = Math.floor((calls - 3) / 3); // two calls grow the size to its first, then rounds of three
    const slow = calls > 2 && (n === 200 || (n === 800 && round < 2));
    slowed[`${round}:${n}`] = slow;
    burn((n * n) / 4000 * (slow ? 2 : 1));
  };
  const grown = growthOf((n) => n, work, { start: 200, minRunMs: 10, rounds: 3 });
  assert.deepEqual(grown.timings.map((t) => t.n), [200, 400, 800]);
  assert.equal(grown.roundsTimed, 3);
  assert.equal(slowed['2:800'], false, 'the last round ran 4n unslowed');
  const fastest = grown.timings[2]!.ms / grown.timings[0]!.ms;
  assert.ok(fastest < 9, `the fastest runs read ${fastest.toFixed(1)}, the trap this test sets`);
  assert.ok(grown.ratio > 12, `the median reads ${grown.ratio.toFixed(1)}`);
});

test('a ratio still between linear and quadratic after the rounds asked is timed in more rounds, and a clear one is not', () => {
  const grownAs = (power: number) => growthOf((n) => n, (n) => burn(5 * (n / 100) ** power), { start: 100, minRunMs: 4, rounds: 3 });
  const between = grownAs(1.5); // 4 ** 1.5 = 8: the middle of the undecided band
  assert.ok(between.ratio >= undecided.from && between.ratio <= undecided.to, `${between.ratio}`);
  assert.equal(between.roundsTimed, 9);
  assert.equal(grownAs(1).roundsTimed, 3);
  assert.equal(grownAs(2).roundsTimed, 3);
});

test('a text with no repeated run has no growth to measure', () => {
  assert.equal(growth('x = 1\n', linearWork), undefined);
});
