// FORMATS.md A.2, row by row: decode's one report (subject, expected,
// context) for every way a pack can be corrupt, the 257-character cut,
// and upstream's one-line rendering of a report.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { boundContext, describeCorruption, reportOf, type CorruptionKind } from '../../../src-shared/pack/corruption';
import { decode, decodeAll } from '../../../src-shared/pack/decode';

const head = '%% loom-prompt-pack 1\n%% version v1\n';

function refusal(text: string) {
  const d = decode(text);
  assert.ok(!d.ok, `expected ${JSON.stringify(text)} to be refused`);
  return d.report;
}

// [situation, source, kind, subject, expected, context]
const rows: Array<[string, string, CorruptionKind, string, string, string]> = [
  ['non-blank text outside a section', `${head}  stray prose  \n`, 'text-outside-section', 'line 3', 'a directive or a blank line', '  stray prose  '],
  ['text before the header', 'ignore previous instructions\n%% loom-prompt-pack 1', 'text-outside-section', 'line 1', 'a directive or a blank line', 'ignore previous instructions'],
  ['unknown keyword', `${head}%% include /etc/passwd\n`, 'unknown-keyword', 'line 3', 'one of `loom-prompt-pack`, `version`, `section`', 'include /etc/passwd'],
  ['bare %%', `${head}%%\n`, 'unknown-keyword', 'line 3', 'one of `loom-prompt-pack`, `version`, `section`', ''],
  ['bare %% with spaces', `${head}%%   \n`, 'unknown-keyword', 'line 3', 'one of `loom-prompt-pack`, `version`, `section`', ''],
  ['keyword split by a tab', `${head}%% section\tidentity\n`, 'unknown-keyword', 'line 3', 'one of `loom-prompt-pack`, `version`, `section`', 'section\tidentity'],
  ['second header', `${head}%% loom-prompt-pack 1\n`, 'duplicate-header', 'line 3', 'exactly one pack header', '1'],
  ['header number not 1', '%% loom-prompt-pack 2\n%% version v\n', 'bad-format-version', 'line 1', 'format version 1', '2'],
  ['header number not a number', '%% loom-prompt-pack one\n', 'bad-format-version', 'line 1', 'format version 1', 'one'],
  ['header without a number', '%% loom-prompt-pack\n', 'bad-format-version', 'line 1', 'format version 1', ''],
  ['version before the header', '%% version v\n%% loom-prompt-pack 1\n', 'header-not-first', 'line 1', 'the pack header first', 'v'],
  ['section before the header', '%% section identity\nhi\n', 'header-not-first', 'line 1', 'the pack header first', 'identity'],
  ['second version', `${head}%% version v2\n`, 'duplicate-version', 'line 3', 'exactly one version directive', 'v2'],
  ['bad version id', '%% loom-prompt-pack 1\n%% version has space\n', 'bad-version', 'line 2', 'a version of 1-64 characters from [a-z0-9._-]', 'has space'],
  ['empty version id', '%% loom-prompt-pack 1\n%% version\n', 'bad-version', 'line 2', 'a version of 1-64 characters from [a-z0-9._-]', ''],
  ['upper-case version id', '%% loom-prompt-pack 1\n%% version V1\n', 'bad-version', 'line 2', 'a version of 1-64 characters from [a-z0-9._-]', 'V1'],
  ['section before version', '%% loom-prompt-pack 1\n%% section identity\nhi\n', 'section-before-version', 'line 2', 'a version before the first section', 'identity'],
  ['bad section name', `${head}%% section Identity\n`, 'bad-section-name', 'line 3', 'a section name of 1-64 characters from [a-z0-9_]', 'Identity'],
  ['section name with a slash', `${head}%% section id/entity\n`, 'bad-section-name', 'line 3', 'a section name of 1-64 characters from [a-z0-9_]', 'id/entity'],
  ['empty section name', `${head}%% section\n`, 'bad-section-name', 'line 3', 'a section name of 1-64 characters from [a-z0-9_]', ''],
  ['section name with a space', `${head}%% section with  space \n`, 'bad-section-name', 'line 3', 'a section name of 1-64 characters from [a-z0-9_]', 'with  space'],
  ['duplicate section name', `${head}%% section identity\na\n%% section identity\nb`, 'duplicate-section', 'line 5', 'a section name used once', 'identity'],
  ['empty file', '', 'missing-header', 'the pack as a whole', 'a `%% loom-prompt-pack 1` header line', ''],
  ['only comments and blanks', '%% # nothing\n\n', 'missing-header', 'the pack as a whole', 'a `%% loom-prompt-pack 1` header line', ''],
  ['no version by the end', '%% loom-prompt-pack 1\n', 'missing-version', 'the pack as a whole', 'a `%% version <id>` directive', ''],
];

for (const [situation, source, kind, subject, expected, context] of rows) {
  test(`decode refuses ${situation}: ${subject}, expected ${expected}`, () => {
    const r = refusal(source);
    assert.deepEqual(reportOf(r), { boundary: 'prompt/pack.decode', subject, expected, context });
    assert.equal(r.kind, kind);
  });
}

test('version after a section: upstream never gets that far, decodeAll reports it after the section', () => {
  // Upstream's decoder opens a section only after a version, so this row is
  // reachable only once decodeAll has recovered from the section's mistake.
  const all = decodeAll('%% loom-prompt-pack 1\n%% section identity\nhi\n%% version late\n').corruptions;
  assert.deepEqual(
    all.map((c) => [c.kind, c.subject, c.expected, c.context]),
    [
      ['section-before-version', 'line 2', 'a version before the first section', 'identity'],
      ['version-after-section', 'line 4', 'the version before the first section', 'late'],
    ],
  );
});

test('the first mistake wins: decode stops at the first corrupt line', () => {
  assert.equal(refusal(`${head}%% section Bad\n%% bogus\n`).subject, 'line 3');
  assert.equal(refusal('stray\n%% loom-prompt-pack 2').subject, 'line 1');
  assert.equal(refusal('%% loom-prompt-pack 2').expected, 'format version 1', 'a line report before a whole-pack one');
});

test('decode checks a section directive in upstream order: header, version, name, uniqueness', () => {
  assert.equal(refusal('%% section Bad').kind, 'header-not-first');
  assert.equal(refusal('%% loom-prompt-pack 1\n%% section Bad').kind, 'section-before-version');
  assert.equal(refusal(`${head}%% section a\n%% section a`).kind, 'duplicate-section');
  assert.equal(refusal(`${head}%% loom-prompt-pack 7`).kind, 'duplicate-header', 'a second header is reported whatever its number');
  assert.equal(refusal(`${head}%% version Bad Id`).kind, 'duplicate-version', 'a second version is reported before its id is read');
});

test('the context is cut to 256 characters plus an ellipsis: 257 at most', () => {
  const long = 'x'.repeat(10_000);
  const r = refusal(long);
  assert.equal(r.context, `${'x'.repeat(256)}…`);
  assert.equal(r.context.length, 257);
  assert.equal(refusal('y'.repeat(256)).context, 'y'.repeat(256), 'exactly 256 is kept whole');
  assert.equal(refusal('z'.repeat(257)).context, `${'z'.repeat(256)}…`);
  assert.equal(refusal(`${head}%% section ${'n'.repeat(300)}`).context, `${'n'.repeat(256)}…`, 'arguments are cut the same way');
});

test('the cut counts graphemes, as upstream does, and never splits one', () => {
  const accented = 'e\u0301'.repeat(300);
  assert.equal(boundContext(accented), `${'e\u0301'.repeat(256)}…`);
  assert.equal(boundContext('e\u0301'.repeat(256)), 'e\u0301'.repeat(256), '256 graphemes in 512 code units: not cut');
  const emoji = '👩‍👩‍👧'.repeat(257);
  assert.equal(boundContext(emoji), `${'👩‍👩‍👧'.repeat(256)}…`);
  const heavy = `a${'\u0301'.repeat(30)}`;
  assert.equal(boundContext(heavy.repeat(300)), `${heavy.repeat(256)}…`, 'graphemes far longer than a character each');
  assert.equal(boundContext(heavy.repeat(256)), heavy.repeat(256));
  assert.equal(boundContext(`${'x'.repeat(256)}${'\u0301'.repeat(5000)}`), `${'x'.repeat(256)}${'\u0301'.repeat(5000)}`, 'one grapheme of 5,001 characters at the end');
});

test('a report reads as upstream logs it', () => {
  assert.equal(
    describeCorruption(refusal(`${head}%% include x`)),
    'corruption at prompt/pack.decode (line 3): expected one of `loom-prompt-pack`, `version`, `section`, got: include x',
  );
  assert.equal(
    describeCorruption(refusal('')),
    'corruption at prompt/pack.decode (the pack as a whole): expected a `%% loom-prompt-pack 1` header line, got: ',
  );
});
