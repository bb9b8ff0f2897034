// Hovers on placeholders (tier, selection table, value in the chosen
// environment) and on section directives (canonical, fragment, neither).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { MarkupContent } from 'vscode-languageserver/node';
import { provideHover } from '../../../server/src/pack/hover';
import { packCtx, packText, positionOf } from './support/context';

function hoverText(text: string, needle: string, within = 1, options = {}): string | undefined {
  const hover = provideHover(packCtx(text, options), positionOf(text, needle, within));
  return hover ? (hover.contents as MarkupContent).value : undefined;
}

const pack = packText(
  ['identity', 'Platform: {platform}. {network} {platfrom}'],
  ['custom_notes', 'plain'],
  ['_network_blocked', 'No network. {network} inside.'],
  ['_network_open', 'Open.'],
  ['_stray', 'never used'],
);

test('a literal placeholder: its tier, its meaning and its value in the environment', () => {
  const text = hoverText(pack, '{platform}', 3, { preset: 'macos-degraded-open' });
  assert.match(text!, /`\{platform\}`\*\* · literal binding/);
  assert.match(text!, /operating system and architecture/);
  assert.match(text!, /Renders in \*macOS laptop[^*]*\*:\n\n```text\ndarwin\/arm64\n```/);
});

test('the hover range is the placeholder, braces included, from any character of it', () => {
  const ctx = packCtx(pack);
  const start = positionOf(pack, '{platform}');
  for (const within of [0, 5, 10]) {
    const hover = provideHover(ctx, positionOf(pack, '{platform}', within));
    assert.deepEqual(hover?.range, { start, end: { line: start.line, character: start.character + 10 } });
  }
});

test('a selection placeholder: which fragment each posture selects, which one is chosen here, and what it renders', () => {
  const text = hoverText(pack, '{network}', 2, { preset: 'linux-enforced-offline' })!;
  assert.match(text, /selection binding/);
  assert.match(text, /- when the network is blocked: `_network_blocked` ← here/);
  assert.match(text, /- when the network is proxied: `_network_proxied` \(missing from this pack\)/);
  assert.match(text, /- when the network is open: `_network_open`\n/);
  assert.match(text, /```text\nNo network\. {2}inside\.\n```/);
});

test('a selection inside a fragment renders nothing, and the hover says why', () => {
  const text = hoverText(pack, '{network} inside', 2)!;
  assert.match(text, /Inside a fragment a selection renders as nothing/);
});

test('an unknown placeholder says it renders nothing and suggests the closest binding', () => {
  const text = hoverText(pack, '{platfrom}', 2)!;
  assert.match(text, /unknown placeholder/);
  assert.match(text, /loom-9 binds no such name, so it renders as nothing\. Did you mean `\{platform\}`\?/);
});

test('the profile decides what is a binding: available_tools is unknown under loom-1', () => {
  const text = packText(['identity', '{available_tools}']);
  assert.match(hoverText(text, '{available_tools}', 1, { profile: 'loom-1' })!, /unknown placeholder/);
  assert.match(hoverText(text, '{available_tools}', 1)!, /selection binding/);
});

test('section directives: canonical with its rank, custom, selected fragment, unselected fragment', () => {
  assert.match(hoverText(pack, '%% section identity', 5)!, /`identity`\*\* · canonical section 1 of 8 in loom-9/);
  assert.match(hoverText(pack, '%% section custom_notes', 12)!, /not canonical in loom-9/);
  const blocked = hoverText(pack, '%% section _network_blocked', 12, { preset: 'linux-enforced-offline' })!;
  assert.match(blocked, /fragment selected by `\{network\}` when the network is blocked/);
  assert.match(blocked, /Selected in \*Linux workstation/);
  assert.match(hoverText(pack, '%% section _network_open', 12, { preset: 'linux-enforced-offline' })!, /Not selected in/);
  assert.match(hoverText(pack, '%% section _stray', 12)!, /a fragment no binding selects in loom-9[\s\S]*never rendered/);
});

test('the loom-1 truncation fragment is explained', () => {
  const text = packText(['_repository_guidance_truncated', 'cut']);
  assert.match(hoverText(text, '%% section _rep', 3, { profile: 'loom-1' })!, /appended after repository guidance cut at 16384 bytes/);
});

test('plain body text and blank lines have no hover', () => {
  assert.equal(hoverText(pack, 'Platform:', 2), undefined);
  assert.equal(hoverText(pack, 'plain', 1), undefined);
});
