// The web extension's bundles hold nothing Node-only: the client asks the
// host for `vscode` alone, the server's worker for nothing at all. (The
// build already targets the browser platform, where a Node built-in does
// not resolve; this checks what it wrote.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { distDir, repoRoot } from '../../support/paths';

const required = (file: string) => [...new Set([...readFileSync(path.join(distDir, file), 'utf8').matchAll(/\brequire\(["']([^"']+)["']\)/g)].map((m) => m[1]!))];

test('the manifest names the browser client, and it exists', () => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { browser?: string };
  assert.equal(manifest.browser, './dist/web/client.js');
  assert.ok(readFileSync(path.join(repoRoot, manifest.browser), 'utf8').length > 0);
});

test('the browser client requires only vscode', () => {
  assert.deepEqual(required('web/client.js'), ['vscode']);
});

test('the browser server requires nothing and reads no process', () => {
  const text = readFileSync(path.join(distDir, 'web', 'server.js'), 'utf8');
  assert.deepEqual(required('web/server.js'), []);
  assert.doesNotMatch(text, /\bprocess\.(env|pid|memoryUsage|on)\b/);
});

test('the Node bundles are still Node bundles (the check above can tell them apart)', () => {
  assert.ok(required('server.js').some((m) => m.startsWith('node:') || ['child_process', 'fs', 'path', 'net'].includes(m)));
});
