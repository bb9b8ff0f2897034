// The server's yield between validation slices in a host without
// setImmediate (a web worker): a message on a channel, never a zero
// timeout, which a browser holds to 4 ms once timeouts nest five deep, as a
// validation's slices nest them.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { yieldToEventLoop } from '../../../server/src/yieldToEventLoop';

test('without setImmediate, a yield is a message on a channel, no timeout: a long validation\'s slices wait no 4 ms clamp', async () => {
  type Timeout = typeof globalThis.setTimeout;
  const globals = globalThis as { setImmediate?: unknown; setTimeout: Timeout };
  const { setImmediate: immediate, setTimeout: timeout } = globals;
  let timeouts = 0;
  let order: string[] = [];
  globals.setImmediate = undefined;
  globals.setTimeout = ((...args: Parameters<Timeout>) => (timeouts++, timeout(...args))) as Timeout;
  try {
    for (let i = 0; i < 20; i++) {
      order = [];
      const turn = yieldToEventLoop().then(() => order.push('yielded'));
      void Promise.resolve().then(() => order.push('microtask'));
      await turn;
      assert.deepEqual(order, ['microtask', 'yielded'], 'the yield gives the event loop back: what was queued runs first');
    }
  } finally {
    globals.setImmediate = immediate;
    globals.setTimeout = timeout;
  }
  assert.equal(timeouts, 0);
});
