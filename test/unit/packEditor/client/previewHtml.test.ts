// The preview page is safe by construction: a strict content security
// policy (nothing by default, scripts only with the page's nonce, styles
// and fonts only from the extension), escaped attributes, and a page script
// that never turns data into markup.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { contentSecurityPolicy, escapeHtml, nonceFrom, previewHtml } from '../../../../client/src/preview/html';
import { repoRoot } from '../../../support/paths';

const options = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  nonce: 'AbC123',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/preview.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/preview.css',
  title: 'Rendered <prompt> & "more"',
};

test('the policy denies everything by default and allows only the nonce\'d script and the extension\'s styles', () => {
  const policy = contentSecurityPolicy(options);
  const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]));
  assert.equal(directives.get('default-src'), "'none'");
  assert.equal(directives.get('script-src'), "'nonce-AbC123'");
  assert.equal(directives.get('style-src'), options.cspSource);
  assert.equal(directives.get('img-src'), "'none'");
  assert.equal(directives.get('connect-src'), "'none'");
  assert.ok(!policy.includes('unsafe'), 'no unsafe-inline or unsafe-eval');
});

test('the page carries the policy, loads exactly one script (with the nonce) and one stylesheet, and escapes its title', () => {
  const html = previewHtml(options);
  assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(options))}">`));
  assert.deepEqual([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]), [`<script nonce="AbC123" src="${options.scriptUri}">`]);
  assert.equal([...html.matchAll(/<link\b/g)].length, 1);
  assert.ok(!/<style\b|\sstyle=|\son[a-z]+=/.test(html), 'no inline style or handler');
  assert.ok(html.includes('<title>Rendered &#60;prompt&#62; &#38; &#34;more&#34;</title>'));
});

test('nonces are 32 characters of [A-Za-z0-9] and follow the random bytes', () => {
  const a = nonceFrom(new Uint8Array(32).map((_, i) => i * 7));
  const b = nonceFrom(new Uint8Array(32).map((_, i) => i * 11));
  assert.match(a, /^[A-Za-z0-9]{32}$/);
  assert.notEqual(a, b);
});

test('the page script never turns data into markup or code', () => {
  const dir = path.join(repoRoot, 'client', 'src', 'preview', 'webview');
  for (const file of readdirSync(dir)) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const sink of ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'eval(', 'new Function', 'setAttribute(\'style', 'srcdoc']) {
      assert.ok(!source.includes(sink), `${file} uses ${sink}`);
    }
  }
});
