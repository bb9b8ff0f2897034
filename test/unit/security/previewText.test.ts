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
import { expandProvenance, renderWindow } from '../../../src-shared/pack/renderWindow';

/** A DOM that records every element made and every attribute set; text is only ever text. */
class FakeElement {
  readonly children: (FakeElement | string)[] = [];
  readonly attributes = new Map<string, string>();
  readonly dataset: Record<string, string> = {};
  readonly classList = { add: (c: string) => (this.className = `${this.className} ${c}`.trim()), remove: () => undefined };
  className = '';
  title = '';
  href = '';

  constructor(
    readonly tagName: string,
    readonly ownerDocument: FakeDocument,
  ) {}

  get textContent(): string {
    return this.children.map((c) => (typeof c === 'string' ? c : c.textContent)).join('');
  }

  set textContent(text: string) {
    this.children.splice(0, this.children.length, text);
  }

  append(...nodes: (FakeElement | string)[]): void {
    this.children.push(...nodes);
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }

  readonly listeners = new Map<string, () => void>();

  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, listener);
  }
}

class FakeDocument {
  readonly made: FakeElement[] = [];

  createElement(tag: string): FakeElement {
    const e = new FakeElement(tag.toUpperCase(), this);
    this.made.push(e);
    return e;
  }

  getSelection(): null {
    return null;
  }
}

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

test('a render cut for the preview says how much of it is shown, as text, and its button asks for more', () => {
  const text = packText(...Array.from({ length: 40 }, (_, i) => [`s${i}`, `Line ${i} of the render, in {workspace}.\nAnd a second line, <b>not markup</b>.`] as [string, string]));
  const ctx = packCtx(text);
  const whole = provideRender(ctx);
  assert.ok(whole.kind === 'rendered');
  const cut = renderWindow(whole, 300);
  const rendered = { ...cut, spans: expandProvenance(cut.provenance!) };
  const state: PreviewState = { packUri: ctx.document.uri, packName: 'p.pack', rendered, problem: undefined };
  const doc = new FakeDocument();
  let more = 0;
  const page = buildPage(doc as unknown as Parameters<typeof buildPage>[0], state, { reveal: () => undefined, pickEnvironment: () => undefined, compare: () => undefined, compareHead: () => undefined, showMore: () => more++ });
  assert.equal((page.text as unknown as FakeElement).textContent, cut.text);
  const all = (page.element as unknown as FakeElement).textContent;
  const { lines, totalLines, chars, totalChars } = cut.shown!;
  assert.ok(all.includes(`Showing the first ${lines} of ${totalLines} lines (${chars} of ${totalChars.toLocaleString('en-US')} characters)`), all);
  assert.ok(all.includes('of the whole render'));
  const button = doc.made.find((e) => e.tagName === 'BUTTON' && e.textContent === 'Show more')!;
  button.listeners.get('click')!();
  assert.equal(more, 1);
  // A render shown whole has no such note.
  const uncut = renderWindow(whole, whole.text.length);
  const plain = buildPage(new FakeDocument() as unknown as Parameters<typeof buildPage>[0], { ...state, rendered: { ...uncut, spans: whole.spans } }, { reveal: () => undefined, pickEnvironment: () => undefined, compare: () => undefined, compareHead: () => undefined });
  assert.ok(!(plain.element as unknown as FakeElement).textContent.includes('Showing the first'));
});
