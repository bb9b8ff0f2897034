// Fuzzing the `.prompts` core and editor with hostile text: mutated real
// captures (lines deleted, duplicated, swapped, cut short, line ends
// mixed, TOML syntax and odd characters spliced in), random bytes read as
// UTF-8, lone surrogates, NUL bytes, a BOM, deep nesting of every TOML
// kind and long lines. Every entry point must answer (no exception), within
// the hang deadline, with every range inside the document; the hand-edit
// verdict is fuzzed on pairs of mutated files.

import { test } from 'node:test';
import fc from '../../support/fastCheck';
import { deepNesting, hostileText, mutated, promptsBases } from './support/hostileText';
import { assertFuzz, fuzzParameters, withinDeadline } from './support/budget';
import { exerciseHandEdits, exercisePromptsCore, exercisePromptsProviders } from './support/promptsEntryPoints';

const positionSeeds = fc.array(fc.nat(), { minLength: 1, maxLength: 8 });

test('the .prompts core answers every hostile text, in time, with ranges inside it', () => {
  assertFuzz(
    'prompts-core',
    fc.property(hostileText(promptsBases), positionSeeds, (text, seeds) => withinDeadline('the .prompts core', () => void exercisePromptsCore(text, seeds))),
    fuzzParameters(250),
  );
});

test('the .prompts core answers nesting of every kind, however deep', () => {
  assertFuzz(
    'prompts-nesting',
    fc.property(deepNesting, positionSeeds, (text, seeds) => withinDeadline('the .prompts core', () => void exercisePromptsCore(text, seeds))),
    fuzzParameters(60),
  );
});

test('the .prompts providers and fixes answer at any position of any hostile text, in time, with ranges inside it', () => {
  assertFuzz(
    'prompts-providers',
    fc.property(hostileText(promptsBases), positionSeeds, (text, seeds) => withinDeadline('the .prompts providers', () => exercisePromptsProviders(text, seeds))),
    fuzzParameters(150),
  );
});

test('the hand-edit verdict answers any two mutations of one capture', () => {
  const pair = fc.constantFrom(...promptsBases).chain((base) => fc.tuple(mutated([base], 3), mutated([base], 3)));
  assertFuzz(
    'hand-edits',
    fc.property(pair, ([baseline, current]) => withinDeadline('the hand-edit verdict', () => exerciseHandEdits(baseline, current))),
    fuzzParameters(200),
  );
});
