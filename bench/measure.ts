// Timing for the benchmark: a function run a few times untimed (warm-up,
// so the JIT has compiled it: the plan's count, and then more until the
// warm-up has taken `minWarmupMs`, so a run of a tenth of a millisecond is
// not timed while V8 still interprets it), then timed several times in the same
// process; the figure is the median. Garbage is collected (node runs with
// --expose-gc) before the warm-up, so a figure does not pay for the
// garbage of the one before it; not between runs, where a forced
// collection's sweeping would run alongside the next run, and a run pays
// for its own garbage as it would in the server.

import { median } from '../test/support/median';

export interface Figure {
  /** Median time of one run, in milliseconds (wall clock). */
  readonly ms: number;
  /**
   * Median CPU time of the process during one run (garbage collector threads
   * included). On a shared machine this moves less than the wall clock.
   */
  readonly cpuMs: number;
  /** Throughput at the median: input megabytes (10^6 UTF-16 units) per second. */
  readonly mbps: number;
  readonly runs: number;
  readonly warmups: number;
}

export interface Plan {
  readonly runs: number;
  readonly warmups: number;
}

/** The least time a warm-up takes: V8 optimizes a function after it has run a while, not after a count of calls. */
const minWarmupMs = 200;

/** Whether a warm-up that has made `done` runs goes on: until the plan's count, and then until `minWarmupMs` has passed since it began. */
function warmingUp(plan: Plan): (done: number) => boolean {
  const began = performance.now();
  return (done) => done < plan.warmups || performance.now() - began < minWarmupMs;
}

// Results are kept here so no run can be optimized away.
const sink: { value?: unknown } = {};

export function measure(size: number, plan: Plan, f: () => unknown): Figure {
  collectGarbage();
  const warming = warmingUp(plan);
  let warmups = 0;
  for (; warming(warmups); warmups++) sink.value = f();
  const samples = new Samples();
  for (let i = 0; i < plan.runs; i++) samples.stop(f, samples.start());
  return samples.figure(size, { ...plan, warmups });
}

/** `measure` for a function whose work ends when its promise settles (a peer with an asynchronous API). */
export async function measureAsync(size: number, plan: Plan, f: () => Promise<unknown>): Promise<Figure> {
  collectGarbage();
  const warming = warmingUp(plan);
  let warmups = 0;
  for (; warming(warmups); warmups++) sink.value = await f();
  const samples = new Samples();
  for (let i = 0; i < plan.runs; i++) {
    const began = samples.start();
    const value = await f();
    samples.stop(() => value, began);
  }
  return samples.figure(size, { ...plan, warmups });
}

/** The wall-clock and CPU times of the timed runs. */
class Samples {
  private readonly times: number[] = [];
  private readonly cpuTimes: number[] = [];

  start(): { readonly cpu: NodeJS.CpuUsage; readonly at: number } {
    sink.value = undefined;
    return { cpu: process.cpuUsage(), at: performance.now() };
  }

  /** Ends the run begun at `began`; `result` gives its value (runs the work itself for a synchronous run). */
  stop(result: () => unknown, began: { readonly cpu: NodeJS.CpuUsage; readonly at: number }): void {
    sink.value = result();
    this.times.push(performance.now() - began.at);
    const used = process.cpuUsage(began.cpu);
    this.cpuTimes.push((used.user + used.system) / 1000);
  }

  figure(size: number, plan: Plan): Figure {
    sink.value = undefined;
    const ms = median(this.times);
    return { ms, cpuMs: median(this.cpuTimes), mbps: size / 1e6 / (ms / 1000), runs: plan.runs, warmups: plan.warmups };
  }
}

export { median };

export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Keeps a value reachable (for inputs that must not be collected mid-measurement). */
export function keep(value: unknown): void {
  sink.value = value;
}
