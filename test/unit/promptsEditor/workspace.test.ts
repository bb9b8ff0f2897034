// "Go to session" across the workspace: the cheap scan of a file's
// sessions, glob matching, the disk walk, and the index that caches each
// file's sessions until it changes and prefers open documents (on an
// in-memory fake of the files).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FileChangeType } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { scanSessions } from '../../../src-shared/prompts/features/sessionScan';
import { provideWorkspaceSymbols } from '../../../server/src/prompts/workspaceSymbols';
import { diskWorkspaceFiles } from '../../../server/src/diskWorkspaceFiles';
import { isUnreadable } from '../../../server/src/workspaceFiles';
import { globToRegExp } from '../../../server/src/workspaceGlob';
import { type Extractor, WorkspaceIndex } from '../../../server/src/workspaceIndex';
import { lines } from '../../support/promptsFixtures';
import { FakeFiles } from '../../support/fakeFiles';

const fileA = lines(
  '[commit]',
  'branch = "main"',
  '',
  '[[sessions]]', // 3
  'id = "d1714569-aaaa"',
  "title = 'Login form'",
  'summary = """',
  '[[sessions]]',
  'id = "not-a-session"',
  '"""',
  '',
  '  [[sessions.turns]]',
  '  role = "user"',
  '[[sessions]]', // 13
  'id = "e2825670-bbbb"',
  'title = """',
  'Multi-line title"""',
  '[[sessions]]',
  'title = "no id: not listed"',
);

test('the scan finds each session id, title and header, never fooled by a string', () => {
  assert.deepStrictEqual(scanSessions(fileA), [
    { id: 'd1714569-aaaa', title: 'Login form', range: { start: { line: 3, character: 0 }, end: { line: 3, character: 12 } } },
    { id: 'e2825670-bbbb', title: 'Multi-line title', range: { start: { line: 13, character: 0 }, end: { line: 13, character: 12 } } },
  ]);
  assert.deepStrictEqual(scanSessions(fileA.replace(/\n/g, '\r\n')).map((s) => s.range.start.line), [3, 13]);
  // A session whose id is still being typed is listed by what is typed so far.
  assert.deepStrictEqual(scanSessions('[[sessions]]\nid = "typing').map((s) => s.id), ['typing']);
});

test('globs: ** crosses folders, * and ? stay in one name', () => {
  const g = globToRegExp('**/*.prompts');
  for (const p of ['a.prompts', 'prompts/captured/x y ü.prompts']) assert.ok(g.test(p), p);
  for (const p of ['a.promptsx', 'a.prompt', 'a/b.prompts/c']) assert.ok(!g.test(p), p);
  assert.ok(globToRegExp('prompts/?.prompts').test('prompts/a.prompts'));
  assert.ok(!globToRegExp('prompts/*.prompts').test('prompts/sub/a.prompts'));
});

test('the disk walk lists matching files in nested folders with hard names, leaving out node_modules and dot folders', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'prompts ws ü-'));
  try {
    for (const rel of ['a.prompts', 'prompts/captured/b c.prompts', 'node_modules/x/c.prompts', '.git/d.prompts', 'notes.txt']) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), fileA);
    }
    const files = diskWorkspaceFiles(() => [pathToFileURL(root).href], 1024 * 1024);
    const uris = await files.list('**/*.prompts');
    assert.deepStrictEqual(uris.map((u) => path.relative(root, fileURLToPath(u))).sort(), ['a.prompts', path.join('prompts', 'captured', 'b c.prompts')]);
    assert.equal(await files.read(uris[0]!), fileA);
    // A file over the size limit is not read: it reads as unreadable, so the index leaves it out.
    const small = diskWorkspaceFiles(() => [pathToFileURL(root).href], fileA.length - 1);
    await assert.rejects(small.read(uris[0]!), (e: unknown) => isUnreadable(e));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});


const session = (id: string, title: string): string => lines('[[sessions]]', `id = "${id}"`, `title = "${title}"`);

test('the index caches each file until it changes, lists again on create and delete, and prefers open documents', async () => {
  const files = new FakeFiles(new Map([
    ['file:///ws/a.prompts', session('aaa-1', 'Alpha')],
    ['file:///ws/sub/b.prompts', session('bbb-2', 'Beta')],
    ['file:///ws/c.txt', session('ccc-3', 'Not prompts')],
  ]));
  const open: TextDocument[] = [];
  const watched: string[] = [];
  const index = new WorkspaceIndex(files, () => open, (g) => watched.push(g));
  const names = async (query = ''): Promise<string[]> => (await provideWorkspaceSymbols(index, query)).map((s) => `${s.name} ${s.location.uri}`).sort();

  assert.deepStrictEqual(await names(), ['Alpha (aaa-1) file:///ws/a.prompts', 'Beta (bbb-2) file:///ws/sub/b.prompts']);
  assert.deepStrictEqual(await names(), ['Alpha (aaa-1) file:///ws/a.prompts', 'Beta (bbb-2) file:///ws/sub/b.prompts']);
  assert.deepStrictEqual([files.lists, files.reads.length], [1, 2], 'the second query reads nothing');
  assert.deepStrictEqual(watched, ['**/*.prompts']);

  files.files.set('file:///ws/a.prompts', session('aaa-9', 'Alpha again'));
  assert.deepStrictEqual((await names()).slice(0, 1), ['Alpha (aaa-1) file:///ws/a.prompts'], 'unchanged until the client says so');
  index.filesChanged([{ uri: 'file:///ws/a.prompts', type: FileChangeType.Changed }]);
  assert.deepStrictEqual((await names()).slice(0, 1), ['Alpha again (aaa-9) file:///ws/a.prompts']);
  assert.deepStrictEqual([files.lists, files.reads.length], [1, 3], 'only the changed file read again');

  files.files.set('file:///ws/new.prompts', session('nnn-4', 'New'));
  files.files.delete('file:///ws/sub/b.prompts');
  index.filesChanged([
    { uri: 'file:///ws/new.prompts', type: FileChangeType.Created },
    { uri: 'file:///ws/sub/b.prompts', type: FileChangeType.Deleted },
  ]);
  assert.deepStrictEqual(await names(), ['Alpha again (aaa-9) file:///ws/a.prompts', 'New (nnn-4) file:///ws/new.prompts']);

  open.push(TextDocument.create('file:///ws/a.prompts', 'spec-prompts', 3, session('aaa-open', 'Unsaved')));
  open.push(TextDocument.create('untitled:Untitled-1', 'spec-prompts', 1, session('uuu-5', 'Untitled')));
  assert.deepStrictEqual(await names(), [
    'New (nnn-4) file:///ws/new.prompts',
    'Unsaved (aaa-open) file:///ws/a.prompts',
    'Untitled (uuu-5) untitled:Untitled-1',
  ]);
});

test('a query matches ids and titles by their letters in order, ignoring case', async () => {
  const files = new FakeFiles(new Map([['file:///ws/a.prompts', lines(session('d1714569-0d3c', 'Login form'), session('e2825670-1c8f', 'Flaky test'))]]));
  const index = new WorkspaceIndex(files, () => [], () => undefined);
  const ids = async (q: string): Promise<string[]> => (await provideWorkspaceSymbols(index, q)).map((s) => s.name);
  assert.deepStrictEqual(await ids('d171'), ['Login form (d1714569-0d3c)']);
  assert.deepStrictEqual(await ids('FLKY'), ['Flaky test (e2825670-1c8f)']);
  assert.deepStrictEqual(await ids('lgfm'), ['Login form (d1714569-0d3c)']);
  assert.deepStrictEqual(await ids('zzz'), []);
});

// VS Code keeps a workspace symbol only if its name matches what was typed
// (the container is matched only against a second word), so whatever the
// server matches must be in the name: the title and the id, each whole.
test('every symbol found by its title or its id carries both in its name; a session without a title is named by its id', async () => {
  const untitled = lines('[[sessions]]', 'id = "f00d-untitled"');
  const files = new FakeFiles(new Map([['file:///ws/a.prompts', lines(session('d1714569-0d3c', 'Login form'), untitled)]]));
  const index = new WorkspaceIndex(files, () => [], () => undefined);
  for (const query of ['Login', 'login form', 'd1714569', '0d3c']) {
    const found = await provideWorkspaceSymbols(index, query);
    assert.deepStrictEqual(found.map((s) => s.name), ['Login form (d1714569-0d3c)'], query);
    const name = found[0]!.name.toLowerCase();
    assert.ok(name.includes(query.toLowerCase()), `${query} is in the name as typed`);
  }
  assert.deepStrictEqual((await provideWorkspaceSymbols(index, 'f00d')).map((s) => s.name), ['f00d-untitled']);
});

test('a file deleted between listing and reading is left out', async () => {
  const files = new FakeFiles(new Map([['file:///ws/a.prompts', session('a', 'A')]]));
  const index = new WorkspaceIndex(files, () => [], () => undefined);
  const listed = files.list.bind(files);
  files.list = async (glob) => {
    const uris = await listed(glob);
    files.files.clear();
    return uris;
  };
  assert.deepStrictEqual(await provideWorkspaceSymbols(index, ''), []);
});

test('a changed file is read once for every extract of its glob (Go to Symbol and the bundle facts), not once per feature', async () => {
  const files = new FakeFiles(new Map([
    ['file:///ws/a.prompts', session('aaa-1', 'Alpha')],
    ['file:///ws/b.prompts', session('bbb-2', 'Beta')],
  ]));
  const index = new WorkspaceIndex(files, () => [], () => undefined);
  const lengths: Extractor<number> = { id: 'test/lengths', glob: '**/*.prompts', languageId: 'spec-prompts', extract: (text) => text.length };
  await provideWorkspaceSymbols(index, '');
  const first = await index.entries(lengths);
  assert.deepStrictEqual(first.map((e) => e.value), [session('aaa-1', 'Alpha').length, session('bbb-2', 'Beta').length]);
  assert.equal(files.reads.length, 4, 'each extract read the files once when first asked');

  files.files.set('file:///ws/a.prompts', session('aaa-9', 'Alpha again'));
  index.filesChanged([{ uri: 'file:///ws/a.prompts', type: FileChangeType.Changed }]);
  assert.deepStrictEqual((await provideWorkspaceSymbols(index, 'again')).map((s) => s.name), ['Alpha again (aaa-9)']);
  assert.equal((await index.entries(lengths))[0]!.value, session('aaa-9', 'Alpha again').length);
  assert.deepStrictEqual(files.reads.slice(4), ['file:///ws/a.prompts'], 'the changed file was read once for both');
});
