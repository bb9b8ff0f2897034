// How hard the fuzz tests push, and the hang detector. Runs use a fixed
// seed, so a CI run is deterministic; `PACKS_FUZZ_RUNS=<n>` multiplies the
// number of inputs and `PACKS_FUZZ_SEED=<n>` picks another seed (a failure
// prints the seed and path that reproduce it, to keep as a fixture).
//
// The deadline is not a speed assertion: it is generous (2 s per input,
// `PACKS_FUZZ_DEADLINE_MS` to change it) and only catches an input that
// makes an entry point loop or go quadratic.

import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { check, defaultReportMessage, type IAsyncProperty, type IProperty, type Parameters } from 'fast-check';

const defaultSeed = 20260421;

function envNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
  return n;
}

/** The fast-check parameters of one property: `runs` inputs by default, more when asked. */
export function fuzzParameters<T>(runs: number): Parameters<T> {
  return {
    numRuns: Math.max(1, Math.round(runs * (envNumber('PACKS_FUZZ_RUNS') ?? 1))),
    seed: envNumber('PACKS_FUZZ_SEED') ?? defaultSeed,
    // Shrinking a hang costs a deadline per step; a few steps are enough to read the input.
    endOnFailure: process.env['PACKS_FUZZ_SHRINK'] !== '1',
    includeErrorInReport: true,
  };
}

export const deadlineMs = envNumber('PACKS_FUZZ_DEADLINE_MS') ?? 2000;

/**
 * Runs `work` on one input and fails when it takes longer than the
 * deadline, naming the entry point. Measured around the whole call, so a
 * hang in any entry point it calls shows.
 */
export function withinDeadline<T>(what: string, work: () => T): T {
  const started = performance.now();
  const result = work();
  const took = performance.now() - started;
  if (took > deadlineMs) throw new Error(`${what} took ${Math.round(took)} ms on one input (deadline ${deadlineMs} ms): a hang or a quadratic path`);
  return result;
}

/** `withinDeadline` for asynchronous work (protocol round trips). */
export async function withinDeadlineAsync<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const took = performance.now() - started;
  if (took > deadlineMs) throw new Error(`${what} took ${Math.round(took)} ms on one input (deadline ${deadlineMs} ms): a hang or a quadratic path`);
  return result;
}

/**
 * `fc.assert` that, when `PACKS_FUZZ_SAVE=<folder>` is set, also writes the
 * failing input there (its first value, or JSON of all of them), named for
 * the property, seed and path: ready to keep under test/fixtures/fuzz.
 */
export function assertFuzz<Ts extends [unknown, ...unknown[]]>(label: string, property: IProperty<Ts>, params: Parameters<Ts>): void {
  const details = check(property, params);
  if (!details.failed) return;
  const folder = process.env['PACKS_FUZZ_SAVE'];
  if (folder && details.counterexample) {
    const [first] = details.counterexample;
    const text = details.counterexample.length === 1 && typeof first === 'string' ? first : JSON.stringify(details.counterexample);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${label}-${details.seed}-${details.counterexamplePath ?? 'x'}.txt`), text);
  }
  throw new Error(defaultReportMessage(details));
}

export async function assertFuzzAsync<Ts extends [unknown, ...unknown[]]>(label: string, property: IAsyncProperty<Ts>, params: Parameters<Ts>): Promise<void> {
  const details = await check(property, params);
  if (!details.failed) return;
  const folder = process.env['PACKS_FUZZ_SAVE'];
  if (folder && details.counterexample) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${label}-${details.seed}-${details.counterexamplePath ?? 'x'}.json`), JSON.stringify(details.counterexample));
  }
  throw new Error(defaultReportMessage(details));
}
