// The preview page as the pack changes under it. Fresh, rendered text and
// the first difference from HEAD link to the pack lines they came from.
// Stale (the pack stopped decoding), the header is dimmed, the hint names
// the pack's own `%% version` (never the editor's document version, which
// reads like one), and nothing but the banner's link to the corrupt line
// jumps to a pack line: those of the old render have moved. Wrapped lines
// continue at the left edge: the stylesheet gives them no hanging indent,
// which would read as leading spaces the render does not have.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildPage } from '../../../../client/src/preview/webview/page';
import { provideRender } from '../../../../server/src/pack/render';
import type { PreviewState } from '../../../../src-shared/previewMessages';
import type { RenderedPack } from '../../../../src-shared/protocol/pack';
import { FakeDocument, type FakeElement } from '../../../support/fakeDom';
import { repoRoot } from '../../../support/paths';
import { packCtx, packText } from '../support/context';

const handlers = { reveal: () => undefined, pickEnvironment: () => undefined, compare: () => undefined, compareHead: () => undefined };

function rendered(): RenderedPack {
  const ctx = packCtx(packText(['identity', 'You are a careful agent.'], ['conduct', 'Be brief.']));
  const r = provideRender(ctx);
  assert.equal(r.kind, 'rendered');
  if (r.kind !== 'rendered') throw new Error('no render');
  // A document version far from any `%% version`, so the test sees which one is shown.
  return {
    ...r,
    version: 28,
    baseline: {
      kind: 'compared',
      changed: true,
      headVersion: r.packVersion,
      version: r.packVersion,
      versionChanged: false,
      commonBytes: 3,
      share: 0.1,
      headBytes: 30,
      firstDifference: { line: 0, column: 3, text: 'You are a careful agent.', headText: 'You are an agent.', source: { section: 'identity', line: 4 } },
    },
  };
}

function page(state: PreviewState): { root: FakeElement; all: FakeElement[] } {
  const doc = new FakeDocument();
  const built = buildPage(doc as unknown as Parameters<typeof buildPage>[0], state, handlers);
  const root = built.element as unknown as FakeElement;
  return { root, all: root.all() };
}

const links = (all: FakeElement[]) => all.filter((e) => e.listeners.has('click') && e.tagName !== 'BUTTON').map((e) => e.textContent);
const byClass = (all: FakeElement[], name: string) => all.filter((e) => e.className.split(' ').includes(name));

const problem = { version: 29, message: 'm', report: 'corruption at prompt/pack.decode (line 9): expected a directive or a blank line, got: x', range: { start: { line: 8, character: 0 }, end: { line: 8, character: 1 } } };

test('a fresh render links its text and its first difference to pack lines, and nothing is dimmed', () => {
  const r = rendered();
  const { all } = page({ packUri: r.uri, packName: 'agent.pack', rendered: r, problem: undefined });
  assert.deepEqual(byClass(all, 'stale'), []);
  const linked = links(all);
  assert.ok(linked.includes('identity, pack line 5'), linked.join(' | '));
  assert.ok(linked.includes('You are a careful agent.'));
});

test('stale: the header dims, the hint names the pack version, and only the corrupt line links', () => {
  const r = rendered();
  const { root, all } = page({ packUri: r.uri, packName: 'agent.pack', rendered: r, problem });
  assert.deepEqual(byClass(all, 'stale').map((e) => e.tagName).sort(), ['HEADER', 'PRE']);
  const hint = byClass(all, 'hint')[0]!.textContent;
  assert.match(hint, new RegExp(`%% version ${r.packVersion}\\b`));
  assert.ok(!/\b28\b/.test(hint), `the editor's document version is not shown: ${hint}`);
  assert.deepEqual(links(all), ['Go to line 9']);
  assert.deepEqual(all.filter((e) => e.dataset['line'] !== undefined), [], 'no rendered span knows a pack line');
  assert.ok(root.textContent.includes('identity, pack line 5 (before the edit)'), 'the first difference still says where, unlinked');
  const text = byClass(all, 'render')[0]!.textContent;
  assert.equal(text, r.text, 'the stale render is still the render exactly');
});

test('wrapped render lines get no hanging indent', () => {
  const css = readFileSync(path.join(repoRoot, 'media', 'preview.css'), 'utf8');
  const rules = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].filter(([, selector]) => /\.render\b/.test(selector!));
  assert.ok(rules.length > 0);
  for (const [, selector, body] of rules) {
    assert.ok(!/text-indent|padding-left|margin-left/.test(body!), `${selector!.trim()} indents: ${body!.trim()}`);
  }
});
