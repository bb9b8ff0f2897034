// Completion: keywords after `%%`, section names after `%% section`
// (missing first), bindings after `{` with their values and a replace
// range that closes the brace once.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { CompletionItem, TextEdit } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { profiles } from '../../../src-shared/pack/profiles';
import { provideCompletion } from '../../../server/src/pack/completion';
import { endOf, packCtx, packText, positionOf } from './support/context';

function complete(text: string, needle: string, within: number, options = {}): CompletionItem[] {
  return provideCompletion(packCtx(text, options), positionOf(text, needle, within));
}

/** Completion with the cursor at the end of `text`, where the author is typing. */
function completeAtEnd(text: string, options = {}): CompletionItem[] {
  return provideCompletion(packCtx(text, options), endOf(text));
}

function apply(text: string, item: CompletionItem): string {
  const doc = TextDocument.create('file:///x.pack', 'loom-pack', 1, text);
  return TextDocument.applyEdits(doc, [item.textEdit as TextEdit]);
}

const sorted = (items: CompletionItem[]) => [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!));

test('after %% in a pack with header and version: section and comment only', () => {
  const text = `${packText(['identity', 'x'])}%%`;
  const items = completeAtEnd(text);
  assert.deepEqual(sorted(items).map((i) => i.label), ['section', '#']);
  assert.ok(apply(text, items.find((i) => i.label === 'section')!).endsWith('\n%% section '));
  assert.deepEqual(items.find((i) => i.label === 'section')!.command?.command, 'editor.action.triggerSuggest');
});

test('in an empty file the header and the version are offered too', () => {
  const items = complete('%% ', '%% ', 3);
  assert.deepEqual(sorted(items).map((i) => i.label), ['section', 'version', 'loom-prompt-pack', '#']);
  assert.equal(apply('%% ', items.find((i) => i.label === 'loom-prompt-pack')!), '%% loom-prompt-pack 1');
});

test('a partly typed keyword is replaced whole', () => {
  const text = '%% loom-prompt-pack 1\n%% vers';
  const item = complete(text, '%% vers', 7).find((i) => i.label === 'version')!;
  assert.equal(apply(text, item), '%% loom-prompt-pack 1\n%% version ');
});

test('after %% section: only the canonical sections and fragments the pack lacks, in profile order', () => {
  const text = `${packText(['identity', 'x'], ['_network_open', 'y'])}\n%% section `;
  const items = sorted(completeAtEnd(text));
  const names = [...profiles['loom-9'].canonicalSections, ...profiles['loom-9'].requiredFragments];
  const present = ['identity', '_network_open'];
  assert.deepEqual(items.map((i) => i.label), names.filter((n) => !present.includes(n)));
  assert.match(items[0]!.detail!, /canonical section, missing/);
  assert.match(items.at(-1)!.detail!, /required fragment, missing/);
  assert.equal(apply(text, items[0]!).endsWith('%% section tool_discipline'), true);
});

test('on an existing directive its own name stays on offer; a complete pack is offered nothing', () => {
  const names = [...profiles['loom-9'].canonicalSections, ...profiles['loom-9'].requiredFragments];
  const complete9 = packText(...names.map((n): [string, string] => [n, 'x']));
  assert.deepEqual(completeAtEnd(`${complete9}\n%% section `), []);
  const onIdentity = complete(complete9, '%% section identity', '%% section '.length);
  assert.deepEqual(onIdentity.map((i) => i.label), ['identity']);
});

test('under loom-1 the names come from its profile', () => {
  const text = `${packText(['identity', 'x'])}\n%% section `;
  const labels = completeAtEnd(text, { profile: 'loom-1' }).map((i) => i.label);
  assert.ok(labels.includes('_repository_guidance_truncated'));
  assert.ok(!labels.includes('available_tools'));
});

test('after { in a body: every binding with its value in the environment', () => {
  const text = packText(['environment', 'Shell: {']);
  const items = complete(text, 'Shell: {', 8, { preset: 'macos-degraded-open' });
  assert.equal(items.length, 13);
  const shell = items.find((i) => i.label === '{shell}')!;
  assert.equal(shell.detail, '/bin/zsh');
  assert.equal(apply(text, shell).includes('Shell: {shell}\n'), true);
  assert.equal(items.find((i) => i.label === '{tools}')!.detail, '(empty)');
  assert.match((items.find((i) => i.label === '{network}')!.documentation as { value: string }).value, /Renders as nothing in \*macOS laptop/);
});

test('completing inside an existing placeholder replaces the name and keeps one closing brace', () => {
  const text = packText(['environment', 'Shell: {sh}.']);
  const item = complete(text, '{sh}', 3).find((i) => i.label === '{shell}')!;
  assert.ok(apply(text, item).includes('Shell: {shell}.'));
});

test('selections inside a fragment are marked as rendering nothing', () => {
  const text = packText(['_network_open', 'x {']);
  const item = complete(text, 'x {', 3).find((i) => i.label === '{enforcement}')!;
  assert.equal(item.detail, 'renders nothing inside a fragment');
});

test('no completion in a directive argument or outside any section', () => {
  assert.deepEqual(completeAtEnd('%% loom-prompt-pack 1\n%% version v{'), []);
  assert.deepEqual(completeAtEnd('%% loom-prompt-pack 1\n%% version v\n{'), []);
});
