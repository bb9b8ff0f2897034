// The secret scan exactly at its thresholds (issue 30), so that a one-line
// change to any of them fails here: the placeholder word `%s`, the "too
// few distinct characters" count, the line-above form of
// `packs:allow-secret`, the digit run of a GitHub app installation token.
// And invisible characters (zero-width space and its kin) inside a token
// do not hide it (issue 28): the finding covers the token as written.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Finding } from '../../../src-shared/finding';
import { findSecrets, matchSecrets } from '../../../src-shared/prompts/rules/secrets';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { fakeSecrets } from '../../support/fakeSecrets';
import { lines, minimalValid, textAt } from '../../support/promptsFixtures';

const fake = (name: string): string => fakeSecrets(11).find((f) => f.name === name)!.text;
const labels = (s: string): string[] => findSecrets(s).map((m) => m.pattern.label);

function secretFindings(text: string): Finding[] {
  return validatePrompts(parsePrompts(text), { strictUnknownTools: false }).filter((f) => f.code === 'prompts/secret' || f.code === 'prompts/allowed-secret');
}

test('the placeholder word %s: a value holding it is a template, the same value with %d beside it is not', () => {
  assert.deepEqual(labels('token=abcd%sefgh1234'), []);
  assert.deepEqual(labels('token=abcd%defgh1234'), ['a password or key assignment']);
});

test('too few distinct characters: three in the value are filler, four are a secret', () => {
  assert.deepEqual(labels('password=abcabcabcabc'), []);
  assert.deepEqual(labels('password=abcdabcdabcd'), ['a password or key assignment']);
});

test('packs:allow-secret on the line just above the value allows it; two lines above, it does not', () => {
  const token = fake('ghp');
  const above = lines(minimalValid, '  # packs:allow-secret', `  summary = "${token}"`);
  const twoAbove = lines(minimalValid, '  # packs:allow-secret', '  lesson = "none"', `  summary = "${token}"`);
  assert.deepEqual(secretFindings(above).map((f) => f.code), ['prompts/allowed-secret']);
  assert.deepEqual(secretFindings(twoAbove).map((f) => f.code), ['prompts/secret']);
});

test("a GitHub app installation token's id is 1 to 20 digits: at 20 the whole token is one, at 21 only the writer's ghs_ row matches", () => {
  const tail = `_${'a1B2c3D4e5'.repeat(3)}.${'f6G7h8'.repeat(4)}.${'i9J0k1'.repeat(5)}`;
  const app = (digits: number): string => `${'gh'}s_${'7'.repeat(digits)}${tail}`;
  const at = (s: string): [string, number, number][] => findSecrets(s).map((m) => [m.pattern.label, m.start, m.end]);
  assert.deepEqual(at(app(1)), [['a GitHub app installation token', 0, app(1).length]]);
  assert.deepEqual(at(app(20)), [['a GitHub app installation token', 0, app(20).length]]);
  assert.deepEqual(at(app(21)), [['a GitHub server token', 0, 4 + 21]]);
  assert.deepEqual(at(app(0)), []);
});

const invisible = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];

test('an invisible character inside a token does not hide it: the finding covers the token as written, invisible characters included', () => {
  const token = fake('ghp');
  for (const ch of invisible) {
    const hidden = `${token.slice(0, 9)}${ch}${token.slice(9)}`;
    const value = `deploy with ${hidden} now`;
    assert.deepEqual(
      findSecrets(value).map((m) => value.slice(m.start, m.end)),
      [hidden],
      `U+${ch.charCodeAt(0).toString(16)}`,
    );
    assert.equal(matchSecrets(value).length, 1);
    for (const file of [lines(minimalValid, `  summary = "${hidden}"`), lines(minimalValid, `  # ${hidden}`), lines(minimalValid, `  "${hidden}" = "x"`)]) {
      const found = secretFindings(file);
      assert.equal(found.length, 1, file);
      assert.equal(textAt(file, found[0]!), hidden);
    }
  }
  // Two of them, and one written as an escape in a basic string: the range covers the escape as written.
  const twice = `${token.slice(0, 5)}\u200b${token.slice(5, 12)}\u2060${token.slice(12)}`;
  assert.deepEqual(findSecrets(twice).map((m) => [m.start, m.end]), [[0, twice.length]]);
  const escaped = lines(minimalValid, `  summary = "${token.slice(0, 9)}\\u200B${token.slice(9)}"`);
  assert.equal(textAt(escaped, secretFindings(escaped)[0]!), `${token.slice(0, 9)}\\u200B${token.slice(9)}`);
});
