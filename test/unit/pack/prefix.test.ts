// The common prefix of two renders in UTF-8 bytes (whole characters only,
// non-ASCII and astral text included), its share of the current render,
// and the first differing line traced through the render's spans to the
// pack line that produced it.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { decode } from '../../../src-shared/pack/decode';
import { environmentPresets } from '../../../src-shared/pack/presets';
import { commonPrefix, compareRenders, firstDifference, formatBudget, formatShare } from '../../../src-shared/pack/prefix';
import { renderDetailed } from '../../../src-shared/pack/render';

test('the common prefix counts UTF-8 bytes of the shared start', () => {
  assert.deepEqual(commonPrefix('abcdef', 'abcxyz'), { length: 3, bytes: 3, total: 6, share: 0.5 });
  // `ü` is 2 bytes, `→` 3, `😀` 4 (and 2 UTF-16 units).
  const p = commonPrefix('Grüße → 😀 a', 'Grüße → 😀 b');
  assert.equal(p.length, 'Grüße → 😀 '.length);
  assert.equal(p.bytes, Buffer.byteLength('Grüße → 😀 '));
  assert.equal(p.total, Buffer.byteLength('Grüße → 😀 b'));
  assert.equal(p.share, p.bytes / p.total);
});

test('a character is never split: `é` and `è` share a lead byte, two emoji share a high surrogate, neither counts', () => {
  assert.equal(Buffer.from('é')[0], Buffer.from('è')[0]);
  assert.deepEqual(commonPrefix('caé', 'caè'), { length: 2, bytes: 2, total: 4, share: 0.5 });
  assert.equal('😀'.charCodeAt(0), '😁'.charCodeAt(0));
  const p = commonPrefix('x😀', 'x😁');
  assert.equal(p.length, 1);
  assert.equal(p.bytes, 1);
  assert.equal(p.total, 5);
});

test('equal renders share everything; an empty current render shares all of nothing', () => {
  assert.deepEqual(commonPrefix('ünchanged', 'ünchanged'), { length: 9, bytes: 10, total: 10, share: 1 });
  assert.deepEqual(commonPrefix('was something', ''), { length: 0, bytes: 0, total: 0, share: 1 });
  assert.deepEqual(commonPrefix('', 'new'), { length: 0, bytes: 0, total: 3, share: 0 });
  // Text appended: the whole old render is still a prefix.
  assert.deepEqual(commonPrefix('ab', 'abcd'), { length: 2, bytes: 2, total: 4, share: 0.5 });
});

test('property: the prefix is a real shared prefix, on a character boundary, and maximal', () => {
  const text = fc.string({ unit: fc.constantFrom('a', 'b', 'é', 'è', '😀', '😁', '\n', '→') });
  fc.assert(
    fc.property(text, text, (a, b) => {
      const p = commonPrefix(a, b);
      assert.equal(a.slice(0, p.length), b.slice(0, p.length));
      assert.equal(p.bytes, Buffer.byteLength(b.slice(0, p.length)));
      assert.equal(p.total, Buffer.byteLength(b));
      const codePointsA = [...a];
      const codePointsB = [...b];
      let n = 0;
      while (n < codePointsA.length && n < codePointsB.length && codePointsA[n] === codePointsB[n]) n++;
      assert.equal(p.length, codePointsB.slice(0, n).join('').length);
      assert.ok(p.share >= 0 && p.share <= 1);
    }),
  );
});

const pack = `%% loom-prompt-pack 1
%% version v1
%% section identity
You are the agent.
Be brief.

%% section conduct
Say what you did.
Platform: {platform}
`;

function detailed(text: string) {
  const d = decode(text);
  assert.ok(d.ok);
  return renderDetailed(d.pack, environmentPresets[0]!.environment);
}

test('the first difference: its render line and column, both lines, and the pack line that produced it', () => {
  const head = detailed(pack);
  const edited = pack.replace('Say what you did.', 'Say what you changed.');
  const current = detailed(edited);
  assert.deepEqual(firstDifference(head.text, current.text, current.spans), {
    line: 3,
    column: 'Say what you '.length,
    text: 'Say what you changed.',
    headText: 'Say what you did.',
    source: { section: 'conduct', line: 7 },
  });
  assert.equal(firstDifference(head.text, head.text, head.spans), undefined);
});

test('a line removed at the end of a section: the difference is the blank line left, traced to the pack line before the cut', () => {
  const head = detailed(pack);
  const current = detailed(pack.replace('Be brief.\n', ''));
  assert.deepEqual(firstDifference(head.text, current.text, current.spans), {
    line: 1,
    column: 0,
    text: '',
    headText: 'Be brief.',
    source: { section: 'identity', line: 3 },
  });
});

test('text cut from the end of the render: the difference sits after the last line, traced to it', () => {
  const head = detailed(pack);
  const current = detailed(pack.replace('Platform: {platform}\n', ''));
  const d = firstDifference(head.text, current.text, current.spans)!;
  assert.equal(d.line, 3);
  assert.equal(d.text, 'Say what you did.');
  assert.deepEqual(d.source, { section: 'conduct', line: 7 });
});

test('a value that changed inside a placeholder is traced to the line with the placeholder', () => {
  const d = decode(pack);
  assert.ok(d.ok);
  const head = renderDetailed(d.pack, environmentPresets[0]!.environment);
  const current = renderDetailed(d.pack, environmentPresets[2]!.environment);
  const difference = firstDifference(head.text, current.text, current.spans)!;
  assert.equal(difference.text, `Platform: ${environmentPresets[2]!.environment.platform}`);
  assert.deepEqual(difference.source, { section: 'conduct', line: 8 });
});

test('compareRenders: changed or not, the versions, the bytes and the share', () => {
  const head = detailed(pack);
  const same = compareRenders({ version: 'v1', text: head.text }, { version: 'v1', text: head.text, spans: head.spans });
  assert.deepEqual(same, { kind: 'compared', changed: false, headVersion: 'v1', version: 'v1', versionChanged: false, commonBytes: Buffer.byteLength(head.text), share: 1, headBytes: Buffer.byteLength(head.text) });
  const current = detailed(pack.replace('You are the agent.', 'You are the ägent.'));
  const changed = compareRenders({ version: 'v1', text: head.text }, { version: 'v2', text: current.text, spans: current.spans });
  assert.equal(changed.kind, 'compared');
  if (changed.kind !== 'compared') return;
  assert.equal(changed.changed, true);
  assert.equal(changed.versionChanged, true);
  assert.equal(changed.commonBytes, 'You are the '.length);
  assert.equal(changed.share, 'You are the '.length / Buffer.byteLength(current.text));
  assert.deepEqual(changed.firstDifference?.source, { section: 'identity', line: 3 });
});

test('the preview\'s figures: the share rounded down to one decimal (100.0% only when all is shared), the size against the budget', () => {
  assert.equal(formatShare(1), '100.0%');
  assert.equal(formatShare(0.99999), '99.9%');
  assert.equal(formatShare(407 / 709), '57.4%');
  assert.equal(formatShare(0), '0.0%');
  assert.equal(formatBudget(12345, 16000), '12,345 / 16,000 bytes');
  assert.equal(formatBudget(999, 1000), '999 / 1,000 bytes');
});
