// Every input a fuzz run ever broke something with, replayed through every
// entry point of its format (test/fixtures/fuzz/: `*.pack`, `*.prompts`,
// `*.packenv.json`; a failing run's input is saved there with
// `PACKS_FUZZ_SAVE`). Each must answer without throwing, within the hang
// deadline, with ranges inside the document. Positions are spread evenly
// over the text, so the replay is the same on every run.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseEnvironmentFile } from '../../../src-shared/pack/environmentFile';
import { fixturesDir } from '../../support/paths';
import { withinDeadline } from './support/budget';
import { promptsBases } from './support/hostileText';
import { profileNames } from '../../../src-shared/pack/profiles';
import { exercisePackCore, exercisePackProviders } from './support/packEntryPoints';
import { exerciseHandEdits, exercisePromptsCore, exercisePromptsProviders } from './support/promptsEntryPoints';

const folder = path.join(fixturesDir, 'fuzz');
const files = readdirSync(folder).filter((f) => !f.startsWith('.')).sort();

function evenly(text: string, count = 24): number[] {
  return Array.from({ length: count }, (_, i) => Math.floor((i * (text.length + 1)) / count));
}

test('the fuzz fixtures are all of a kind the replay knows', () => {
  assert.ok(files.length > 0);
  for (const f of files) assert.match(f, /\.(pack|prompts|packenv\.json)$/, f);
});

for (const file of files) {
  test(`replay ${file}`, () => {
    const text = readFileSync(path.join(folder, file), 'utf8');
    if (file.endsWith('.pack')) {
      // One deadline per profile: the work grows with the number of built-in releases, a hang does not hide in it.
      for (const profile of profileNames) {
        withinDeadline(`${file}: the pack core under ${profile}`, () => exercisePackCore(text, profile));
        withinDeadline(`${file}: the pack providers under ${profile}`, () => exercisePackProviders(text, evenly(text), profile));
      }
    } else if (file.endsWith('.prompts')) {
      withinDeadline(`${file}: the .prompts core`, () => void exercisePromptsCore(text, evenly(text)));
      withinDeadline(`${file}: the .prompts providers`, () => exercisePromptsProviders(text, evenly(text)));
      for (const base of promptsBases) {
        withinDeadline(`${file}: hand edits against it`, () => exerciseHandEdits(base, text));
        withinDeadline(`${file}: hand edits from it`, () => exerciseHandEdits(text, base));
      }
    } else {
      withinDeadline(`${file}: parseEnvironmentFile`, () => void parseEnvironmentFile(text));
    }
  });
}
