// The preview page puts a pack's text on screen as text: built from a pack
// whose body, name, environment label and corruption report hold `<script>`,
// `</textarea>` and an `<img onerror>`, the page (built on a recording DOM)
// creates only its own kinds of elements, and the render element's text is
// the render character for character, tags included. The page's policy
// loads nothing remote and runs only its own nonce'd script.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { buildPage } from '../../../client/src/preview/webview/page';
import { contentSecurityPolicy, previewHtml } from '../../../client/src/preview/html';
import { provideRender } from '../../../server/src/pack/render';
import type { PreviewState } from '../../../src-shared/previewMessages';
import { packCtx, packText } from '../packEditor/support/context';
import { FakeDocument, type FakeElement } from '../../support/fakeDom';

const hostile = '<script>alert(1)</script> </textarea><img src=x onerror=alert(2)> &amp; {workspace}';

test('a pack full of markup is shown as text: only the page\'s own elements, and the render exactly', () => {
  const text = packText(['identity', hostile], ['conduct', '</textarea>\n<style>body{display:none}</style>']);
  const ctx = packCtx(text);
  const rendered = provideRender(ctx);
  assert.equal(rendered.kind, 'rendered');
  if (rendered.kind !== 'rendered') return;
  const state: PreviewState = {
    packUri: ctx.document.uri,
    packName: '<script>name</script>.pack',
    rendered: { ...rendered, environment: { id: 'x', label: '<b onmouseover=alert(3)>env</b>' } },
    problem: { version: 2, message: 'm', report: 'corruption at prompt/pack.decode (line 3): expected x, got: </textarea><script>alert(4)</script>', range: { start: { line: 2, character: 0 }, end: { line: 2, character: 5 } } },
  };
  const doc = new FakeDocument();
  const page = buildPage(doc as unknown as Parameters<typeof buildPage>[0], state, { reveal: () => undefined, pickEnvironment: () => undefined, compare: () => undefined, compareHead: () => undefined });
  const tags = new Set(doc.made.map((e) => e.tagName));
  for (const tag of tags) assert.ok(['DIV', 'HEADER', 'SPAN', 'BUTTON', 'PRE', 'CODE', 'P', 'STRONG', 'A'].includes(tag), `the page made a ${tag}`);
  assert.equal((page.text as unknown as FakeElement).textContent, rendered.text);
  assert.ok(rendered.text.includes('<script>alert(1)</script> </textarea><img src=x onerror=alert(2)>'));
  const all = (page.element as unknown as FakeElement).textContent;
  for (const shown of ['<script>name</script>.pack', '<b onmouseover=alert(3)>env</b>', '</textarea><script>alert(4)</script>']) assert.ok(all.includes(shown), `shown as text: ${shown}`);
  for (const e of doc.made) for (const name of e.attributes.keys()) assert.equal(name, 'role', `an attribute set from content: ${name}`);
});

test('the page loads nothing remote and runs only its own script', () => {
  const policy = contentSecurityPolicy({ cspSource: 'https://file+.vscode-resource.vscode-cdn.net', nonce: 'N0nce' });
  assert.match(policy, /^default-src 'none'; script-src 'nonce-N0nce';/);
  assert.ok(!/unsafe-inline|unsafe-eval|https?:\/\/(?!file\+)|\*/.test(policy), policy);
  const html = previewHtml({ cspSource: 'vscode-resource:', nonce: 'N0nce', scriptUri: 'vscode-resource:/p.js', styleUri: 'vscode-resource:/p.css', title: '</title><script>alert(5)</script>' });
  assert.equal(html.match(/<script\b/g)?.length, 1, 'one script element, the page\'s own');
  assert.ok(html.includes('&#60;/title&#62;&#60;script&#62;alert(5)&#60;/script&#62;'));
});
