// fast-check as the tests use it: every property runs from a fixed seed, so
// a run of the suite is the same run everywhere and a counterexample found
// once is found again. fast-check prints the seed and path of a failure
// (`{ seed: …, path: "…" }`); `PACKS_FC_SEED=<n>` replays from that seed and
// `PACKS_FC_SEED=random` explores from a fresh one (printed once, so a find
// can be replayed). A property that names its own seed keeps it. Import fc
// from here, never from 'fast-check' (the linter says so).

import fc from 'fast-check';

/** The seed every property runs from unless `PACKS_FC_SEED` says otherwise. */
export const defaultSeed = 20261202;

function seedFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return defaultSeed;
  if (raw.trim() === 'random') {
    const seed = (Date.now() ^ (Math.random() * 0x1_0000_0000)) | 0;
    process.stderr.write(`fast-check: PACKS_FC_SEED=random picked seed ${seed} for ${process.argv[1] ?? 'this process'}\n`);
    return seed;
  }
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`PACKS_FC_SEED must be an integer or "random", not ${JSON.stringify(raw)}`);
  return seed | 0;
}

export const seed = seedFromEnv(process.env['PACKS_FC_SEED']);

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });

export default fc;
