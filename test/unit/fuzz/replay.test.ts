// Every input a fuzz run ever broke something with, replayed through every
// entry point of its format (test/fixtures/fuzz/: `*.pack`, `*.prompts`,
// `*.packenv.json`; a failing run's input is saved there with
// `PACKS_FUZZ_SAVE`). Each must answer without throwing, within the hang
// deadline, with ranges inside the document. Positions are spread evenly
// over the text, so the replay is the same on every run. A kept input whose
// size lies in one repeated run (most were kept for a slow path) must also
// take about four times as long at four times the size, not sixteen, timed
// where one run takes a quarter of a second: that is what catches a
// quadratic path coming back, on a fast machine or a busy one.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseEnvironmentFile } from '../../../src-shared/pack/environmentFile';
import { fixturesDir } from '../../support/paths';
import { growth, minRunMs, withinDeadline } from './support/budget';
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

/** The groups of entry points a kept input goes through, by its kind. */
function entryPoints(file: string): Record<string, (text: string) => void> {
  if (file.endsWith('.pack')) {
    // One deadline per profile: the work grows with the number of built-in releases, a hang does not hide in it.
    return Object.fromEntries(
      profileNames.flatMap((profile) => [
        [`the pack core under ${profile}`, (text: string) => exercisePackCore(text, profile)],
        [`the pack providers under ${profile}`, (text: string) => exercisePackProviders(text, evenly(text), profile)],
      ]),
    );
  }
  if (file.endsWith('.prompts')) {
    return {
      'the .prompts core': (text) => void exercisePromptsCore(text, evenly(text)),
      'the .prompts providers': (text) => exercisePromptsProviders(text, evenly(text)),
      'hand edits against it': (text) => promptsBases.forEach((base) => exerciseHandEdits(base, text)),
      'hand edits from it': (text) => promptsBases.forEach((base) => exerciseHandEdits(text, base)),
    };
  }
  return { parseEnvironmentFile: (text) => void parseEnvironmentFile(text) };
}

for (const file of files) {
  test(`replay ${file}`, () => {
    const text = readFileSync(path.join(folder, file), 'utf8');
    for (const [what, work] of Object.entries(entryPoints(file))) withinDeadline(`${file}: ${what}`, () => work(text));
  });
}

/** The entry points a large kept input was kept for: the code actions of a pack (under every profile), the parse, checks and completion of a `.prompts` file. */
function slowPathOf(file: string): [string, (text: string) => void] {
  if (file.endsWith('.pack')) {
    return file.startsWith('code-actions-') ? ['the pack providers', (text) => exercisePackProviders(text, evenly(text))] : ['the pack core', (text) => exercisePackCore(text)];
  }
  return file.endsWith('.prompts') ? ['the .prompts core', entryPoints(file)['the .prompts core']!] : ['parseEnvironmentFile', entryPoints(file)['parseEnvironmentFile']!];
}

for (const file of files) {
  const text = readFileSync(path.join(folder, file), 'utf8');
  if (text.length < 10_000) continue;
  const [what, work] = slowPathOf(file);
  test(`${file}: ${what} take time linear in the size of what it repeats`, () => {
    const grown = growth(text, work);
    assert.ok(grown, `${file} has a repeated run to scale`);
    assert.ok(grown.timedEnough, `${what}: still under ${minRunMs} ms of CPU at ${grown.timings[0]!.units} repeats, too fast to time`);
    const seen = grown.timings.map((t) => `${t.ms.toFixed(0)} ms at ${t.units} repeats`).join(', ');
    assert.ok(grown.linear, `${what}: ${seen}, ${grown.ratio.toFixed(1)} times as long at 4n as at n (a linear path takes about 4, a quadratic one 16)`);
  });
}
