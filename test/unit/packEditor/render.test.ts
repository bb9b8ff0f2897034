// The server's answers to `packs/render` and `packs/summary`, on in-memory
// documents: the core's render with its figures, or upstream's report.

import { enforcements } from '../../../src-shared/pack/environment';
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { decode } from '../../../src-shared/pack/decode';
import { digest } from '../../../src-shared/pack/digest';
import { utf8Length } from '../../../src-shared/text/utf8';
import { render } from '../../../src-shared/pack/render';
import { estimateTokens } from '../../../src-shared/pack/summary';
import { provideRender, provideSummary } from '../../../server/src/pack/render';
import { environmentPresets } from '../../../src-shared/pack/presets';
import { renderWindow } from '../../../src-shared/pack/renderWindow';
import { examplesDir } from '../../support/paths';
import { packCtx, packText, presetEnvironment } from './support/context';

const agent = readFileSync(path.join(examplesDir, 'loom-9', 'coding-agent.pack'), 'utf8');

test('a decoding pack renders as the core renders it, with its figures', () => {
  const ctx = packCtx(agent, { preset: 'ci-platform-proxied' });
  const result = provideRender(ctx);
  assert.equal(result.kind, 'rendered');
  if (result.kind !== 'rendered') return;
  const d = decode(agent);
  assert.ok(d.ok);
  const expected = render(d.pack, presetEnvironment('ci-platform-proxied').environment);
  assert.equal(result.text, expected);
  assert.equal(result.bytes, utf8Length(expected));
  assert.equal(result.tokens, estimateTokens(expected));
  assert.equal(result.digest, digest(agent));
  assert.equal(result.renderDigest, digest(expected));
  assert.deepEqual(result.environment, { id: 'preset:ci-platform-proxied', label: presetEnvironment('ci-platform-proxied').label });
  assert.deepEqual(result.figures, { corruptions: 0, corrupting: 0, shaping: 0, scorable: true, profile: 'loom-9', profileNote: 'loom-9 (the default)', postures: [...enforcements] });
  assert.deepEqual(result.notes, []);
  assert.equal(result.overflow, false);
  assert.equal(result.sections.length, d.pack.sections.length);
  assert.deepEqual(result.sections[0], { name: 'identity', isFragment: false, line: 6, endLine: 14 });
});

test('every span points at a line of its section or fragment, and covers text that is really there', () => {
  const result = provideRender(packCtx(agent, { preset: 'devcontainer-best-effort' }));
  assert.equal(result.kind, 'rendered');
  if (result.kind !== 'rendered') return;
  const lines = agent.split('\n');
  for (const span of result.spans) {
    const section = result.sections.find((s) => s.name === span.section)!;
    assert.ok(section.line < span.sourceLine && span.sourceLine <= section.endLine, `${span.section}:${span.sourceLine}`);
    const piece = result.text.slice(span.start, span.end);
    // Text from the pack is on its line; text from the environment (a value) is not, and is attributed to the placeholder's line.
    assert.ok(lines[span.sourceLine]!.includes(piece) || /\{[a-z_]+\}/.test(lines[span.sourceLine]!), `${JSON.stringify(piece)} from line ${span.sourceLine}`);
  }
});

test('another environment can be asked for without changing the pack\'s own', () => {
  const ctx = packCtx(agent, { preset: 'linux-enforced-offline' });
  const other = provideRender(ctx, presetEnvironment('self-test-offline'));
  assert.equal(other.kind === 'rendered' && other.environment.id, 'preset:self-test-offline');
  assert.equal(provideSummary(ctx).environment.id, 'preset:linux-enforced-offline');
});

test('dropped sections and empty placeholders are listed', () => {
  const text = packText(['identity', 'Hi {protected}'], ['repository_guidance', '{repository_guidance}']);
  const result = provideRender(packCtx(text, { preset: 'self-test-offline' }));
  assert.ok(result.kind === 'rendered');
  assert.deepEqual(result.droppedSections, ['repository_guidance']);
  assert.deepEqual(result.emptyPlaceholders.map((p) => `${p.section}:{${p.name}}`), ['identity:{protected}', 'repository_guidance:{repository_guidance}']);
});

test('a posture the profile lacks is noted', () => {
  const result = provideRender(packCtx(packText(['identity', '{enforcement}']), { profile: 'loom-1', preset: 'ci-platform-proxied' }));
  assert.ok(result.kind === 'rendered');
  assert.deepEqual(result.notes, ['loom-1 has no PlatformEnforced posture, so {enforcement} renders empty']);
});

test('a corrupt pack answers with upstream\'s report for its first corrupt line', () => {
  const text = '%% loom-prompt-pack 1\n%% version v1\n%% section ok\nfine\n%% section Bad\n';
  const result = provideRender(packCtx(text));
  assert.equal(result.kind, 'corrupt');
  if (result.kind !== 'corrupt') return;
  assert.equal(result.corruption.message, 'expected a section name of 1-64 characters from [a-z0-9_], got: Bad');
  assert.equal(result.corruption.report, 'corruption at prompt/pack.decode (line 5): expected a section name of 1-64 characters from [a-z0-9_], got: Bad');
  assert.equal(result.corruption.range.start.line, 4);
  assert.equal(result.figures.corruptions, 1);
  assert.equal(result.digest, digest(text));
});

test('the summary: figures, digest, version and environment', () => {
  const summary = provideSummary(packCtx(packText(['identity', '{bogus}'])));
  assert.deepEqual(summary.figures, { corruptions: 0, corrupting: 11, shaping: 7, scorable: false, profile: 'loom-9', profileNote: 'loom-9 (the default)', postures: [...enforcements] });
  assert.equal(summary.version, 1);
  assert.match(summary.environment.id, /^preset:/);
});

test('a render whose provenance stops at a window is, through that window, the whole render: text, spans, figures and digests', () => {
  const reviewer = readFileSync(path.join(examplesDir, 'loom-9', 'code-reviewer.pack'), 'utf8');
  const many = packText(...Array.from({ length: 120 }, (_, i): [string, string] => [`s${i}`, `Line ${i} for {workspace},\n\nwith ü and {shell}.   \n`]));
  for (const text of [agent, reviewer, many]) {
    for (const preset of environmentPresets.map((p) => p.id)) {
      const ctx = packCtx(text, { preset });
      const whole = provideRender(ctx);
      assert.ok(whole.kind === 'rendered');
      const n = whole.text.length;
      for (const limit of [0, 1, 40, 333, 1000, Math.floor(n / 2), n - 1, n, n + 5]) {
        const windowed = provideRender(ctx, undefined, limit);
        assert.ok(windowed.kind === 'rendered');
        assert.ok(windowed.spans.every((s) => s.start < limit), 'no span past the window');
        assert.deepEqual(renderWindow(windowed, limit), renderWindow(whole, limit), `${preset}, ${limit} of ${n}`);
      }
    }
  }
});
