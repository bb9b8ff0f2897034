// Presentation shared by the status bar, the code lens and the preview.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { bindingDocs, describeCondition } from '../../../src-shared/pack/bindingDocs';
import { bindingNames, profileNames, profiles } from '../../../src-shared/pack/profiles';
import { count, estimateTokens, figuresLine, figuresVerdict, formatCount } from '../../../src-shared/pack/summary';

test('the figures line: the split when the pack decodes, the corrupt line count when not', () => {
  assert.equal(figuresLine({ corruptions: 0, corrupting: 0, shaping: 2, scorable: true, profile: 'loom-9' }), 'pack · 0 corrupting · 2 shaping · loom-9');
  assert.equal(figuresLine({ corruptions: 1, corrupting: 0, shaping: 0, scorable: false, profile: 'loom-9' }), 'pack · corrupt (1 line)');
  assert.equal(figuresLine({ corruptions: 3, corrupting: 0, shaping: 0, scorable: false, profile: 'loom-9' }), 'pack · corrupt (3 lines)');
});

test('the verdict says whether the pack is scorable', () => {
  assert.equal(figuresVerdict({ corruptions: 0, corrupting: 0, shaping: 1, scorable: true, profile: 'loom-1' }), 'Scorable: nothing corrupting. 1 shaping problem under loom-1.');
  assert.match(figuresVerdict({ corruptions: 0, corrupting: 2, shaping: 0, scorable: false, profile: 'loom-9' }), /^Not scorable/);
  assert.match(figuresVerdict({ corruptions: 2, corrupting: 0, shaping: 0, scorable: false, profile: 'loom-9' }), /does not decode: 2 corrupt lines/);
});

test('counts group thousands the same way in every locale', () => {
  assert.equal(formatCount(0), '0');
  assert.equal(formatCount(999), '999');
  assert.equal(formatCount(1234567), '1,234,567');
  assert.equal(count(1, 'byte'), '1 byte');
  assert.equal(count(1200, 'byte'), '1,200 bytes');
});

test('the token estimate: code points over 4.4, rounded up', () => {
  assert.equal(estimateTokens(''), 0);
  assert.equal(estimateTokens('abcd'), 1);
  assert.equal(estimateTokens('a'.repeat(44)), 10);
  assert.equal(estimateTokens('a'.repeat(45)), 11);
  // An astral character is one code point, not two.
  assert.equal(estimateTokens('😀'.repeat(44)), 10);
});

test('every binding of every profile has a sentence, and every selector its condition', () => {
  for (const name of profileNames) {
    for (const binding of bindingNames(profiles[name]!)) assert.ok(bindingDocs[binding], `${name}: ${binding}`);
    for (const rule of profiles[name]!.selections) for (const c of rule.cases) assert.equal(typeof describeCondition(c.when), 'string');
  }
});
