// The rendered preview's request through the real server: for every
// bundled pack under every built-in preset and every example environment
// file, `packs/render` answers with exactly the bytes `dist/cli.js render`
// prints; the chosen environment (packs/setEnvironment) is the default for
// later renders; a corrupt pack answers with upstream's report.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { environmentToJson, parseEnvironmentFile } from '../../src-shared/pack/environmentFile';
import { environmentPresets } from '../../src-shared/pack/presets';
import {
  renderRequest,
  setEnvironmentNotification,
  summaryRequest,
  type EnvironmentRef,
  type PackSummary,
  type RenderResult,
} from '../../src-shared/protocol/pack';
import { LspSession } from '../support/lspSession';
import { distDir, examplesDir, repoRoot } from '../support/paths';

const environmentFiles = readdirSync(path.join(examplesDir, 'environments'))
  .filter((f) => f.endsWith('.packenv.json'))
  .map((f) => path.join(examplesDir, 'environments', f));

const packs = [
  { file: path.join(examplesDir, 'loom-9', 'coding-agent.pack'), profile: 'loom-9' },
  { file: path.join(examplesDir, 'loom-9', 'code-reviewer.pack'), profile: 'loom-9' },
  { file: path.join(examplesDir, 'loom-1', 'legacy-agent.pack'), profile: 'loom-1' },
  { file: path.join(repoRoot, 'scripts', 'e2e', 'demo', 'packs', 'support-agent.pack'), profile: 'loom-9' },
  { file: path.join(repoRoot, 'test', 'e2e', 'workspace', 'Prompt Packs ü', 'crlf assistant.pack'), profile: 'loom-9' },
] as const;

interface Choice {
  readonly ref: EnvironmentRef;
  readonly cliArgs: readonly string[];
}

const choices: Choice[] = [
  ...environmentPresets.map((p) => ({ ref: { id: `preset:${p.id}`, label: p.name, fields: environmentToJson(p.environment) }, cliArgs: ['--preset', p.id] })),
  ...environmentFiles.map((file) => {
    const parsed = parseEnvironmentFile(readFileSync(file, 'utf8'));
    assert.ok(parsed.ok, file);
    return { ref: { id: `file:${pathToFileURL(file).href}`, label: parsed.name ?? path.basename(file), fields: JSON.parse(readFileSync(file, 'utf8')) }, cliArgs: ['--env', file] };
  }),
];

function cliRender(file: string, profile: string, args: readonly string[]): string {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'render', file, '--profile', profile, ...args]);
  assert.equal(r.status, 0, r.stderr.toString());
  return r.stdout.toString('utf8');
}

for (const profile of ['loom-9', 'loom-1'] as const) {
  test(`packs/render is byte-identical to dist/cli.js render for every pack and environment (${profile} packs)`, async () => {
    const session = await LspSession.start({ settings: { pack: { profile } } });
    try {
      let compared = 0;
      for (const pack of packs.filter((p) => p.profile === profile)) {
        const uri = pathToFileURL(pack.file).href;
        const source = readFileSync(pack.file, 'utf8');
        await session.open(uri, 'loom-pack', source);
        for (const choice of choices) {
          const result = await session.request<RenderResult>(renderRequest, { uri, version: 1, environment: choice.ref });
          assert.equal(result.kind, 'rendered', `${pack.file}: ${result.kind === 'corrupt' ? result.corruption.report : ''}`);
          if (result.kind !== 'rendered') continue;
          const expected = cliRender(pack.file, profile, choice.cliArgs);
          assert.ok(Buffer.from(result.text, 'utf8').equals(Buffer.from(expected, 'utf8')), `${path.basename(pack.file)} under ${choice.ref.id}`);
          assert.equal(result.version, 1);
          assert.equal(result.environment.id, choice.ref.id);
          compared++;
        }
        await session.close(uri);
      }
      assert.equal(compared, packs.filter((p) => p.profile === profile).length * choices.length);
    } finally {
      await session.stop();
    }
  });
}

test('the JSON figures match the command line\'s --json: bytes and both digests', async () => {
  const session = await LspSession.start();
  try {
    const file = packs[4].file;
    const uri = pathToFileURL(file).href;
    await session.open(uri, 'loom-pack', readFileSync(file, 'utf8'));
    const result = await session.request<RenderResult>(renderRequest, { uri });
    assert.ok(result.kind === 'rendered');
    const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'render', file, '--json'], { encoding: 'utf8' });
    const cli = JSON.parse(r.stdout) as { bytes: number; digest: string; renderDigest: string };
    assert.deepEqual([result.bytes, result.digest, result.renderDigest], [cli.bytes, cli.digest, cli.renderDigest]);
  } finally {
    await session.stop();
  }
});

test('packs/setEnvironment picks the environment later renders, hovers and the summary use; a bad one is refused', async () => {
  const session = await LspSession.start();
  try {
    const uri = 'file:///w/agent.pack';
    const text = readFileSync(packs[0].file, 'utf8');
    await session.open(uri, 'loom-pack', text);
    const before = await session.request<RenderResult>(renderRequest, { uri });
    assert.ok(before.kind === 'rendered');
    assert.equal(before.environment.id, `preset:${environmentPresets[0]!.id}`);

    const mac = choices.find((c) => c.ref.id === 'preset:macos-degraded-open')!;
    await session.connection.sendNotification(setEnvironmentNotification, { uri, environment: mac.ref });
    const after = await session.request<RenderResult>(renderRequest, { uri });
    assert.ok(after.kind === 'rendered');
    assert.equal(after.environment.id, mac.ref.id);
    assert.match(after.text, /The sandbox on this host is degraded/);
    const summary = await session.request<PackSummary>(summaryRequest, { uri });
    assert.equal(summary.environment.label, mac.ref.label);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.startsWith('Shell: {shell}'));
    const hover = await session.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line, character: 9 } });
    assert.match(hover.contents.value, /```text\n\/bin\/zsh\n```/);

    await assert.rejects(
      session.request(renderRequest, { uri, environment: { id: 'x', label: 'x', fields: { workspace: 1 } } }),
      /not an environment: .*workspace: must be a string/,
    );
    assert.equal(await session.request(renderRequest, { uri: 'file:///w/not-open.pack' }), null);
  } finally {
    await session.stop();
  }
});

test('a corrupt pack answers with the report for its first line; the fixed pack renders again at its new version', async () => {
  const session = await LspSession.start();
  try {
    const uri = 'file:///w/broken.pack';
    const good = readFileSync(packs[0].file, 'utf8');
    await session.open(uri, 'loom-pack', good.replace('%% section conduct', '%% section Conduct'));
    const corrupt = await session.request<RenderResult>(renderRequest, { uri, version: 1 });
    assert.ok(corrupt.kind === 'corrupt');
    const line = good.split('\n').indexOf('%% section conduct');
    assert.equal(corrupt.corruption.report, `corruption at prompt/pack.decode (line ${line + 1}): expected a section name of 1-64 characters from [a-z0-9_], got: Conduct`);
    assert.equal(corrupt.corruption.range.start.line, line);
    assert.equal(corrupt.version, 1);
    const v2 = await session.replace(uri, good);
    const fixed = await session.request<RenderResult>(renderRequest, { uri, version: v2 });
    assert.equal(fixed.kind, 'rendered');
    assert.equal(fixed.version, v2);
  } finally {
    await session.stop();
  }
});

test('the preview asks for a window: the first lines of a huge render with compact provenance, the figures and digests of the whole', async () => {
  const session = await LspSession.start();
  try {
    const uri = 'file:///huge-render.pack';
    const body = Array.from({ length: 2000 }, (_, i) => `%% section s${i}\nSection ${i} for {workspace} in {shell}, and more words to make a line.\n`).join('');
    await session.open(uri, 'loom-pack', `%% loom-prompt-pack 1\n%% version v1\n${body}`);
    const whole = await session.request<RenderResult>(renderRequest, { uri });
    const window = await session.request<RenderResult>(renderRequest, { uri, maxChars: 5000 });
    assert.ok(whole.kind === 'rendered' && window.kind === 'rendered');
    assert.equal(whole.shown, undefined);
    assert.ok(window.text.length <= 5000 && whole.text.startsWith(window.text));
    assert.deepEqual(window.spans, []);
    assert.equal(window.provenance!.spans.length % 4, 0);
    assert.ok(window.provenance!.spans.length > 0 && window.provenance!.spans.length / 4 < whole.spans.length / 10);
    assert.deepEqual(window.shown, { chars: window.text.length, lines: window.text.split('\n').length, totalChars: whole.text.length, totalLines: whole.text.split('\n').length });
    for (const key of ['bytes', 'tokens', 'digest', 'renderDigest', 'figures'] as const) assert.deepEqual(window[key], whole[key]);
    // A limit that is not a number is no window: the whole render, as before.
    const odd = await session.request<RenderResult>(renderRequest, { uri, maxChars: 'lots' });
    assert.ok(odd.kind === 'rendered' && odd.text === whole.text);
  } finally {
    await session.stop();
  }
});
