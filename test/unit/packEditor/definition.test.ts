// Navigation: a selection placeholder to the fragments it can render, a
// fragment to the placeholders that select it.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { provideDefinition, provideReferences } from '../../../server/src/pack/definition';
import { packCtx, packText, positionOf, uri } from './support/context';

const text = packText(
  ['sandbox', '{enforcement}\n\n{network} and {shell}'],
  ['conduct', 'Again: {network}'],
  ['_network_blocked', 'No network.'],
  ['_network_open', 'Open.'],
  ['_enforcement_enforced', 'Jailed.'],
);
const ctx = packCtx(text);
const lineOf = (needle: string) => positionOf(text, needle).line;

test('definition of a selection placeholder: every fragment of its rule that the pack has', () => {
  const found = provideDefinition(ctx, positionOf(text, '{network}', 3));
  assert.deepEqual(
    found.map((l) => [l.uri, l.range.start.line]),
    [
      [uri, lineOf('%% section _network_blocked')],
      [uri, lineOf('%% section _network_open')],
    ],
  );
  assert.equal(found[0]!.range.end.character, '%% section _network_blocked'.length);
});

test('a literal placeholder, plain text and unknown names have no definition', () => {
  assert.deepEqual(provideDefinition(ctx, positionOf(text, '{shell}', 2)), []);
  assert.deepEqual(provideDefinition(ctx, positionOf(text, 'Again', 1)), []);
});

test('references of a fragment: the placeholders that select it, and the fragment when asked', () => {
  const at = positionOf(text, '%% section _network_open', 14);
  const refs = provideReferences(ctx, at, false);
  assert.deepEqual(
    refs.map((l) => [l.range.start, l.range.end.character - l.range.start.character]),
    [
      [positionOf(text, '{network}'), 9],
      [positionOf(text, '{network}', 0, 1), 9],
    ],
  );
  assert.equal(provideReferences(ctx, at, true)[0]!.range.start.line, lineOf('%% section _network_open'));
});

test('references of a placeholder: its namesakes (and with declarations, the fragments)', () => {
  const refs = provideReferences(ctx, positionOf(text, '{network}', 1, 1), false);
  assert.equal(refs.length, 2);
  assert.equal(provideReferences(ctx, positionOf(text, '{network}', 1), true).length, 4);
  assert.deepEqual(provideReferences(ctx, positionOf(text, '%% section sandbox', 12), true), []);
});
