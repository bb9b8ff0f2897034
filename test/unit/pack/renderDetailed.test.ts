// The preview's render: the same text as render, with where each piece of
// it came from (section and source line), the sections that rendered
// empty, and the placeholders that rendered nothing.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { decode } from '../../../src-shared/pack/decode';
import { environment } from '../../../src-shared/pack/environment';
import type { Pack } from '../../../src-shared/pack/model';
import { maxRenderLength, render, renderDetailed, renderOutcome } from '../../../src-shared/pack/render';
import { range } from '../../../src-shared/text/range';

const env = environment({
  workspace: '/work',
  platform: 'linux',
  shell: 'bash',
  enforcement: 'FullyEnforced',
  network: { posture: 'open' },
});

function pack(text: string): Pack {
  const d = decode(text);
  assert.ok(d.ok);
  return d.pack;
}

const source = [
  '%% loom-prompt-pack 1', // 0
  '%% version v', // 1
  '%% section identity', // 2
  '  You are an agent.   ', // 3
  '%% # aside', // 4
  'Root: {workspace}', // 5
  '%% section empty', // 6
  '{protected}', // 7
  '%% section sandbox', // 8
  'Net: {network} {nope}', // 9
  '%% section _network_open', // 10
  'Open,', // 11
  'on {platform}{tools}.', // 12
].join('\n');

test('spans say which section and source line produced each stretch of the text; neighbours from one line merge', () => {
  const d = renderDetailed(pack(source), env);
  assert.equal(d.text, 'You are an agent.\nRoot: /work\n\nNet: Open,\non linux.');
  const pieces = d.spans.map((s) => [d.text.slice(s.start, s.end), s.section, s.sourceLine]);
  assert.deepEqual(pieces, [
    ['You are an agent.', 'identity', 3],
    ['Root: /work', 'identity', 5],
    ['Net: ', 'sandbox', 9],
    ['Open,', '_network_open', 11],
    ['on linux.', '_network_open', 12],
  ]);
  assert.equal(d.overflow, false);
});

test('droppedSections lists the sections that rendered empty', () => {
  assert.deepEqual(renderDetailed(pack(source), env).droppedSections, ['empty']);
});

test('emptyPlaceholders lists each placeholder that rendered nothing, at its source range, as rendering met it', () => {
  assert.deepEqual(renderDetailed(pack(source), env).emptyPlaceholders, [
    { section: 'empty', name: 'protected', range: range(7, 0, 7, 11) },
    { section: '_network_open', name: 'tools', range: range(12, 13, 12, 20) },
    { section: 'sandbox', name: 'nope', range: range(9, 15, 9, 21) },
  ]);
});

test('the detailed text is render\'s, byte for byte, CRLF and all', () => {
  const crlf = pack(source.replace(/\n/g, '\r\n'));
  assert.equal(renderDetailed(crlf, env).text, render(crlf, env));
  assert.equal(render(crlf, env), render(pack(source), env));
});

test('past maxRenderLength the output is cut and says so, instead of exhausting memory', () => {
  const big = 'x'.repeat(1 << 20);
  const lines = Array.from({ length: 40 }, () => '{network}').join('\n');
  const p = pack(`%% loom-prompt-pack 1\n%% version v\n%% section a\n${lines}\n%% section _network_open\n${big}`);
  const outcome = renderOutcome(p, env);
  assert.equal(outcome.overflow, true);
  assert.equal(outcome.text.length, maxRenderLength);
  assert.equal(render(p, env), outcome.text);
  assert.equal(renderOutcome(pack(source), env).overflow, false);
});
