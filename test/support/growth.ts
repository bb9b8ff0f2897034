// How a cost grows with its input, as a verdict rather than a stopwatch:
// the size is doubled until one run takes at least a quarter of a second of
// CPU time, then n, 2n and 4n are each timed several times, interleaved, and
// the fastest kept, so the ratio of 4n to n says linear (about 4) or
// quadratic (about 16) whatever the machine's speed or load. Time is this
// process's CPU time, not the clock's, so other programs on a busy machine
// do not count. A ratio far under the verdict's bound after one round may
// settle it (`settledUnder`), so a linear path is timed once, not thrice.
// The fuzz replay's growth over a kept input's repeated run
// (test/unit/fuzz/support/budget.ts) is this, with the input's run as n.

export interface Growth {
  /** The sizes timed, n, 2n and 4n, and the fastest CPU milliseconds at each. */
  readonly timings: ReadonlyArray<{ readonly n: number; readonly ms: number }>;
  /** Fastest time at 4n over fastest time at n. */
  readonly ratio: number;
  /** Whether one run at n took `minRunMs` (false only when `maxN` stopped the growing first: its ratio would be noise). */
  readonly timedEnough: boolean;
  /** How many rounds were timed (fewer than asked when `settledUnder` settled it). */
  readonly roundsTimed: number;
}

export interface GrowthOptions {
  /** The first size tried. */
  readonly start?: number;
  /** The CPU time one run at n must take before a ratio means anything. */
  readonly minRunMs?: number;
  /** How often each size is timed; the fastest run counts (noise only ever adds time). */
  readonly rounds?: number;
  /** The largest n grown to. */
  readonly maxN?: number;
  /**
   * A ratio under this after any round settles the verdict: the rounds left are not timed. Noise only ever adds
   * time, so to read a quadratic path's 16 as under it, noise must have slowed that round's run at n by 16 over
   * this (about 2.7 for 6) in CPU time, which no load does. A ratio at or over it is timed every round, so a
   * verdict against a path never rests on one round's noise. 0, the default: every round is timed.
   */
  readonly settledUnder?: number;
}

/** CPU milliseconds this process has used since `since` (a `process.cpuUsage()`). */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

export function growth<T>(make: (n: number) => T, run: (input: T) => void, { start = 1000, minRunMs = 250, rounds = 3, maxN = Infinity, settledUnder = 0 }: GrowthOptions = {}): Growth {
  const time = (input: T) => {
    const started = process.cpuUsage();
    run(input);
    return cpuMsSince(started);
  };
  time(make(start));
  let n = start;
  let took = time(make(n));
  while (took < minRunMs && 2 * n <= maxN) took = time(make((n *= 2)));
  const sizes = [n, 2 * n, 4 * n];
  const inputs = sizes.map(make);
  const best = sizes.map(() => Infinity);
  let round = 0;
  for (; round < rounds && !(best[2]! / best[0]! < settledUnder); round++) inputs.forEach((input, i) => (best[i] = Math.min(best[i]!, time(input))));
  return { timings: sizes.map((size, i) => ({ n: size, ms: best[i]! })), ratio: best[2]! / best[0]!, timedEnough: took >= minRunMs, roundsTimed: round };
}
