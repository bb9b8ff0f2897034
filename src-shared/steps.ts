// Work in steps: a long pass written as a generator that yields between
// pieces, so the server can run it in slices and answer other requests in
// between (server/src/diagnostics.ts), while the command line and the tests
// run it to the end at once with `finish`.

/** A pass that yields between its pieces and returns `R`. */
export type Steps<R> = Generator<void, R, void>;

/** Runs steps to the end and returns what they return. */
export function finish<R>(steps: Steps<R>): R {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Lines (or other units) a pass handles between two yields: about a millisecond of work for the cheapest of them. */
export const unitsPerStep = 2048;
