// The bundle rules through the real server, on a bundle on disk (a
// spec.yaml, trunk's file, a branch file, a legacy tier, a Markdown file
// under prompts/): an open document gets the findings that involve closed
// files, with related locations in them; a change on disk, once reported,
// updates the open document; Go to Definition, hover and Find References
// go between a fork and its ancestor across files; untrusted, only open
// documents count and the status says so.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Diagnostic, Hover, Location } from 'vscode-languageserver/node';
import { bundleStatusNotification, type BundleStatusParams } from '../../src-shared/protocol/prompts';
import { promptsFile, stamps } from '../support/bundleFixtures';
import { LspSession } from '../support/lspSession';

function bundleOnDisk(): { root: string; write: (rel: string, text: string) => string; uri: (rel: string) => string } {
  const root = mkdtempSync(path.join(tmpdir(), 'bundle ü-'));
  const write = (rel: string, text: string): string => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
    return pathToFileURL(path.join(root, rel)).href;
  };
  write('spec.yaml', 'name: demo\n');
  write('prompts/main.prompts', promptsFile('main', [{ id: 'shared' }, { id: 'merged', text: 'Edited after merge', extra: stamps }]));
  write('prompts/feature-login.prompts', promptsFile('feature/login', [{ id: 'shared' }, { id: 'merged' }, { id: 'child', extra: ['forked_from = "ancestor"'] }]));
  write('prompts/captured/old.prompts', promptsFile('old', [{ id: 'ancestor', extra: ['title = "The first try"'] }]));
  write('prompts/notes.md', '# notes\n');
  return { root, write, uri: (rel) => pathToFileURL(path.join(root, rel)).href };
}

const bundleCodes = (ds: readonly Diagnostic[]) => ds.filter((d) => String(d.code).startsWith('bundle/')).map((d) => d.code).sort();
const relative = (root: string, uri: string) => path.relative(root, fileURLToPath(uri)).split(path.sep).join('/');

test('an open document is checked against the closed files of its bundle, and again when one changes on disk', async () => {
  const { root, write, uri } = bundleOnDisk();
  const s = await LspSession.start({ rootPath: root, initializationOptions: { workspaceTrusted: true } });
  const statuses: BundleStatusParams[] = [];
  s.connection.onNotification(bundleStatusNotification, (p: BundleStatusParams) => statuses.push(p));
  try {
    const main = uri('prompts/main.prompts');
    await s.open(main, 'spec-prompts', readFileSync(fileURLToPath(main), 'utf8'));
    const ds = await s.waitForDiagnostics(main, (p) => bundleCodes(p.diagnostics).length === 2);
    assert.deepEqual(bundleCodes(ds), ['bundle/duplicate-session-id', 'bundle/edited-after-merge']);
    const duplicate = ds.find((d) => d.code === 'bundle/duplicate-session-id')!;
    assert.equal(duplicate.severity, 1);
    assert.equal(duplicate.range.start.line, 6);
    assert.deepEqual(
      duplicate.relatedInformation!.map((r) => `${relative(root, r.location.uri)}:${r.location.range.start.line} ${r.message}`),
      ['prompts/feature-login.prompts:6 the same id in prompts/feature-login.prompts'],
    );
    const edited = ds.find((d) => d.code === 'bundle/edited-after-merge')!;
    assert.equal(edited.severity, 2);
    assert.equal(relative(root, edited.relatedInformation![0]!.location.uri), 'prompts/feature-login.prompts');
    assert.equal(statuses.at(-1)?.text, 'Bundle: 3 .prompts files');

    const md = await s.waitForDiagnostics(uri('prompts/notes.md'), (p) => p.diagnostics.length > 0);
    assert.deepEqual(md.map((d) => `${d.severity} ${d.code}`), ['1 bundle/markdown-in-prompts']);

    // The branch file changes on disk: the duplicate goes, and the merged copy now equals its original.
    const feature = write('prompts/feature-login.prompts', promptsFile('feature/login', [{ id: 'merged', text: 'Edited after merge' }, { id: 'child', extra: ['forked_from = "ancestor"'] }]));
    await s.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: feature, type: 2 }] });
    await s.waitForDiagnostics(main, (p) => bundleCodes(p.diagnostics).length === 0);

    // Deleted on disk: its finding is taken back.
    rmSync(path.join(root, 'prompts/notes.md'));
    await s.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('prompts/notes.md'), type: 3 }] });
    await s.waitForDiagnostics(uri('prompts/notes.md'), (p) => p.diagnostics.length === 0);
  } finally {
    await s.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test('forked_from: definition, hover and references across the files of the bundle', async () => {
  const { root, uri } = bundleOnDisk();
  const s = await LspSession.start({ rootPath: root, initializationOptions: { workspaceTrusted: true } });
  try {
    const feature = uri('prompts/feature-login.prompts');
    const text = readFileSync(fileURLToPath(feature), 'utf8');
    await s.open(feature, 'spec-prompts', text);
    const line = text.split('\n').findIndex((l) => l.startsWith('forked_from'));
    const onFork = { textDocument: { uri: feature }, position: { line, character: 16 } };
    const definition = await s.request<Location[]>('textDocument/definition', onFork);
    assert.deepEqual(definition.map((l) => `${relative(root, l.uri)}:${l.range.start.line}`), ['prompts/captured/old.prompts:5']);
    const hover = await s.request<Hover>('textDocument/hover', onFork);
    assert.match(JSON.stringify(hover.contents), /Forked from.*ancestor.*The first try · 1 turn · `prompts\/captured\/old.prompts`/);

    const old = uri('prompts/captured/old.prompts');
    await s.open(old, 'spec-prompts', readFileSync(fileURLToPath(old), 'utf8'));
    const references = await s.request<Location[]>('textDocument/references', { textDocument: { uri: old }, position: { line: 6, character: 8 }, context: { includeDeclaration: false } });
    assert.deepEqual(references.map((l) => `${relative(root, l.uri)}:${l.range.start.line}:${l.range.start.character}`), [`prompts/feature-login.prompts:${line}:14`]);
  } finally {
    await s.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test('restricted mode: only open documents make the bundle, and the status says so', async () => {
  const { root, uri } = bundleOnDisk();
  const s = await LspSession.start({ rootPath: root });
  const statuses: BundleStatusParams[] = [];
  s.connection.onNotification(bundleStatusNotification, (p: BundleStatusParams) => statuses.push(p));
  try {
    const main = uri('prompts/main.prompts');
    await s.open(main, 'spec-prompts', readFileSync(fileURLToPath(main), 'utf8'));
    assert.deepEqual(bundleCodes(await s.diagnosticsAt(main, 1)), [], 'the branch file is not read');
    assert.equal(statuses.at(-1)?.text, 'Bundle: open files only (restricted mode)');
    assert.equal(statuses.at(-1)?.scope, 'openFiles');
    // Opening the branch file brings it into the bundle, and the document open before it is checked again.
    const feature = uri('prompts/feature-login.prompts');
    await s.open(feature, 'spec-prompts', readFileSync(fileURLToPath(feature), 'utf8'));
    const ds = await s.waitForDiagnostics(feature, (p) => bundleCodes(p.diagnostics).length > 0);
    assert.deepEqual(bundleCodes(ds), ['bundle/duplicate-session-id']);
    await s.waitForDiagnostics(main, (p) => bundleCodes(p.diagnostics).includes('bundle/duplicate-session-id'));
    // An unknown fork parent is not claimed: the ancestor may be in a file that is not open.
    assert.ok(!ds.some((d) => d.code === 'bundle/unknown-fork-parent'));
  } finally {
    await s.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
