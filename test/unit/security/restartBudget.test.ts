// The restart budget of a crashing server: five restarts within any three
// minutes; the sixth crash inside the window leaves it down; crashes that
// have aged out of the window no longer count.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { RestartBudget } from '../../../client/src/restartBudget';

test('five restarts in three minutes, then none; older crashes age out', () => {
  let now = 0;
  const budget = new RestartBudget({ restarts: 5, windowMs: 180_000, now: () => now });
  for (let i = 0; i < 5; i++) {
    now += 10_000;
    assert.equal(budget.crashed(), true, `crash ${i + 1} is restarted`);
  }
  now += 10_000;
  assert.equal(budget.crashed(), false, 'the sixth crash within three minutes is not');
  assert.equal(budget.describe(), '6 times in the last 3 minutes');
  now += 180_000;
  assert.equal(budget.crashed(), true, 'three minutes later the old crashes no longer count');
});

test('crashes spread out are always restarted', () => {
  let now = 0;
  const budget = new RestartBudget({ restarts: 5, windowMs: 180_000, now: () => now });
  for (let i = 0; i < 50; i++) {
    now += 60_000;
    assert.equal(budget.crashed(), true);
  }
});
