// The suite's properties are deterministic: every property runs from the
// seed test/support/fastCheck.ts fixes, so two runs draw the same inputs,
// and PACKS_FC_SEED picks another (a number to replay, `random` to explore).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fc, { defaultSeed } from '../support/fastCheck';

test('a property runs from the fixed seed: the same inputs every run', () => {
  assert.equal(process.env['PACKS_FC_SEED'] ?? '', '', 'this check reads the default; PACKS_FC_SEED is set');
  assert.equal(fc.readConfigureGlobal().seed, defaultSeed);
  const drawn = (): number[] => {
    const seen: number[] = [];
    fc.assert(fc.property(fc.integer(), (n) => void seen.push(n)), { numRuns: 20 });
    return seen;
  };
  assert.deepEqual(drawn(), drawn());
});

test('PACKS_FC_SEED picks the seed, and random picks a fresh one it prints', () => {
  const script = `const fc = require(${JSON.stringify(require.resolve('../support/fastCheck'))}).default; process.stdout.write(String(fc.readConfigureGlobal().seed));`;
  const run = (value: string) => spawnSync(process.execPath, ['-e', script], { env: { ...process.env, PACKS_FC_SEED: value }, encoding: 'utf8' });
  assert.equal(run('1234').stdout, '1234');
  const random = run('random');
  assert.notEqual(random.stdout, String(defaultSeed));
  assert.match(random.stderr, new RegExp(`picked seed ${random.stdout}\\b`));
  assert.notEqual(run('many').status, 0);
});
