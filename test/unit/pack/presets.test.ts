// The built-in environment presets: a table the command line and the
// preview share, covering every posture with and without the optional facts.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { enforcements, networkPostures } from '../../../src-shared/pack/environment';
import { environmentPresets, findPreset } from '../../../src-shared/pack/presets';

test('ids are short, kebab-case and unique; every preset has a human name', () => {
  const ids = environmentPresets.map((p) => p.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const p of environmentPresets) {
    assert.match(p.id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(p.id.length <= 30, p.id);
    assert.ok(p.name.length > 10, p.id);
  }
  assert.equal(findPreset(ids[0]!), environmentPresets[0]);
  assert.equal(findPreset('nope'), undefined);
});

test('together they cover every enforcement and network posture', () => {
  assert.deepEqual(new Set(environmentPresets.map((p) => p.environment.enforcement)), new Set(enforcements));
  assert.deepEqual(new Set(environmentPresets.map((p) => p.environment.network.posture)), new Set(networkPostures));
});

test('with and without tools, tool snippets, protected paths and guidance', () => {
  const has = (f: (p: (typeof environmentPresets)[number]) => boolean) => [true, false].every((want) => environmentPresets.some((p) => f(p) === want));
  assert.ok(has((p) => p.environment.tools.length > 0));
  assert.ok(has((p) => p.environment.availableTools.length > 0));
  assert.ok(has((p) => p.environment.protectedPaths.length > 0));
  assert.ok(has((p) => p.environment.repositoryGuidance !== null));
});
