// The bundled examples say what the README says they do: the canonical
// pack is complete, the reviewer only shapes, the legacy pack is clean
// under loom-1, and the broken ones fail the way they are meant to.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkPack } from '../../../src-shared/pack/check';
import { decode } from '../../../src-shared/pack/decode';
import { environmentPresets } from '../../../src-shared/pack/presets';
import { renderDetailed } from '../../../src-shared/pack/render';
import type { ProfileName } from '../../../src-shared/settings';
import { examplesDir } from '../../support/paths';

const read = (...p: string[]) => fs.readFileSync(path.join(examplesDir, ...p), 'utf8');
const codes = (text: string, profile: ProfileName = 'loom-9') => checkPack(text, { profile, severity: {} }).map((f) => `${f.severity} ${f.code}`);

test('the canonical pack is complete and renders every section for every preset', () => {
  const text = read('loom-9', 'coding-agent.pack');
  assert.deepEqual(codes(text), []);
  const d = decode(text);
  assert.ok(d.ok);
  for (const preset of environmentPresets) {
    const r = renderDetailed(d.pack, preset.environment);
    const expectedDropped = [
      ...(preset.environment.availableTools.length === 0 ? ['available_tools'] : []),
      ...(preset.environment.repositoryGuidance === null ? ['repository_guidance'] : []),
    ];
    assert.deepEqual(r.droppedSections, expectedDropped, preset.id);
    assert.ok(!r.text.includes('{'), `${preset.id}: no placeholder left`);
  }
});

test('the reviewer pack has shaping warnings only', () => {
  assert.deepEqual(codes(read('loom-9', 'code-reviewer.pack')), [
    'warning pack/missing-section',
    'warning pack/missing-section',
    'warning pack/missing-section',
  ]);
});

test('the legacy pack is clean under loom-1, and not under loom-9', () => {
  const text = read('loom-1', 'legacy-agent.pack');
  assert.deepEqual(codes(text, 'loom-1'), []);
  assert.ok(codes(text).includes('error pack/missing-fragment'));
});

test('the corrupt pack shows several mistakes, each once', () => {
  assert.deepEqual(codes(read('broken', 'corrupt.pack')), [
    'error pack/text-outside-section',
    'error pack/bad-section-name',
    'error pack/unknown-keyword',
    'error pack/duplicate-version',
    'error pack/duplicate-section',
    'error pack/unknown-keyword',
  ]);
});

test('the placeholder-typos pack decodes but is corrupting', () => {
  assert.deepEqual(codes(read('broken', 'placeholder-typos.pack')), [
    'error pack/missing-fragment',
    'error pack/unknown-placeholder',
    'error pack/unknown-placeholder',
  ]);
});
