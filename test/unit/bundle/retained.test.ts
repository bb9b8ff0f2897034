// What the workspace keeps of files it does not have open: the bundle's
// facts and Go to Symbol's sessions of each file, read from its text, must
// not keep the text. V8 keeps a slice of 13 or more characters as a view
// into its source, so one session id read as a slice kept all of its file
// (the bundle index of a 545 MB bundle held about 1 GB). Measured as the
// heap that stays after a full collection, against the texts' own size: a
// verdict on what is kept, not a stopwatch.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { factsOfText } from '../../../src-shared/prompts/bundle/facts';
import { scanSessions } from '../../../src-shared/prompts/features/sessionScan';
import { detached } from '../../../src-shared/text/detached';
import { commitLines, lines } from '../../support/promptsFixtures';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** A file of `sessions` sessions, each with a long id and title and a long turn (two bytes a character: it holds "→"). */
function bigFile(seed: number, sessions: number): string {
  const blocks = Array.from({ length: sessions }, (_, i) =>
    lines(
      '[[sessions]]',
      `id = "session-${seed}-${i}-4f2a9c1e-77b0-4a41-9d3e-0c5b8e2f6a10"`,
      `title = "Refactor the parser → step ${i} of file ${seed}"`,
      'source = "claude_code"',
      '',
      '  [[sessions.turns]]',
      '  role = "user"',
      `  text = "${'move the budget → '.repeat(2_000)}"`,
      '',
    ),
  );
  return lines('schema = "spec.prompts/v0.1"', '', ...commitLines, '', ...blocks);
}

function heapAfterCollection(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

for (const [name, extract, idsOf] of [
  ['the bundle facts of a file', factsOfText, (x: ReturnType<typeof factsOfText>) => x.sessions.map((s) => s.id)],
  ["Go to Symbol's sessions of a file", scanSessions, (x: ReturnType<typeof scanSessions>) => x.map((s) => s.id)],
] as const) {
  test(`${name} keep none of its text`, () => {
    const base = heapAfterCollection();
    // The texts are reachable only inside this function: once it returns, what stays is what the extracts keep.
    const { kept, textBytes } = (() => {
      const texts = Array.from({ length: 12 }, (_, i) => bigFile(i, 20));
      return { textBytes: heapAfterCollection() - base, kept: texts.map((t) => (extract as (t: string) => unknown)(t)) };
    })();
    assert.ok(textBytes > 12 * 20 * 30_000, `the texts take ${textBytes} bytes`);
    const keptBytes = heapAfterCollection() - base;
    const ids = (idsOf as (x: unknown) => string[])(kept[3]);
    assert.equal(ids.length, 20);
    assert.equal(ids[7], 'session-3-7-4f2a9c1e-77b0-4a41-9d3e-0c5b8e2f6a10');
    assert.ok(keptBytes < textBytes / 20, `kept ${keptBytes} bytes of ${textBytes} of text`);
  });
}

test('detached gives the same characters, whatever the string is cut from', () => {
  const source = `${'→'.repeat(100)}abcdefghijklmnopqrstuvwxyz${'x'.repeat(100)}`;
  for (const [a, b] of [
    [100, 126],
    [0, 5],
    [0, source.length],
    [110, 110],
  ] as const) {
    assert.equal(detached(source.slice(a, b)), source.slice(a, b));
  }
});
