// What a provider caches of a shared prefix, by hand at each rule's
// boundary: OpenAI from 1,024 tokens in steps of 128 (1,023 → nothing,
// 1,024 → 1,024, 1,151 → 1,024, 1,152 → 1,152), Anthropic all of a render
// up to its breakpoint or nothing; then the same through real text whose
// tokens are known, and the sentence the preview shows.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { anthropicCaching, appliedMinimum, cachedTokens, openAiCaching } from '../../../../src-shared/pack/tokens/caching';
import { describeTokenCache, tally, tokenCache, type Counter } from '../../../../src-shared/pack/tokens/cache';
import { runToEnd } from '../../../../src-shared/pack/tokens/count';
import { tokenizers } from '../../../../src-shared/pack/tokens/tokenizers';
import { loadEncoder } from '../../../../src-node/tokens/loadEncoder';

test('OpenAI: nothing below 1,024 tokens, then whole steps of 128', () => {
  const cases: [number, number][] = [
    [0, 0],
    [1023, 0],
    [1024, 1024],
    [1025, 1024],
    [1151, 1024],
    [1152, 1152],
    [1279, 1152],
    [1280, 1280],
    [3104, 3072],
    [3990, 3968],
  ];
  for (const [shared, cached] of cases) assert.equal(cachedTokens(openAiCaching, shared, 5000), cached, `${shared} shared`);
});

test('Anthropic: the whole render up to its breakpoint when unchanged and at least the minimum, else nothing', () => {
  const min = appliedMinimum(anthropicCaching);
  assert.equal(min, 1024);
  assert.equal(cachedTokens(anthropicCaching, 1023, 1023), 0);
  assert.equal(cachedTokens(anthropicCaching, 1024, 1024), 1024);
  assert.equal(cachedTokens(anthropicCaching, 1152, 1152), 1152);
  // One changed token anywhere before the breakpoint, and nothing is read from the cache.
  assert.equal(cachedTokens(anthropicCaching, 1151, 1152), 0);
  assert.equal(cachedTokens(anthropicCaching, 4000, 4001), 0);
});

test('every Anthropic row names a model and a minimum, and the applied row is one of them', () => {
  assert.ok(anthropicCaching.models.every((m) => m.model !== '' && m.minimum >= 1024));
  assert.ok(anthropicCaching.models.some((m) => m.model === anthropicCaching.applied));
});

// ` the` is one o200k_base token, and so is `X` after it and ` Y`: a text of exactly n tokens.
const counter: Counter = { tokenizer: tokenizers.o200k_base, encode: loadEncoder('o200k_base') };
const words = (n: number): string => ' the'.repeat(n);

function compare(head: string, current: string) {
  return tokenCache(counter, { text: head, tally: runToEnd(tally(counter, head)) }, { text: current, tally: runToEnd(tally(counter, current)) });
}

test('real text at the boundaries: an edit after 1,023 / 1,024 / 1,151 / 1,152 shared tokens', () => {
  assert.equal(counter.encode!(words(2000)).length, 2000);
  for (const [shared, cached] of [
    [1023, 0],
    [1024, 1024],
    [1151, 1024],
    [1152, 1152],
  ] as const) {
    const head = `${words(shared)} cat${words(1999 - shared)}`;
    const current = `${words(shared)} dog${words(1999 - shared)}`;
    assert.equal(counter.encode!(head).length, 2000);
    const c = compare(head, current);
    assert.equal(c.sharedTokens, shared, `${shared}: shared`);
    assert.equal(c.cached, cached, `${shared}: cached`);
    assert.equal(c.headCached, 1920, `${shared}: HEAD's render, 2,000 tokens, cached to its last whole step`);
  }
});

test("the preview's sentence: the token the edit changes, what stays cached, and what did", () => {
  const head = words(3990);
  const current = `${words(3104)} dog${words(885)}`;
  const c = compare(head, current);
  assert.equal(describeTokenCache(c, true), 'This edit changes token 3,105 of 3,990: 3,072 tokens stay cached (was 3,968).');
  assert.equal(describeTokenCache(compare(head, head), true), 'Unchanged since HEAD: 3,968 tokens stay cached (was 3,968).');
  assert.equal(describeTokenCache(compare(head, `${head} dog`), true), "This edit adds to the end of HEAD's render (3,990 → 3,991 tokens): 3,968 tokens stay cached (was 3,968).");
  assert.equal(describeTokenCache(compare(head, words(1200)), true), "This edit cuts the end of HEAD's render (3,990 → 1,200 tokens): 1,152 tokens stay cached (was 3,968).");
});

test('an estimate says so, and counts characters ÷ 4.4', () => {
  const estimate: Counter = { tokenizer: tokenizers['claude-estimate'], encode: undefined };
  const t = runToEnd(tally(estimate, 'x'.repeat(44)));
  assert.equal(t.total, 10);
  assert.match(tokenizers['claude-estimate'].method!, /estimate/);
  const side = (text: string) => ({ text, tally: runToEnd(tally(estimate, text)) });
  const head = 'x'.repeat(8800);
  // Anthropic's rule: all 2,000 estimated tokens up to the breakpoint, or none once anything before it changes.
  assert.equal(tokenCache(estimate, side(head), side(head)).cached, 2000);
  const edited = tokenCache(estimate, side(head), side(`y${head.slice(1)}`));
  assert.deepEqual({ cached: edited.cached, headCached: edited.headCached }, { cached: 0, headCached: 2000 });
  assert.equal(describeTokenCache(edited, false), 'This edit changes token about 1 of 2,000: about 0 tokens stay cached (was 2,000).');
});
