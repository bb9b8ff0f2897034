// The determinism warnings of FORMATS.md B.2: what the capture writer
// guarantees and a hand edit can break.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { findingsOf, lines, minimalValid, sessionLines, shown } from '../../support/promptsFixtures';

const at = (v: string): string => lines(minimalValid, `  at = ${v}`);

test('timestamps in UTC with Z and whole seconds; an exact UTC rewrite is offered when there is one', () => {
  assert.deepEqual(shown(at('2026-04-21T11:47:12Z')), []);
  const offset = findingsOf(at('2026-04-21T13:47:12+02:00'));
  assert.deepEqual(
    offset.map((f) => [f.code, f.severity, f.range.start, f.range.end, f.message, f.data]),
    [
      [
        'prompts/non-utc-timestamp',
        'warning',
        { line: 14, character: 7 },
        { line: 14, character: 32 },
        '`at` is not in UTC; the capture writer writes UTC with Z and whole seconds (2026-04-21T11:47:12Z)',
        { replacement: '2026-04-21T11:47:12Z' },
      ],
    ],
  );
  assert.deepEqual(findingsOf(at('"2026-04-21T13:47:12+02:00"'))[0]?.data, { replacement: '"2026-04-21T11:47:12Z"' });
  assert.deepEqual(shown(at('2026-04-21T11:47:12.250Z')), [
    'warning prompts/non-utc-timestamp 14:7-14:31 `at` is fractional seconds; the capture writer writes UTC with Z and whole seconds',
  ]);
  assert.equal(findingsOf(at('2026-04-21T11:47:12.5+01:00'))[0]?.data, undefined, 'no exact whole-second rewrite');
});

/** A session with `id` and `started_at` as its lines 1 and 3. */
function session(id: string, started: string): string[] {
  const ls = sessionLines.map((l) => l.replace('"s-1"', `"${id}"`));
  ls.splice(3, 0, `started_at = ${started}`);
  return ls;
}

test('sessions ordered by started_at, then id: the later-listed session carries the warning, linked to the one before', () => {
  const file = lines(minimalValid.replace('source = "claude_code"', 'source = "claude_code"\nstarted_at = 2026-04-21T10:00:00Z'), '', ...session('s-2', '2026-04-21T09:00:00Z'));
  const f = findingsOf(file);
  assert.deepEqual(
    f.map((x) => [x.code, x.severity, x.range, x.message, x.related]),
    [
      [
        'prompts/session-order',
        'warning',
        { start: { line: 19, character: 13 }, end: { line: 19, character: 33 } },
        'this session starts before the one above it; the writer orders sessions by started_at, then id',
        [{ range: { start: { line: 10, character: 13 }, end: { line: 10, character: 33 } }, message: 'the session before it' }],
      ],
    ],
  );
  const tie = lines(minimalValid.replace('"s-1"', '"s-9"').replace('source = "claude_code"', 'source = "claude_code"\nstarted_at = 2026-04-21T10:00:00Z'), '', ...session('s-2', '2026-04-21T10:00:00Z'));
  assert.deepEqual(shown(tie), [
    'warning prompts/session-order 17:5-17:10 this session starts when the one before it does but its id sorts first; the writer orders sessions by started_at, then id',
  ]);
  const sorted = lines(minimalValid.replace('source = "claude_code"', 'source = "claude_code"\nstarted_at = 2026-04-21T10:00:00Z'), '', ...session('s-2', '"2026-04-21T11:00:00+01:00"'));
  assert.deepEqual(
    findingsOf(sorted).map((x) => x.code),
    ['prompts/non-utc-timestamp'],
    'equal instants in different notations are in order',
  );
});

test('no duplicates in tags or paths_touched: the repeat is warned, linked to the first', () => {
  const file = minimalValid.replace('source = "claude_code"', 'source = "claude_code"\ntags = ["a", "b", "a"]\npaths_touched = ["x", "x"]');
  const f = findingsOf(file);
  assert.deepEqual(
    f.map((x) => [x.code, x.severity, x.range, x.message, x.related?.[0]?.range.start]),
    [
      ['prompts/duplicate-list-item', 'warning', { start: { line: 10, character: 18 }, end: { line: 10, character: 21 } }, '"a" is already in `tags`', { line: 10, character: 8 }],
      ['prompts/duplicate-list-item', 'warning', { start: { line: 11, character: 22 }, end: { line: 11, character: 25 } }, '"x" is already in `paths_touched`', { line: 11, character: 17 }],
    ],
  );
});
