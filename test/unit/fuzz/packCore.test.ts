// Fuzzing the pack core and the pack editor's providers with hostile text:
// mutated real packs (lines deleted, duplicated, swapped, cut short, line
// ends mixed, syntax and odd characters spliced in), random bytes read as
// UTF-8, lone surrogates, NUL bytes, a BOM, deep nesting and long lines.
// Every entry point must answer (no exception), within the hang deadline,
// with every range inside the document. Environment files get the same
// treatment through parseEnvironmentFile.

import { test } from 'node:test';
import fc from '../../support/fastCheck';
import { parseEnvironmentFile } from '../../../src-shared/pack/environmentFile';
import { environmentBases, hostileText, mutated, packBases } from './support/hostileText';
import { assertFuzz, fuzzParameters, withinDeadline } from './support/budget';
import { profileNames } from '../../../src-shared/pack/profiles';
import { exercisePackCore, exercisePackProviders } from './support/packEntryPoints';

const positionSeeds = fc.array(fc.nat(), { minLength: 1, maxLength: 8 });

test('the pack core answers every hostile text, in time, with ranges inside it', () => {
  assertFuzz(
    'pack-core',
    fc.property(hostileText(packBases), (text) => {
      for (const profile of profileNames) withinDeadline(`the pack core under ${profile}`, () => exercisePackCore(text, profile));
    }),
    fuzzParameters(300),
  );
});

test('the pack providers answer at any position of any hostile text, in time, with ranges inside it', () => {
  assertFuzz(
    'pack-providers',
    fc.property(hostileText(packBases), positionSeeds, (text, seeds) => {
      for (const profile of profileNames) withinDeadline(`the pack providers under ${profile}`, () => exercisePackProviders(text, seeds, profile));
    }),
    fuzzParameters(120),
  );
});

test('parseEnvironmentFile answers every hostile environment file', () => {
  assertFuzz(
    'environment-file',
    fc.property(hostileText(environmentBases), (text) => withinDeadline('parseEnvironmentFile', () => void parseEnvironmentFile(text))),
    fuzzParameters(400),
  );
});

test('parseEnvironmentFile answers JSON of any shape, nested deep', () => {
  const json = fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.integer({ min: 1, max: 50_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    fc.integer({ min: 1, max: 50_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    mutated(environmentBases).map((t) => t.replace(/"posture"/, '"__proto__"')),
  );
  assertFuzz(
    'environment-json',fc.property(json, (text) => withinDeadline('parseEnvironmentFile', () => void parseEnvironmentFile(text))), fuzzParameters(200));
});
