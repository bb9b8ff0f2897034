// How a cost grows with its input, as a verdict rather than a stopwatch:
// the size is doubled until one run takes at least a quarter of a second of
// CPU time, then n, 2n and 4n are timed one after the other, in several
// rounds, and the median of the rounds' ratios of 4n to n says linear
// (about 4) or quadratic (about 16) whatever the machine's speed or load.
// Time is this process's CPU time, not the clock's, so other programs on a
// busy machine count only as far as they slow this one's instructions, and
// each round's two ends share that. A ratio far under the verdict's bound
// after one round may settle it (`settledUnder`), so a linear path is timed
// once, not thrice; one still between the two after the rounds asked is
// timed more (`undecided`). The fuzz replay's growth over a kept input's
// repeated run (test/unit/fuzz/support/budget.ts) is this, with the input's
// run as n.

import { median } from './median';

export interface Growth {
  /** The sizes timed, n, 2n and 4n, and the fastest CPU milliseconds at each. */
  readonly timings: ReadonlyArray<{ readonly n: number; readonly ms: number }>;
  /** The median over the rounds of each round's time at 4n over its time at n. */
  readonly ratio: number;
  /** Whether one run at n took `minRunMs` (false only when `maxN` stopped the growing first: its ratio would be noise). */
  readonly timedEnough: boolean;
  /** How many rounds were timed (fewer than asked when `settledUnder` settled it, more when the ratio stayed undecided). */
  readonly roundsTimed: number;
}

export interface GrowthOptions {
  /** The first size tried. */
  readonly start?: number;
  /** The CPU time one run at n must take before a ratio means anything. */
  readonly minRunMs?: number;
  /** How many rounds are timed at least (each times n, 2n and 4n, one after the other). */
  readonly rounds?: number;
  /** The largest n grown to. */
  readonly maxN?: number;
  /**
   * A ratio under this after any round settles the verdict: the rounds left are not timed. To read a quadratic
   * path's 16 as under it (about 2.7 for 6), noise must have slowed that round's run at n 2.7 times more than its run
   * at 4n, in CPU time. A ratio at or over it is timed every round, so a verdict against a path never rests on one
   * round's noise. 0, the default: every round is timed.
   */
  readonly settledUnder?: number;
}

/**
 * Where a ratio is still undecided: between a linear path's 4 and a quadratic one's 16, 1.5 times either side of
 * their middle (8). While the median lies here, more rounds are timed, up to `undecidedRounds` times the rounds asked.
 */
export const undecided = { from: 8 / 1.5, to: 8 * 1.5 } as const;
const undecidedRounds = 3;

/** CPU milliseconds this process has used since `since` (a `process.cpuUsage()`). */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/**
 * The ratio is a median of ratios taken within one round, not the fastest run at 4n over the fastest at n: CPU
 * time is not free of load (a virtual machine's cores share the host's, so a busy neighbour slows every
 * instruction), and the fastest at n and the fastest at 4n may come from a quiet moment and a busy one. A round
 * times n, 2n and 4n one after the other, so the same moment's load is on both ends of its ratio. (The fastest
 * runs once read a quadratic path's 16 as 8.6, in CI beside a load average of 5 on two cores.)
 */
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
  const ratios: number[] = [];
  const goOn = () => {
    if (ratios.length === 0) return true;
    const ratio = median(ratios);
    if (ratio < settledUnder) return false;
    if (ratios.length < rounds) return true;
    return ratio >= undecided.from && ratio <= undecided.to && ratios.length < undecidedRounds * rounds;
  };
  while (goOn()) {
    const times = inputs.map(time);
    times.forEach((ms, i) => (best[i] = Math.min(best[i]!, ms)));
    ratios.push(times[2]! / times[0]!);
  }
  return { timings: sizes.map((size, i) => ({ n: size, ms: best[i]! })), ratio: median(ratios), timedEnough: took >= minRunMs, roundsTimed: ratios.length };
}
