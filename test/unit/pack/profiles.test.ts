// The two profiles as tables, and what loom-1 does differently: its lists,
// no PlatformEnforced, no tool-snippet bindings, and capped guidance.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { environment, type EnvironmentInput } from '../../../src-shared/pack/environment';
import { problems } from '../../../src-shared/pack/problems';
import { bindingNames, profileOf, profiles } from '../../../src-shared/pack/profiles';
import { render } from '../../../src-shared/pack/render';
import { packOf } from './support/packs';

const base: EnvironmentInput = {
  workspace: '/w',
  platform: 'p',
  shell: 's',
  availableTools: ['read: r'],
  enforcement: 'FullyEnforced',
  network: { posture: 'open' },
};

const pack = packOf;

test('loom-9: the lists of FORMATS.md A.6, and the 13 bindings of A.4', () => {
  const p = profiles['loom-9'];
  assert.deepEqual(p.canonicalSections, ['identity', 'tool_discipline', 'available_tools', 'delegation', 'conduct', 'environment', 'sandbox', 'repository_guidance']);
  assert.deepEqual(p.requiredFragments, [
    '_enforcement_enforced',
    '_enforcement_platform',
    '_enforcement_degraded',
    '_enforcement_best_effort',
    '_network_blocked',
    '_network_proxied',
    '_network_open',
    '_protected_paths',
    '_available_tools',
    '_repository_guidance',
  ]);
  assert.deepEqual(
    [...bindingNames(p)].sort(),
    ['available_tools', 'available_tools_list', 'enforcement', 'network', 'network_allow', 'platform', 'protected', 'protected_paths', 'repository_guidance', 'repository_guidance_text', 'shell', 'tools', 'workspace'],
  );
  assert.equal(p.guidanceCap, null);
});

test('loom-1: no available_tools section, fragments without platform and snippets but with the truncation notice', () => {
  const p = profiles['loom-1'];
  assert.deepEqual(p.canonicalSections, profiles['loom-9'].canonicalSections.filter((s) => s !== 'available_tools'));
  assert.deepEqual(p.requiredFragments, [
    '_enforcement_enforced',
    '_enforcement_degraded',
    '_enforcement_best_effort',
    '_network_blocked',
    '_network_proxied',
    '_network_open',
    '_protected_paths',
    '_repository_guidance',
    '_repository_guidance_truncated',
  ]);
  assert.equal(bindingNames(p).length, 11);
  assert.ok(!bindingNames(p).includes('available_tools') && !bindingNames(p).includes('available_tools_list'));
  assert.deepEqual(p.enforcements, ['FullyEnforced', 'DegradedRefusing', 'BestEffort']);
});

test('every fragment a selection can choose is a required fragment of its profile', () => {
  for (const p of Object.values(profiles)) {
    for (const rule of p.selections) for (const { fragment: f } of rule.cases) assert.ok(p.requiredFragments.includes(f) || p.requiredWhenUsed.some((r) => r.fragments.includes(f)), `${p.name}: ${f}`);
  }
});

test('loom-1 has no PlatformEnforced: {enforcement} renders empty for it', () => {
  const p = pack(['sandbox', '[{enforcement}]'], ['_enforcement_platform', 'PLATFORM'], ['_enforcement_enforced', 'FULL']);
  assert.equal(render(p, environment({ ...base, enforcement: 'PlatformEnforced' }), 'loom-1'), '[]');
  assert.equal(render(p, environment({ ...base, enforcement: 'PlatformEnforced' }), 'loom-9'), '[PLATFORM]');
  assert.equal(render(p, environment(base), 'loom-1'), '[FULL]');
});

test('loom-1 does not bind the tool snippets: they render empty and are unknown placeholders', () => {
  const p = pack(['available_tools', '[{available_tools}|{available_tools_list}]'], ['_available_tools', 'TOOLS']);
  assert.equal(render(p, environment(base), 'loom-1'), '[|]');
  assert.equal(render(p, environment(base), 'loom-9'), '[TOOLS|- read: r]');
  const unknown = problems(p, 'loom-1').filter((q) => q.kind === 'UnknownPlaceholder');
  assert.deepEqual(unknown, [
    { kind: 'UnknownPlaceholder', section: 'available_tools', name: 'available_tools' },
    { kind: 'UnknownPlaceholder', section: 'available_tools', name: 'available_tools_list' },
  ]);
});

const guidancePack = pack(['g', '{repository_guidance_text}'], ['_repository_guidance_truncated', '[cut: see {workspace}]']);
const guide = (text: string, profile: 'loom-1' | 'loom-9' = 'loom-1') => render(guidancePack, environment({ ...base, repositoryGuidance: text }), profile);

test('loom-1 caps guidance at 16,384 bytes on a line boundary and announces the cut with the fragment\'s raw body', () => {
  const line = 'x'.repeat(99); // 100 bytes with its newline
  const text = Array.from({ length: 200 }, () => line).join('\n');
  const kept = Array.from({ length: 163 }, () => line).join('\n');
  assert.equal(guide(text), `${kept}\n\n[cut: see {workspace}]`, 'the fragment is not substituted: guidance is never re-scanned');
  assert.equal(guide(text, 'loom-9'), text, 'loom-9 inserts guidance whole');
});

test('the cap counts UTF-8 bytes, and every line (the last one too) costs its bytes plus one', () => {
  assert.ok(guide('a'.repeat(16383)) === 'a'.repeat(16383), '16,383 bytes + 1 fits exactly');
  assert.equal(guide('a'.repeat(16384)), '[cut: see {workspace}]', 'one line that alone exceeds the budget keeps nothing');
  assert.ok(guide(`${'a'.repeat(16382)}\n`) === 'a'.repeat(16382), 'a final empty line costs one byte, and fits');
  assert.ok(guide(`${'a'.repeat(16383)}\n`) === `${'a'.repeat(16383)}\n\n[cut: see {workspace}]`, '...or does not');
  assert.ok(guide('é'.repeat(8191)) === 'é'.repeat(8191), '16,382 bytes in 8,191 characters');
  assert.equal(guide(`ok\n${'é'.repeat(8191)}`), 'ok\n\n[cut: see {workspace}]', '3 + 16,383 bytes do not fit');
});

test('a cut without a truncation fragment is followed by nothing but the blank line, which tidy removes', () => {
  const p = pack(['g', '{repository_guidance_text}']);
  assert.equal(render(p, environment({ ...base, repositoryGuidance: `keep\n${'z'.repeat(20000)}` }), 'loom-1'), 'keep');
});

test('an unknown profile name falls back to the default', () => {
  assert.equal(profileOf('loom-7' as never).name, 'loom-9');
});
