// Committed versions where no process can run (the browser's web worker):
// every question answers "off" with the one reason the status bar shows,
// so hand edits and the render against HEAD say why they are not checked.

import type { Baselines } from './handEditsBaselines';

const off = { kind: 'off', reason: 'noProcess' } as const;

export const noBaselines: Baselines = {
  invalidate: () => undefined,
  knownRepositories: () => Promise.resolve([]),
  baseline: () => Promise.resolve(off),
  headText: () => Promise.resolve(off),
  authorFor: () => Promise.resolve(undefined),
};
