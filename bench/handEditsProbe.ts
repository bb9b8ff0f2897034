// The hand-edit diff, when the branch has it: `bench/run.mjs` bundles
// src-shared/prompts/handEdits.ts (with the parser it must share, so both
// see the same classes) into a module and passes its path. Without it the
// figure is "n/a". The diff's signature is taken to be
// `findHandEdits(baseline, current)` over two parsed documents.

export interface HandEditsProbe {
  /** Parses both texts once and returns the diff to time, or why there is none. */
  prepare(baseline: string, current: string): { readonly diff: () => unknown } | { readonly unavailable: string };
}

interface ProbeModule {
  readonly parsePrompts: (text: string) => unknown;
  readonly findHandEdits?: unknown;
}

export function loadHandEditsProbe(modulePath: string | undefined): HandEditsProbe {
  if (!modulePath) return { prepare: () => ({ unavailable: 'n/a (src-shared/prompts/handEdits.ts is not on this branch)' }) };
  const probe = require(modulePath) as ProbeModule;
  const findHandEdits = probe.findHandEdits;
  if (typeof findHandEdits !== 'function') return { prepare: () => ({ unavailable: 'n/a (handEdits.ts exports no findHandEdits)' }) };
  return {
    prepare(baseline, current) {
      const before = probe.parsePrompts(baseline);
      const after = probe.parsePrompts(current);
      const diff = (): unknown => findHandEdits(before, after);
      try {
        diff();
      } catch (e) {
        return { unavailable: `n/a (findHandEdits(baseline, current) threw: ${e instanceof Error ? e.message : String(e)})` };
      }
      return { diff };
    },
  };
}
