// The outline and folding ranges of a pack.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { FoldingRangeKind, SymbolKind } from 'vscode-languageserver/node';
import { provideDocumentSymbols, provideFoldingRanges } from '../../../server/src/pack/symbols';
import { packCtx } from './support/context';
import { defaultSettings } from '../../../src-shared/settings';

const text = [
  '%% loom-prompt-pack 1', // 0
  '%% version v1', // 1
  '%% # one', // 2
  '%% # two', // 3
  '', // 4
  '%% section identity', // 5
  'You are an agent.', // 6
  'Be careful.', // 7
  '', // 8
  '%% section house_rules', // 9
  'Mine.', // 10
  '%% section _network_open', // 11
  'Open.', // 12
  '%% section tool_discipline', // 13
].join('\n');

test('one symbol per section and fragment, with its kind and what it is', () => {
  const symbols = provideDocumentSymbols(packCtx(text));
  assert.deepEqual(
    symbols.map((s) => [s.name, s.kind, s.detail, s.range.start.line, s.range.end.line, s.selectionRange.start.character]),
    [
      ['identity', SymbolKind.Module, 'canonical', 5, 8, 11],
      ['house_rules', SymbolKind.Module, 'not canonical', 9, 10, 11],
      ['_network_open', SymbolKind.Function, '{network} when the network is open', 11, 12, 11],
      ['tool_discipline', SymbolKind.Module, 'canonical', 13, 13, 11],
    ],
  );
});

test('a fold per section to its last non-blank line, one per comment run; nothing for a one-line section', () => {
  assert.deepEqual(provideFoldingRanges(packCtx(text)), [
    { startLine: 2, endLine: 3, kind: FoldingRangeKind.Comment },
    { startLine: 5, endLine: 7 },
    { startLine: 9, endLine: 10 },
    { startLine: 11, endLine: 12 },
  ]);
});

test('a corrupt pack still outlines its well-formed sections', () => {
  const symbols = provideDocumentSymbols(packCtx(`${text}\n%% section Bad\nx\n%% section conduct\ny`));
  assert.deepEqual(symbols.map((s) => s.name), ['identity', 'house_rules', '_network_open', 'tool_discipline', 'conduct']);
});

test('an outline of exactly maxItemsComputed sections is whole: no cut note; one section more and the note ends it', () => {
  const at = (limit: number) => provideDocumentSymbols({ ...packCtx(text), settings: { ...defaultSettings, maxItemsComputed: limit } });
  assert.deepEqual(at(4).map((s) => s.name), ['identity', 'house_rules', '_network_open', 'tool_discipline']);
  const cut = at(3);
  assert.deepEqual(cut.slice(0, 3).map((s) => s.name), ['identity', 'house_rules', '_network_open']);
  assert.equal(cut.length, 4);
  assert.equal(cut[3]!.name, 'outline cut at 3 items');
});
