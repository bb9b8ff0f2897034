// How a cost grows with its input, as a verdict rather than a stopwatch:
// the size is doubled until one run takes at least a quarter of a second,
// then n, 2n and 4n are each run several times and the best kept, so the
// ratio of 4n to n says linear (about 4) or quadratic (about 16) whatever
// the machine's speed or load.

import { performance } from 'node:perf_hooks';

export interface Growth {
  readonly n: number;
  /** Best milliseconds at n, 2n and 4n. */
  readonly ms: readonly [number, number, number];
  /** Best time at 4n over best time at n. */
  readonly ratio: number;
}

export function growth<T>(make: (n: number) => T, run: (input: T) => void, start = 1000, runs = 3): Growth {
  const best = (input: T) => {
    let ms = Infinity;
    for (let r = 0; r < runs; r++) {
      const t = performance.now();
      run(input);
      ms = Math.min(ms, performance.now() - t);
    }
    return ms;
  };
  let n = start;
  for (;;) {
    const input = make(n);
    const t = performance.now();
    run(input);
    if (performance.now() - t >= 250) break;
    n *= 2;
  }
  const ms = [best(make(n)), best(make(2 * n)), best(make(4 * n))] as const;
  return { n, ms, ratio: ms[2] / ms[0] };
}
