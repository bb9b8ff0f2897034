// The preview's window on a huge render: the first whole lines within the
// characters asked for, their provenance compacted and expanded back to the
// very spans the whole render has there, and every figure and digest still
// the whole render's.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { decode } from '../../../src-shared/pack/decode';
import { digest } from '../../../src-shared/pack/digest';
import { utf8Length } from '../../../src-shared/text/utf8';
import { environmentPresets } from '../../../src-shared/pack/presets';
import { renderDetailed } from '../../../src-shared/pack/render';
import { expandProvenance, renderWindow } from '../../../src-shared/pack/renderWindow';
import type { RenderedPack } from '../../../src-shared/protocol/pack';

function rendered(text: string): RenderedPack {
  const decoded = decode(text);
  assert.ok(decoded.ok);
  const detail = renderDetailed(decoded.pack, environmentPresets[0]!.environment);
  return {
    kind: 'rendered',
    uri: 'file:///p.pack',
    version: 1,
    environment: { id: 'x', label: 'x' },
    text: detail.text,
    spans: detail.spans,
    sections: [],
    droppedSections: [],
    emptyPlaceholders: [],
    bytes: utf8Length(detail.text),
    tokens: 0,
    digest: digest(text),
    renderDigest: digest(detail.text),
    figures: { corruptions: 0, corrupting: 0, shaping: 0, scorable: true, profile: 'loom-9' },
    overflow: false,
    notes: [],
    budget: null,
  };
}

const sections = Array.from({ length: 300 }, (_, i) => `%% section s${i}\nLine one of ${i} in {workspace}.\nLine two of ${i}, with {shell} and ü.\n`).join('');
const pack = `%% loom-prompt-pack 1\n%% version v1\n${sections}`;

test('a window holds the first whole lines within the limit, with the spans the whole render has there', () => {
  const whole = rendered(pack);
  const window = renderWindow(whole, 1000);
  assert.ok(window.text.length <= 1000 && window.text.length > 900);
  assert.ok(whole.text.startsWith(`${window.text}\n`), 'cut at the end of a line');
  assert.deepEqual(window.spans, []);
  const spans = expandProvenance(window.provenance!);
  assert.deepEqual(spans, whole.spans.filter((s) => s.start < window.text.length));
  assert.deepEqual(window.shown, { chars: window.text.length, lines: window.text.split('\n').length, totalChars: whole.text.length, totalLines: whole.text.split('\n').length });
  // Every figure is the whole render's.
  for (const key of ['bytes', 'renderDigest', 'digest', 'tokens', 'figures'] as const) assert.deepEqual(window[key], whole[key]);
  // Fewer numbers than span objects would take: each section named once.
  assert.ok(window.provenance!.sections.length <= spans.length);
});

test('a render within the limit is sent whole; a single line longer than it is cut inside; nonsense limits never throw', () => {
  const whole = rendered(pack);
  const all = renderWindow(whole, whole.text.length);
  assert.equal(all.text, whole.text);
  assert.equal(all.shown!.chars, all.shown!.totalChars);
  assert.deepEqual(expandProvenance(all.provenance!), whole.spans);
  const oneLine = rendered(`%% loom-prompt-pack 1\n%% version v1\n%% section a\n${'word {workspace} '.repeat(200)}\n`);
  assert.equal(renderWindow(oneLine, 50).text, oneLine.text.slice(0, 50));
  for (const limit of [0, -5, Number.NaN, 1.5]) assert.doesNotThrow(() => renderWindow(whole, limit));
});
