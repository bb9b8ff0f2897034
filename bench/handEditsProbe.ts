// The hand-edit diff, when the branch has it: `bench/run.mjs` bundles
// src-shared/prompts/handEdits.ts (and handEditsCheck.ts, if present) with
// the parser they must share, so all see the same classes, and passes the
// bundle's path. Without it the figure is "n/a". The first of
// `findHandEdits`, `checkHandEdits`, `diffHandEdits` the bundle exports is
// measured, called as `(baseline, current)` over two parsed documents.

export interface HandEditsProbe {
  /** Parses both texts once and returns the diff to time and its name, or why there is none. */
  prepare(baseline: string, current: string): { readonly diff: () => unknown; readonly name: string } | { readonly unavailable: string };
}

type ProbeModule = { readonly parsePrompts: (text: string) => unknown } & Readonly<Record<string, unknown>>;

const candidates = ['findHandEdits', 'checkHandEdits', 'diffHandEdits'];

export function loadHandEditsProbe(modulePath: string | undefined): HandEditsProbe {
  if (!modulePath) return { prepare: () => ({ unavailable: 'n/a (src-shared/prompts/handEdits.ts is not on this branch)' }) };
  const probe = require(modulePath) as ProbeModule;
  const name = candidates.find((n) => typeof probe[n] === 'function');
  if (!name) return { prepare: () => ({ unavailable: `n/a (the hand-edit modules export none of ${candidates.join(', ')})` }) };
  const run = probe[name] as (baseline: unknown, current: unknown) => unknown;
  return {
    prepare(baseline, current) {
      const before = probe.parsePrompts(baseline);
      const after = probe.parsePrompts(current);
      const diff = (): unknown => run(before, after);
      try {
        diff();
      } catch (e) {
        return { unavailable: `n/a (${name}(baseline, current) threw: ${e instanceof Error ? e.message : String(e)})` };
      }
      return { diff, name };
    },
  };
}
