// The preview's render scheduling, driven step by step: the first render
// at once, at most one in flight, changes during it coalesced into one
// more after the cool-down, and never an older version over a newer one.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { RenderScheduler } from '../../../../client/src/preview/renderScheduler';

/** A promise with its resolver, for answers and cool-downs the test releases by hand. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: Error) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise's continuations run. */
const settle = () => new Promise<void>((r) => setImmediate(r));

function harness() {
  const renders: Array<ReturnType<typeof deferred<{ version: number } | undefined>>> = [];
  const cooldowns: Array<ReturnType<typeof deferred<void>>> = [];
  const shown: number[] = [];
  const errors: unknown[] = [];
  const scheduler = new RenderScheduler<{ version: number }>({
    render: () => {
      const d = deferred<{ version: number } | undefined>();
      renders.push(d);
      return d.promise;
    },
    versionOf: (r) => r.version,
    show: (r) => shown.push(r.version),
    cooldown: () => {
      const d = deferred<void>();
      cooldowns.push(d);
      return d.promise;
    },
    onError: (e) => errors.push(e),
  });
  return { scheduler, renders, cooldowns, shown, errors };
}

test('the first request renders at once; requests while busy coalesce into one more render after the cool-down', async () => {
  const h = harness();
  h.scheduler.request();
  assert.equal(h.renders.length, 1, 'no wait before the first render');
  h.scheduler.request();
  h.scheduler.request();
  h.scheduler.request();
  assert.equal(h.renders.length, 1, 'one in flight');
  h.renders[0]!.resolve({ version: 1 });
  await settle();
  assert.deepEqual(h.shown, [1]);
  assert.equal(h.renders.length, 1, 'the next waits for the cool-down');
  h.cooldowns[0]!.resolve();
  await settle();
  assert.equal(h.renders.length, 2, 'three requests became one render');
  h.renders[1]!.resolve({ version: 4 });
  await settle();
  h.cooldowns[1]!.resolve();
  await settle();
  assert.deepEqual(h.shown, [1, 4]);
  assert.equal(h.renders.length, 2, 'nothing pending: idle');
  h.scheduler.request();
  assert.equal(h.renders.length, 3, 'idle again: the next request renders at once');
});

test('an answer older than the one shown is dropped; the same version is shown (another environment)', async () => {
  const h = harness();
  h.scheduler.request();
  h.renders[0]!.resolve({ version: 5 });
  await settle();
  h.cooldowns[0]!.resolve();
  await settle();
  for (const version of [3, 5]) {
    h.scheduler.request();
    h.renders.at(-1)!.resolve({ version });
    await settle();
    h.cooldowns.at(-1)!.resolve();
    await settle();
  }
  assert.deepEqual(h.shown, [5, 5]);
});

test('a failed render is reported and the scheduler keeps going; nothing happens after dispose', async () => {
  const h = harness();
  h.scheduler.request();
  h.scheduler.request();
  h.renders[0]!.reject(new Error('server gone'));
  await settle();
  assert.deepEqual(h.errors.map((e) => (e as Error).message), ['server gone']);
  h.cooldowns[0]!.resolve();
  await settle();
  assert.equal(h.renders.length, 2, 'the pending request still runs');
  h.scheduler.dispose();
  h.renders[1]!.resolve({ version: 2 });
  await settle();
  h.cooldowns[1]!.resolve();
  await settle();
  assert.deepEqual(h.shown, [], 'a render that lands after dispose is not shown');
  h.scheduler.request();
  assert.equal(h.renders.length, 2);
});
