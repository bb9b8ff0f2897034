// The .prompts editor features through the real server over stdio: the
// capabilities it announces, document symbols with nested ranges, folding,
// hover, completion (snippets and plain edits), and formatting that is
// idempotent and leaves a file that does not parse alone.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parse } from 'smol-toml';
import type { CompletionItem, DocumentSymbol, FoldingRange, Hover, TextEdit } from 'vscode-languageserver/node';
import { applyEdits } from '../../src-shared/text/textEdit';
import { LspSession } from '../support/lspSession';
import { lines } from '../support/promptsFixtures';

const uri = 'file:///work/space%20dir/prompts/%C3%BC-feature.prompts';

const text = lines(
  'schema = "spec.prompts/v0.1"', // 0
  '[commit]', // 1
  'branch = "main"', // 2
  'author_name = "A"', // 3
  'author_email = "a@example.com"', // 4
  '[[sessions]]', // 5
  'source = "cursor"', // 6
  'id   =   "s-1"', // 7
  'title = "Login form"', // 8
  '  [[sessions.turns]]', // 9
  '  role = "user"', // 10
  "  text = '''", // 11
  '    Add a login form.', // 12
  "    '''", // 13
  '  [[sessions.turns]]', // 14
  '  role = "assistant"', // 15
  '    [[sessions.turns.tool_calls]]', // 16
  '    args = { path = "src", pattern = "Login" }', // 17
  '    name = "Grep"', // 18
  '', // 19
);

async function withSession(body: (s: LspSession) => Promise<void>): Promise<void> {
  const session = await LspSession.start();
  try {
    await body(session);
  } finally {
    await session.stop();
  }
}

test('the server announces symbols, folding, hover, completion, code actions, formatting and workspace symbols', async () => {
  await withSession(async (s) => {
    const c = s.initialized.capabilities;
    assert.ok(c.documentSymbolProvider && c.foldingRangeProvider && c.hoverProvider && c.completionProvider);
    assert.ok(c.codeActionProvider && c.documentFormattingProvider && c.workspaceSymbolProvider);
  });
});

test('document symbols: commit, session by title, turns, tool calls, with nested ranges for breadcrumbs', async () => {
  await withSession(async (s) => {
    await s.open(uri, 'spec-prompts', text);
    const symbols = await s.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const show = (d: DocumentSymbol): unknown => [d.name, d.detail, d.range.start.line, d.range.end.line, ...(d.children?.length ? [d.children.map(show)] : [])];
    assert.deepStrictEqual(symbols.map(show), [
      ['commit', 'main', 1, 4],
      ['Login form', 's-1 · cursor', 5, 18, [['user: Add a login form.', 'turn 0', 9, 13], ['assistant: Grep', 'turn 1', 14, 18, [['Grep', 'Login', 16, 18]]]]],
    ]);
    const folds = await s.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    assert.deepStrictEqual(folds.map((f) => `${f.startLine}-${f.endLine}`), ['1-4', '5-18', '9-13', '11-12', '14-18', '16-18']);
  });
});

test('hover on a key and on a session id', async () => {
  await withSession(async (s) => {
    await s.open(uri, 'spec-prompts', text);
    const key = await s.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 1 } });
    assert.deepStrictEqual(key.range, { start: { line: 6, character: 0 }, end: { line: 6, character: 6 } });
    assert.match((key.contents as { value: string }).value, /^\*\*`source`\*\* · required/);
    const id = await s.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 7, character: 12 } });
    assert.match((id.contents as { kind: string; value: string }).value, /^\*\*Login form\*\* · `s-1`\n\n`cursor` · 2 turns · no timestamps$/);
    assert.equal(await s.request('textDocument/hover', { textDocument: { uri }, position: { line: 19, character: 0 } }), null);
  });
});

test('completion of enum values inside quotes, and of keys as snippets', async () => {
  await withSession(async (s) => {
    await s.open(uri, 'spec-prompts', text.replace('role = "assistant"', 'role = "as"'));
    const values = await s.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 15, character: 12 },
      context: { triggerKind: 2, triggerCharacter: '"' },
    });
    assert.deepStrictEqual(values.map((v) => [v.label, v.textEdit]), [
      ['user', { range: { start: { line: 15, character: 10 }, end: { line: 15, character: 13 } }, newText: 'user"' }],
      ['assistant', { range: { start: { line: 15, character: 10 }, end: { line: 15, character: 13 } }, newText: 'assistant"' }],
    ]);
    const keys = await s.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 19, character: 0 }, context: { triggerKind: 1 } });
    const status = keys.find((k) => k.label === 'status');
    assert.deepStrictEqual([status?.insertTextFormat, status?.textEdit], [2, { range: { start: { line: 19, character: 0 }, end: { line: 19, character: 0 } }, newText: 'status = "${1|ok,error|}"' }]);
    assert.ok(!keys.some((k) => k.label === 'name' || k.label === 'args'));
  });
});

test('formatting: writer order and layout, values unchanged, idempotent; a file that does not parse gets no edits and a message saying why', async () => {
  await withSession(async (s) => {
    await s.open(uri, 'spec-prompts', text);
    const options = { tabSize: 2, insertSpaces: true };
    const edits = await s.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options });
    assert.ok(edits.length > 0);
    const formatted = applyEdits(text, edits);
    assert.deepStrictEqual(parse(formatted), parse(text));
    assert.ok(formatted.includes('[[sessions]]\nid = "s-1"\nsource = "cursor"\n'));
    assert.ok(formatted.includes("  text = '''\n    Add a login form.\n    '''\n"), 'the multi-line string is untouched');
    assert.ok(formatted.includes('    name = "Grep"\n    args = { path = "src", pattern = "Login" }\n'));
    await s.replace(uri, formatted);
    assert.deepStrictEqual(await s.request('textDocument/formatting', { textDocument: { uri }, options }), []);
    assert.equal(s.shownMessages.length, 0, 'formatting a file, or a formatted one, says nothing');
    await s.replace(uri, `${text}[[sessions]\n`);
    assert.deepStrictEqual(await s.request('textDocument/formatting', { textDocument: { uri }, options }), []);
    const brokenLine = `${text}[[sessions]\n`.split('\n').length - 1;
    assert.equal(s.shownMessages.length, 1);
    assert.equal(s.shownMessages[0]!.type, 2, 'a warning');
    assert.match(s.shownMessages[0]!.message, new RegExp(`^Not formatted: line ${brokenLine} does not parse \\(.+\\)\\.$`));
  });
});
