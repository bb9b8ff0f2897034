// What the extension writes about a file (hovers, symbols, a finding's
// data) goes through redactDeep (src-shared/prompts/rules/redactText.ts):
// every secret in it becomes [REDACTED], object keys too, and what holds no
// secret comes back as the very same values, so a clean outline of
// thousands of symbols is walked without copying any of it.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { redactDeep, redactSecrets } from '../../../src-shared/prompts/rules/redactText';
import { matchSecrets, redaction } from '../../../src-shared/prompts/rules/secrets';
import { fakeSecrets } from '../../support/fakeSecrets';

const fakes = fakeSecrets(7);

test('redactSecrets replaces each secret and keeps the text around it', () => {
  for (const f of fakes) {
    const out = redactSecrets(`before ${f.text} after`);
    assert.ok(!out.includes(f.secret), `${f.name}: ${out}`);
    assert.ok(out.includes(redaction), f.name);
    assert.ok(out.startsWith('before ') && out.endsWith(' after'), `${f.name}: ${out}`);
  }
});

test('redactDeep redacts strings at any depth, and keys', () => {
  const [a, b] = [fakes[0]!, fakes[1]!];
  const value = { name: 'clean', children: [{ detail: `x ${a.text}` }, [b.text]], [`key ${a.text}`]: 1 };
  const out = JSON.stringify(redactDeep(value));
  for (const f of [a, b]) assert.ok(!out.includes(f.secret), out);
  assert.equal(out.split(redaction).length - 1, 3, out);
});

test('redactDeep returns a clean value itself, and copies only the path to a secret', () => {
  const clean = { name: 'user: fix the parser → café «quoted»', range: { start: { line: 1, character: 2 }, end: { line: 3, character: 4 } }, children: [{ name: 'Read', children: [] }] };
  assert.equal(redactDeep(clean), clean);
  const symbols = [clean, { name: `turn ${fakes[2]!.text}`, range: clean.range, children: clean.children }];
  const out = redactDeep(symbols);
  assert.notEqual(out, symbols);
  assert.equal(out[0], clean, 'the clean sibling is kept as it is');
  assert.notEqual(out[1], symbols[1]);
  assert.equal(out[1]!.range, clean.range, 'a clean part of a copied object is kept as it is');
  assert.equal(out[1]!.children, clean.children);
});

test('redactDeep walks own properties only', () => {
  const inherited = Object.create({ note: `x ${fakes[3]!.text}` }) as { own: string };
  inherited.own = 'clean';
  assert.equal(redactDeep(inherited), inherited);
});

test('a string without a secret costs no answer of its own', () => {
  const clean = ['user: render the schema outcome', 'id = "c1c36d92-a5f0-4e02-830f-7af3750810fc"', 'short'];
  const answers = new Set(clean.map(matchSecrets));
  assert.equal(answers.size, 1, 'every clean string gives the same shared empty answer');
  const [none] = answers;
  assert.equal(none!.length, 0);
  assert.ok(Object.isFrozen(none));
});
