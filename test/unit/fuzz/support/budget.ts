// How hard the fuzz tests push, and the hang detector. Runs use a fixed
// seed, so a CI run is deterministic; `PACKS_FUZZ_RUNS=<n>` multiplies the
// number of inputs and `PACKS_FUZZ_SEED=<n>` picks another seed (a failure
// prints the seed and path that reproduce it, to keep as a fixture).
//
// The deadline is not a speed assertion: it is a hang detector (30 s of CPU
// time per input, `PACKS_FUZZ_DEADLINE_MS` to change it; a round trip to the
// server, 60 s by the clock), far from the normal running time on a slow or
// busy machine. A quadratic path is caught by what grows: `growth` times
// one input at n, 2n and 4n repeats in one run, grown until a run takes a
// quarter of a second.

import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { check, defaultReportMessage, type IAsyncProperty, type IProperty, type Parameters } from 'fast-check';
import { cpuMsSince, growth as growthOf } from '../../../support/growth';

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

export const deadlineMs = envNumber('PACKS_FUZZ_DEADLINE_MS') ?? 30_000;

/** A round trip to the server is timed by the clock (its work is in another process): twice the deadline, for a busy machine. */
const roundTripDeadlineMs = 2 * deadlineMs;

/**
 * Runs `work` on one input and fails when it used more than the deadline in
 * CPU time, naming the entry point. CPU time, not the clock's: on a machine
 * busy with other work the clock runs ten times faster than this process's
 * CPU time, and a hang burns CPU all the same. Measured around the whole
 * call, so a hang in any entry point it calls shows.
 */
export function withinDeadline<T>(what: string, work: () => T): T {
  const started = process.cpuUsage();
  const result = work();
  const took = cpuMsSince(started);
  if (took > deadlineMs) throw new Error(`${what} took ${Math.round(took)} ms of CPU on one input (deadline ${deadlineMs} ms): a hang`);
  return result;
}

/** `withinDeadline` for asynchronous work (protocol round trips), by the clock. */
export async function withinDeadlineAsync<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const took = performance.now() - started;
  if (took > roundTripDeadlineMs) throw new Error(`${what} took ${Math.round(took)} ms on one input (deadline ${roundTripDeadlineMs} ms): a hang`);
  return result;
}

/** The longest line's longest run of one repeated period (`{x}`, `.turns`, `[`): where a kept input's size lies. */
interface Run {
  readonly lines: readonly string[];
  readonly line: number;
  readonly start: number;
  readonly period: number;
  readonly units: number;
}

function longestRun(text: string): Run | undefined {
  const lines = text.split('\n');
  const line = lines.reduce((best, l, i) => (l.length > lines[best]!.length ? i : best), 0);
  const s = lines[line]!;
  let best: Run | undefined;
  for (let period = 1; period <= 64; period++) {
    for (const probe of [Math.floor(s.length / 4), Math.floor(s.length / 2)]) {
      let a = probe;
      let b = probe + period;
      if (b > s.length) continue;
      while (a > 0 && s[a - 1] === s[a - 1 + period]) a--;
      while (b < s.length && s[b] === s[b - period]) b++;
      const units = Math.floor((b - a) / period);
      if (units >= 64 && (!best || units * period > best.units * best.period)) best = { lines, line, start: a, period, units };
    }
  }
  return best;
}

/** The text with its run cut or grown to `units` periods; nothing else changes. */
function withUnits(run: Run, units: number): string {
  const s = run.lines[run.line]!;
  const unit = s.slice(run.start, run.start + run.period);
  const rest = s.slice(run.start + run.units * run.period);
  const lines = [...run.lines];
  lines[run.line] = s.slice(0, run.start) + unit.repeat(units) + rest;
  return lines.join('\n');
}

/** A ratio per doubling a linear path stays under: well under the 4 of a quadratic one. */
export const linearRatio = 3;

/**
 * The CPU time one run must take at the smallest size timed before a ratio
 * means anything: under it, a collection or a recompilation decides (2.5 ms
 * against 4 ms said "quadratic" 5 times in 18).
 */
export const minRunMs = 250;

/** How many rounds time each size at least (more while the ratio is undecided); the rounds' median ratio counts. */
export const timingRounds = 3;

/** A ratio under this after one round is linear without the other rounds (a quadratic path's 16 would need its run at n slowed 2.7 times). */
export const settledRatio = 2 * linearRatio;

/** The largest text `growth` builds on the way to `minRunMs`: a path still faster than that at this size is timed there. */
const maxGrownChars = 16 * 1024 * 1024;

export interface Growth {
  /** The sizes timed (in repeats of the run), n, 2n and 4n, and the fastest CPU time at each. */
  readonly timings: ReadonlyArray<{ readonly units: number; readonly ms: number }>;
  /** The time at 4n over the time at n: about 4 for a linear path, 16 for a quadratic one. */
  readonly ratio: number;
  readonly linear: boolean;
  /** Whether one run at n took `minRunMs` (false only for a path that fast at `maxGrownChars`: its ratio would be noise). */
  readonly timedEnough: boolean;
  /** How many rounds were timed: one when the first settled it as linear. */
  readonly roundsTimed: number;
}

/**
 * How `work`'s time grows on a kept input whose size lies in one repeated
 * run (`{x}{x}…`, `[[[…`). The run is cut to 16 repeats and grown
 * (doubling) until one call takes at least `minRunMs` of CPU time, so noise
 * is a small part of every time taken; then n, 2n and 4n repeats are timed
 * in `timingRounds` rounds (once when the first round is under
 * `settledRatio`, more while the ratio is undecided), and the median of the
 * rounds' ratios counts. Linear when the time at 4n is under
 * `linearRatio` squared times the time at n (about 4 for a linear path, 16
 * for a quadratic one): two doublings together, so a one-off step (a string
 * or an array changing its representation inside V8 past some length)
 * cannot decide alone. Time is this process's CPU time, not the clock's, so
 * other programs on a busy machine do not count. Undefined for an input with
 * no such run. (`runMs` is lower only in the test of `growth` itself.)
 */
export function growth(text: string, work: (text: string) => void, runMs = minRunMs): Growth | undefined {
  const run = longestRun(text);
  if (!run) return undefined;
  const grown = growthOf((units) => withUnits(run, units), work, { start: 16, minRunMs: runMs, rounds: timingRounds, maxN: Math.floor(maxGrownChars / (4 * run.period)), settledUnder: settledRatio });
  return {
    timings: grown.timings.map((t) => ({ units: t.n, ms: t.ms })),
    ratio: grown.ratio,
    linear: grown.ratio < linearRatio * linearRatio,
    timedEnough: grown.timedEnough,
    roundsTimed: grown.roundsTimed,
  };
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
