// The pack's editor features through the real server over stdio, as an
// editor asks for them: hover, completion, definition, references, the
// outline, folding and the code lens, on the bundled broken example.

import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CodeLens, CompletionItem, DocumentSymbol, FoldingRange, Hover, Location, MarkupContent } from 'vscode-languageserver/node';
import { LspSession, trusted } from '../support/lspSession';
import { examplesDir } from '../support/paths';
import { refFnv } from '../unit/pack/support/reference';

const uri = 'file:///work/Prompt%20Packs/typos.pack';
const text = readFileSync(path.join(examplesDir, 'broken', 'placeholder-typos.pack'), 'utf8');
const lines = text.split('\n');

/** Line and column of the first occurrence of `needle` (in a body, unless it is a directive), moved `within` into it. */
function at(needle: string, within = 0): { line: number; character: number } {
  const line = lines.findIndex((l) => l.includes(needle) && (needle.startsWith('%%') || !l.startsWith('%%')));
  assert.ok(line >= 0, needle);
  return { line, character: lines[line]!.indexOf(needle) + within };
}

let session: LspSession;
before(async () => {
  session = await LspSession.start();
  await session.open(uri, 'loom-pack', text);
});
after(() => session.stop());

const ask = <R>(method: string, params: object) => session.request<R>(method, { textDocument: { uri }, ...params });

test('the server announces every pack feature', () => {
  const c = session.initialized.capabilities;
  for (const key of ['hoverProvider', 'completionProvider', 'definitionProvider', 'referencesProvider', 'documentSymbolProvider', 'foldingRangeProvider', 'codeActionProvider', 'codeLensProvider'] as const) {
    assert.ok(c[key], key);
  }
});

test('hover on a placeholder and on a section directive', async () => {
  const platform = await ask<Hover>('textDocument/hover', { position: at('{workspace}', 3) });
  assert.match((platform.contents as MarkupContent).value, /`\{workspace\}`\*\* · literal binding[\s\S]*```text\n\/home\/dev\/billing\n```/);
  assert.deepEqual(platform.range, { start: at('{workspace}'), end: at('{workspace}', 11) });
  const typo = await ask<Hover>('textDocument/hover', { position: at('{platfrom}', 1) });
  assert.match((typo.contents as MarkupContent).value, /Did you mean `\{platform\}`\?/);
  const section = await ask<Hover>('textDocument/hover', { position: at('%% section _network_open', 3) });
  assert.match((section.contents as MarkupContent).value, /fragment selected by `\{network\}` when the network is open/);
  assert.equal(await ask('textDocument/hover', { position: at('Delegate only', 2) }), null);
});

test('completion after { lists the bindings with their values', async () => {
  const position = at('{workspace}', 1);
  const items = await ask<CompletionItem[]>('textDocument/completion', { position });
  assert.equal(items.length, 13);
  assert.equal(items.find((i) => i.label === '{workspace}')?.detail, '/home/dev/billing');
});

test('completion after %% section offers only the names the pack lacks (and the one being retyped)', async () => {
  const position = at('%% section identity', '%% section '.length);
  const items = await ask<CompletionItem[]>('textDocument/completion', { position });
  const labels = [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!)).map((i) => i.label);
  assert.ok(labels.includes('_network_proxied') && labels.includes('identity'), labels.join(', '));
  assert.ok(!labels.includes('_network_open'), 'a fragment the pack has is not offered');
});

test('go to definition from {network} lands on the fragments it can render', async () => {
  const found = await ask<Location[]>('textDocument/definition', { position: at('{network}', 2) });
  assert.deepEqual(found.map((l) => l.range.start.line), [at('%% section _network_blocked').line, at('%% section _network_open').line]);
  assert.ok(found.every((l) => l.uri === uri));
});

test('find references from a fragment lists the placeholders that select it', async () => {
  const found = await ask<Location[]>('textDocument/references', { position: at('%% section _protected_paths', 12), context: { includeDeclaration: false } });
  assert.deepEqual(found.map((l) => l.range), [{ start: at('{protected}'), end: at('{protected}', 11) }]);
});

test('the outline lists every section and fragment; folding follows the sections', async () => {
  const symbols = await ask<DocumentSymbol[]>('textDocument/documentSymbol', {});
  const names = lines.filter((l) => l.startsWith('%% section ')).map((l) => l.slice(11));
  assert.deepEqual(symbols.map((s) => s.name), names);
  const folds = await ask<FoldingRange[]>('textDocument/foldingRange', {});
  assert.ok(folds.some((f) => f.startLine === at('%% section environment').line && f.endLine === at('Shell: {shell}').line));
  assert.ok(folds.some((f) => f.kind === 'comment' && f.startLine === 2));
});

test('the code lens on the first line: the split and the digest', async () => {
  const lenses = await ask<CodeLens[]>('textDocument/codeLens', {});
  assert.equal(lenses[0]!.range.start.line, 0);
  assert.equal(lenses[0]!.command!.title, `pack · 3 corrupting · 0 shaping · loom-9 · digest ${refFnv(Buffer.from(text, 'utf8'))}`);
  assert.equal(lenses[1]!.command!.command, 'packsAndPrompts.showPreviewToSide');
});

test('outline and folding hold at most packsAndPrompts.maxItemsComputed items, the first in file order, and a cut outline says so', async () => {
  const many = ['%% loom-prompt-pack 1', '%% version v1', ...Array.from({ length: 40 }, (_, i) => [`%% section custom_${i}`, `Body ${i}.`, `More ${i}.`, '%% # a', '%% # b']).flat(), ''].join('\n');
  // Trusted: maxItemsComputed is a setting that can hide items, so untrusted it keeps its default.
  const bounded = await LspSession.start(trusted);
  try {
    bounded.setSettings({ maxItemsComputed: 7 });
    const packUri = 'file:///work/many.pack';
    await bounded.open(packUri, 'loom-pack', many);
    await bounded.diagnosticsAt(packUri, 1);
    const symbols = await bounded.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: packUri } });
    assert.deepEqual(symbols.map((s) => s.name), [...Array.from({ length: 7 }, (_, i) => `custom_${i}`), 'outline cut at 7 items']);
    const note = symbols[7]!;
    assert.match(note.detail ?? '', /packsAndPrompts\.maxItemsComputed/);
    const end = { line: many.split('\n').length - 1, character: 0 };
    assert.deepEqual(note.range, { start: end, end }, 'the note covers no text, after the last character');
    const folds = await bounded.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: packUri } });
    assert.equal(folds.length, 7);
    assert.deepEqual(folds.map((f) => f.startLine), [2, 5, 7, 10, 12, 15, 17], 'sections and comment runs interleaved, the first seven by line');

    bounded.setSettings({ maxItemsComputed: 500 });
    await bounded.replace(packUri, `${many}\n`);
    const all = await bounded.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: packUri } });
    assert.equal(all.length, 40, 'no note when nothing was cut');
  } finally {
    await bounded.stop();
  }
});
