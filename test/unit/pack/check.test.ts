// checkPack: what the editor shows for a pack. Corrupt lines as errors on
// their lines, one code per kind; for a pack that decodes, assess's
// problems at the place a fix goes, with the facts a quick fix needs; the
// user's severity overrides and profile.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkPack, type UnknownPlaceholderData } from '../../../src-shared/pack/check';
import { corruptionKinds } from '../../../src-shared/pack/corruption';
import { profiles } from '../../../src-shared/pack/profiles';
import type { PackSettings } from '../../../src-shared/settings';
import { range } from '../../../src-shared/text/range';

const settings: PackSettings = { profile: 'loom-9', severity: {}, maxRenderBytes: null, tokenizer: 'o200k_base' };
const head = '%% loom-prompt-pack 1\n%% version v1\n';
const completeBody = (except: string[] = []) =>
  [...profiles['loom-9'].canonicalSections, ...profiles['loom-9'].requiredFragments]
    .filter((n) => !except.includes(n))
    .map((n) => `%% section ${n}\ntext\n`)
    .join('');

test('every corruption kind has its own pack/ code', () => {
  const codes = Object.values(corruptionKinds).map((k) => k.code);
  assert.equal(new Set(codes).size, codes.length);
  for (const c of codes) assert.match(c, /^pack\/[a-z]+(-[a-z]+)*$/);
});

test('corrupt lines are errors on their line, with upstream\'s words', () => {
  const findings = checkPack(`${head}%% section Identity\nbody\n%% include x\n`, settings);
  assert.deepEqual(
    findings.map((f) => [f.range, f.severity, f.code, f.message]),
    [
      [range(2, 0, 2, 19), 'error', 'pack/bad-section-name', 'expected a section name of 1-64 characters from [a-z0-9_], got: Identity'],
      [range(4, 0, 4, 12), 'error', 'pack/unknown-keyword', 'expected one of `loom-prompt-pack`, `version`, `section`, got: include x'],
    ],
  );
});

test('whole-pack reports sit on the first line; related lines come along', () => {
  assert.deepEqual(
    checkPack('%% loom-prompt-pack 1\n', settings).map((f) => [f.range, f.code]),
    [[range(0, 0, 0, 21), 'pack/missing-version']],
  );
  const dup = checkPack(`${head}%% section a\nx\n%% section a\ny`, settings);
  assert.deepEqual(dup[0]!.related, [{ range: range(2, 0, 2, 12), message: '`a` is first opened here' }]);
});

test('a corrupt pack gets no assess findings: those need a pack that decodes', () => {
  const codes = checkPack(`${head}%% section identity\n{platfrom}\n%%\n`, settings).map((f) => f.code);
  assert.deepEqual(codes, ['pack/unknown-keyword']);
});

test('a complete pack has no findings', () => {
  assert.deepEqual(checkPack(head + completeBody(), settings), []);
});

test('unknown placeholders are errors at every occurrence, with the closest binding for a quick fix', () => {
  const text = `${head}${completeBody(['environment'])}%% section environment\nPlatform: {platfrom}\n  and {platfrom} again, {current_time}\n`;
  const found = checkPack(text, settings);
  const line = text.split('\n').indexOf('Platform: {platfrom}');
  assert.deepEqual(
    found.map((f) => [f.range, f.severity, f.code]),
    [
      [range(line, 10, line, 20), 'error', 'pack/unknown-placeholder'],
      [range(line + 1, 6, line + 1, 16), 'error', 'pack/unknown-placeholder'],
      [range(line + 1, 24, line + 1, 38), 'error', 'pack/unknown-placeholder'],
    ],
  );
  assert.equal(found[0]!.message, 'unknown placeholder `{platfrom}`: loom-9 binds no such name, so it renders empty (did you mean `{platform}`?)');
  assert.deepEqual(found[0]!.data as UnknownPlaceholderData, { name: 'platfrom', section: 'environment', closest: 'platform', distance: 1 });
  assert.equal(found[2]!.message, 'unknown placeholder `{current_time}`: loom-9 binds no such name, so it renders empty', 'no suggestion when nothing is close');
});

test('a missing fragment is an error and a missing section a warning, both on the version line', () => {
  const found = checkPack(head + completeBody(['conduct', '_network_open']), settings);
  assert.deepEqual(
    found.map((f) => [f.range, f.severity, f.code, f.data]),
    [
      [range(1, 0, 1, 13), 'error', 'pack/missing-fragment', { name: '_network_open' }],
      [range(1, 0, 1, 13), 'warning', 'pack/missing-section', { name: 'conduct' }],
    ],
  );
  assert.equal(found[0]!.message, 'missing fragment `_network_open`: `{network}` renders nothing when the network is open');
  assert.equal(found[1]!.message, 'missing section `conduct` (canonical in loom-9)');
});

test('severity overrides apply per code, and off removes the finding', () => {
  const text = head + completeBody(['conduct', '_network_open']);
  const overridden = checkPack(text, { profile: 'loom-9', severity: { 'pack/missing-section': 'off', 'pack/missing-fragment': 'warning' } });
  assert.deepEqual(
    overridden.map((f) => [f.code, f.severity]),
    [['pack/missing-fragment', 'warning']],
  );
  const corrupt = checkPack(`${head}%%\n`, { profile: 'loom-9', severity: { 'pack/unknown-keyword': 'information' } });
  assert.equal(corrupt[0]!.severity, 'information');
});

test('the profile setting decides what is missing and what is bound', () => {
  const text = `${head}${completeBody(['environment'])}%% section environment\n{available_tools_list} {available_tools}\n`;
  assert.deepEqual(checkPack(text, settings), []);
  const legacy = checkPack(text, { profile: 'loom-1', severity: {} }).map((f) => [f.code, (f.data as { name: string }).name]);
  assert.deepEqual(legacy, [
    ['pack/missing-fragment', '_repository_guidance_truncated'],
    ['pack/unknown-placeholder', 'available_tools_list'],
    ['pack/unknown-placeholder', 'available_tools'],
  ]);
});

test('findings come in reading order', () => {
  const found = checkPack(`${head}%% section identity\n{zz} {aa}\n`, settings);
  const positions = found.map((f) => [f.range.start.line, f.range.start.character]);
  assert.deepEqual(positions, [...positions].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
});

test('checkPack is total', () => {
  assert.ok(Array.isArray(checkPack(undefined as unknown as string, undefined as unknown as PackSettings)));
});
