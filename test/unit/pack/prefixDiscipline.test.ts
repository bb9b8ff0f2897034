// Render discipline on decoded packs, no git: a render that changed under
// the same version warns on the version line (with the bumped id in its
// data), in whichever environment it changed; an edit the render drops
// warns about nothing; a bumped version silences it; a render over the
// byte budget warns, naming environments and sizes; severities apply.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { decode } from '../../../src-shared/pack/decode';
import { environment } from '../../../src-shared/pack/environment';
import type { Pack } from '../../../src-shared/pack/model';
import { profileOf } from '../../../src-shared/pack/profiles';
import { utf8Length } from '../../../src-shared/text/utf8';
import { render } from '../../../src-shared/pack/render';
import { checkRenderDiscipline, presetEnvironments, type JudgedEnvironment, type RenderDisciplineInput } from '../../../src-shared/pack/renderDiscipline';

const committed = `%% loom-prompt-pack 1
%% version agent-7
%% # Sections render in file order.
%% section identity
You are the agent.

%% section sandbox
{enforcement}

%% section _enforcement_enforced
Commands run in an enforced sandbox.

%% section _enforcement_best_effort
The sandbox is best effort: be careful.
`;

function packOf(text: string): Pack {
  const d = decode(text);
  assert.ok(d.ok, 'decodes');
  return d.pack;
}

function judge(current: string, overrides: Partial<RenderDisciplineInput> = {}) {
  return checkRenderDiscipline({
    current: packOf(current),
    baseline: packOf(committed),
    environments: presetEnvironments,
    profile: profileOf('loom-9'),
    settings: { severity: {}, maxRenderBytes: null },
    ...overrides,
  });
}

const enforcedPresets = presetEnvironments.filter((e) => e.environment.enforcement === 'FullyEnforced').map((e) => e.id);

test('an edited body under the same version: a warning on the version line, with the bump in its data', () => {
  const findings = judge(committed.replace('You are the agent.', 'You are the coding agent.'));
  assert.equal(findings.length, 1);
  const f = findings[0]!;
  assert.equal(f.code, 'pack/render-changed-version-unchanged');
  assert.equal(f.severity, 'warning');
  assert.deepEqual(f.range, { start: { line: 1, character: 0 }, end: { line: 1, character: '%% version agent-7'.length } });
  assert.match(f.message, /^the render changed but the version did not: `agent-7` is HEAD's version too/);
  assert.match(f.message, /and 3 more \(6 of 6 environments\)$/);
  assert.deepEqual(f.data, { version: 'agent-7', bumped: 'agent-8', environments: presetEnvironments.map((e) => e.id) });
});

test('a comment or whitespace the render drops changes nothing: no warning', () => {
  assert.deepEqual(judge(committed.replace('%% # Sections render in file order.', '%% # Reworded comment.')), []);
  assert.deepEqual(judge(committed.replace('You are the agent.', '   You are the agent.   \n\n\n')), []);
  assert.deepEqual(judge(committed.replace('%% section sandbox', '%% # new comment\n%% section sandbox')), []);
});

test('a fragment only one posture selects: the warning names only the environments that render it', () => {
  const findings = judge(committed.replace('Commands run in an enforced sandbox.', 'Commands run in a locked sandbox.'));
  assert.equal(findings.length, 1);
  assert.deepEqual((findings[0]!.data as { environments: string[] }).environments, enforcedPresets);
  assert.ok(enforcedPresets.length > 0 && enforcedPresets.length < presetEnvironments.length);
  assert.match(findings[0]!.message, new RegExp(`\\(${enforcedPresets.length} of 6 environments\\)$`));
});

test('the version bumped with the edit: no warning; no baseline: no warning', () => {
  const edited = committed.replace('You are the agent.', 'You are the coding agent.');
  assert.deepEqual(judge(edited.replace('%% version agent-7', '%% version agent-8')), []);
  assert.deepEqual(judge(edited, { baseline: undefined }), []);
});

test('a workspace environment counts like a preset', () => {
  const degraded: JudgedEnvironment = {
    id: 'file:///w/degraded.packenv.json',
    label: 'Degraded box',
    environment: environment({ workspace: '/w', platform: 'linux', shell: 'sh', enforcement: 'DegradedRefusing', network: { posture: 'open' } }),
  };
  const withDegraded = committed.replace('%% section _enforcement_best_effort', '%% section _enforcement_degraded\nRefuse risky commands.\n\n%% section _enforcement_best_effort');
  // Judged without the one degraded preset: only the workspace file renders the new fragment.
  const environments = [...presetEnvironments.filter((e) => e.environment.enforcement !== 'DegradedRefusing'), degraded];
  const findings = judge(withDegraded, { environments });
  assert.equal(findings.length, 1);
  assert.deepEqual((findings[0]!.data as { environments: string[] }).environments, [degraded.id]);
  assert.match(findings[0]!.message, /differs from HEAD's in "Degraded box" \(1 of 6 environments\)$/);
});

test('over the byte budget: one warning naming each environment over it and its size, largest first', () => {
  const text = committed.replace('You are the agent.', `You are the agent. ${'ü'.repeat(40)}`);
  const pack = packOf(text);
  const sizes = presetEnvironments.map((e) => ({ id: e.id, label: e.label, bytes: utf8Length(render(pack, e.environment)) }));
  const budget = Math.min(...sizes.map((s) => s.bytes));
  const findings = judge(text, { baseline: undefined, settings: { severity: {}, maxRenderBytes: budget } });
  assert.equal(findings.length, 1);
  const f = findings[0]!;
  assert.equal(f.code, 'pack/render-over-budget');
  assert.equal(f.range.start.line, 1);
  const over = sizes.filter((s) => s.bytes > budget).sort((a, b) => b.bytes - a.bytes);
  assert.ok(over.length > 0);
  assert.deepEqual(f.data, { budget, over });
  assert.equal(f.message, `the render is over the budget of ${budget} bytes: ${over.map((o) => `${o.bytes} bytes in ${o.label}`).join('; ')}`);
  assert.deepEqual(judge(text, { baseline: undefined, settings: { severity: {}, maxRenderBytes: Math.max(...sizes.map((s) => s.bytes)) } }), [], 'at the budget is within it');
  assert.deepEqual(judge(text, { baseline: undefined, settings: { severity: {}, maxRenderBytes: null } }), []);
});

test('the user\'s severities apply to both codes', () => {
  const edited = committed.replace('You are the agent.', 'You are the coding agent.');
  const settings = { severity: { 'pack/render-changed-version-unchanged': 'error', 'pack/render-over-budget': 'off' } as const, maxRenderBytes: 1 };
  const findings = judge(edited, { settings });
  assert.deepEqual(
    findings.map((f) => [f.code, f.severity]),
    [['pack/render-changed-version-unchanged', 'error']],
  );
});

test('the injected renderer is what is compared (the server passes its caches)', () => {
  const calls: string[] = [];
  const findings = judge(committed, {
    environments: presetEnvironments.slice(0, 2),
    render: (pack, side, e) => {
      calls.push(`${side} ${e.id}`);
      return side === 'baseline' ? 'old' : render(pack, e.environment);
    },
  });
  assert.equal(findings.length, 1);
  assert.deepEqual(calls.sort(), [...presetEnvironments.slice(0, 2).flatMap((e) => [`baseline ${e.id}`, `current ${e.id}`])].sort());
});
