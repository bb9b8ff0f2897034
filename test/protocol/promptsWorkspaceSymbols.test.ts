// Go to session across the workspace, through the real server: sessions
// of .prompts files on disk (hard folder names, nested), an open document
// preferred over its file on disk, and a change on disk seen once the
// client reports it with workspace/didChangeWatchedFiles. The workspace is
// trusted: restricted mode reads no closed file (robustnessTrust.test.ts).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkspaceSymbol } from 'vscode-languageserver/node';
import { LspSession } from '../support/lspSession';
import { lines } from '../support/promptsFixtures';

const session = (id: string, title: string): string => lines('[[sessions]]', `id = "${id}"`, `title = "${title}"`, '');

test('workspace symbols: every session id on disk and in open documents, refreshed on watched-file changes', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'prompts ws ü-'));
  const write = (rel: string, text: string): string => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
    return pathToFileURL(path.join(root, rel)).href;
  };
  const a = write('prompts/feature-login.prompts', lines('[commit]', 'branch = "x"', '', session('d1714569-0d3c', 'Login form'), session('e2825670-1c8f', 'Flaky test')));
  const b = write('prompts/curated/on boarding/first-week.prompts', session('7f3c2a10-5b6d', 'First week'));
  write('node_modules/pkg/ignored.prompts', session('ignored', 'Ignored'));
  const s = await LspSession.start({ rootPath: root, initializationOptions: { workspaceTrusted: true } });
  try {
    const query = async (q: string): Promise<string[]> =>
      (await s.request<WorkspaceSymbol[]>('workspace/symbol', { query: q }))
        .map((w) => `${w.name} | ${path.relative(root, fileURLToPath(w.location.uri))} | ${'range' in w.location ? w.location.range.start.line : ''}`)
        .sort();
    assert.deepStrictEqual(await query(''), [
      `First week (7f3c2a10-5b6d) | ${path.join('prompts', 'curated', 'on boarding', 'first-week.prompts')} | 0`,
      `Flaky test (e2825670-1c8f) | ${path.join('prompts', 'feature-login.prompts')} | 7`,
      `Login form (d1714569-0d3c) | ${path.join('prompts', 'feature-login.prompts')} | 3`,
    ]);
    assert.deepStrictEqual((await query('e282')).map((l) => l.split(' | ')[0]), ['Flaky test (e2825670-1c8f)']);
    assert.deepStrictEqual((await query('Login')).map((l) => l.split(' | ')[0]), ['Login form (d1714569-0d3c)'], 'found by its title');

    await s.open(a, 'spec-prompts', session('d1714569-0d3c', 'Login form, unsaved'));
    assert.deepStrictEqual((await query('d171')).map((l) => l.split(' | ')[0]), ['Login form, unsaved (d1714569-0d3c)'], 'the open document wins');
    await s.close(a);

    write('prompts/curated/on boarding/first-week.prompts', session('7f3c2a10-5b6d', 'First week, renamed'));
    assert.deepStrictEqual((await query('7f3c')).map((l) => l.split(' | ')[0]), ['First week (7f3c2a10-5b6d)'], 'cached until the client reports the change');
    await s.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: b, type: 2 }] });
    assert.deepStrictEqual((await query('7f3c')).map((l) => l.split(' | ')[0]), ['First week, renamed (7f3c2a10-5b6d)']);

    const c = write('new.prompts', session('c0ffee00-0000', 'Brand new'));
    await s.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: c, type: 1 }] });
    assert.deepStrictEqual((await query('c0ff')).map((l) => l.split(' | ')[0]), ['Brand new (c0ffee00-0000)']);
  } finally {
    await s.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
