// The server's bundle index on in-memory files: an open document is
// checked against the closed files of its bundle; keystrokes in it read no
// other file (counted), a change on disk reads that file alone again, and
// untrusted the bundle is the open documents.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { FileChangeType } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BundleIndex } from '../../../server/src/prompts/bundleIndex';
import { promptsService } from '../../../server/src/prompts/service';
import { ModelCache } from '../../../server/src/models';
import { WorkspaceIndex } from '../../../server/src/workspaceIndex';
import { promptsFile, stamps } from '../../support/bundleFixtures';
import { FakeFiles } from '../../support/fakeFiles';
import { trustedFiles } from '../../../server/src/workspaceFiles';


function setUp(trusted: boolean) {
  const main = 'file:///ws/prompts/main.prompts';
  const files = new FakeFiles(
    new Map([
      [main, promptsFile('main', [{ id: 'a' }])],
      ['file:///ws/prompts/feature-x.prompts', promptsFile('feature/x', [{ id: 'shared' }, { id: 'm' }])],
      ['file:///ws/prompts/captured/old.prompts', promptsFile('old', [{ id: 'old' }])],
      ['file:///ws/prompts/notes.md', '# notes'],
      ['file:///ws/elsewhere/other.prompts', promptsFile('main', [{ id: 'shared' }])],
    ]),
  );
  const open: TextDocument[] = [];
  const trust = { trusted, onDidChange: () => undefined };
  const readable = trustedFiles(files, trust);
  const workspace = new WorkspaceIndex(readable, () => open, () => undefined);
  const models = new ModelCache(new Map([[promptsService.languageId, promptsService]]));
  const bundles = new BundleIndex({ workspace, files: readable, documents: { all: () => open }, models, trust, logger: { error: () => undefined } });
  let doc = TextDocument.create(main, 'spec-prompts', 1, promptsFile('main', [{ id: 'a' }, { id: 'shared' }, { id: 'm', text: 'changed', extra: stamps }]));
  open.push(doc);
  const type = (text: string) => {
    doc = TextDocument.update(doc, [{ text }], doc.version + 1);
    open[0] = doc;
  };
  const codes = async () => {
    // As the server does: the document's own validation builds its model first.
    models.model(doc);
    const view = await bundles.viewOf(main, true);
    return (view?.findings.get(main) ?? []).map((f) => f.code).sort();
  };
  return { files, workspace, bundles, type, codes, main };
}

test('keystrokes in an open document read no other file; a change on disk reads that file alone', async () => {
  const { files, workspace, type, codes } = setUp(true);
  assert.deepEqual(await codes(), ['bundle/duplicate-session-id', 'bundle/edited-after-merge']);
  const afterIndex = files.reads.length;
  // Four .prompts files on disk, three not open, plus one read of the branch file for the merged copy's original.
  assert.deepEqual(files.reads.slice().sort(), ['file:///ws/elsewhere/other.prompts', 'file:///ws/prompts/captured/old.prompts', 'file:///ws/prompts/feature-x.prompts', 'file:///ws/prompts/feature-x.prompts']);
  for (let i = 0; i < 20; i++) {
    type(promptsFile('main', [{ id: 'a' }, { id: `shared${i % 2 === 0 ? '' : '-typed'}` }, { id: 'm', text: 'changed', extra: stamps }]));
    assert.deepEqual(await codes(), i % 2 === 0 ? ['bundle/duplicate-session-id', 'bundle/edited-after-merge'] : ['bundle/edited-after-merge']);
  }
  assert.equal(files.reads.length, afterIndex, 'no file read again while typing');

  files.files.set('file:///ws/prompts/feature-x.prompts', promptsFile('feature/x', [{ id: 'm', text: 'changed' }]));
  workspace.filesChanged([{ uri: 'file:///ws/prompts/feature-x.prompts', type: FileChangeType.Changed }]);
  assert.deepEqual(await codes(), []);
  assert.deepEqual(files.reads.slice(afterIndex), ['file:///ws/prompts/feature-x.prompts', 'file:///ws/prompts/feature-x.prompts']);
});

test('the Markdown files under prompts/ are found by listing, not reading', async () => {
  const { files, bundles } = setUp(true);
  await bundles.readyWithin(10_000);
  const md = await bundles.markdownFindings();
  assert.deepEqual([...md.keys()], ['file:///ws/prompts/notes.md']);
  assert.ok(!files.reads.includes('file:///ws/prompts/notes.md'));
});

test('untrusted: the bundle is the open documents, and incomplete', async () => {
  const { files, bundles, main, codes } = setUp(false);
  assert.deepEqual(await codes(), []);
  const view = await bundles.viewOf(main, true);
  assert.equal(view?.bundle.complete, false);
  assert.equal(view?.bundle.files.length, 1);
  assert.deepEqual(files.reads, []);
});

test('another open document whose model is not built yet is never parsed for the bundle: it is left out until its own check', async () => {
  const files = new FakeFiles(new Map());
  const a = TextDocument.create('file:///ws/prompts/main.prompts', 'spec-prompts', 1, promptsFile('main', [{ id: 'shared' }]));
  const b = TextDocument.create('file:///ws/prompts/feature-x.prompts', 'spec-prompts', 1, promptsFile('feature/x', [{ id: 'shared' }]));
  const open = [a, b];
  const workspace = new WorkspaceIndex(files, () => open, () => undefined);
  const models = new ModelCache(new Map([[promptsService.languageId, promptsService]]));
  const bundles = new BundleIndex({ workspace, files, documents: { all: () => open }, models, trust: { trusted: true, onDidChange: () => undefined }, logger: { error: () => undefined } });
  models.model(a);
  const before = await bundles.viewOf(a.uri, true);
  assert.deepEqual(before?.bundle.files.map((f) => f.path), ['prompts/main.prompts']);
  assert.equal(models.builtModel(b), undefined, 'b was not parsed');
  models.model(b);
  const after = await bundles.viewOf(a.uri, true);
  assert.deepEqual(after?.findings.get(a.uri)?.map((f) => f.code), ['bundle/duplicate-session-id']);
});
