// Invalid UTF-8 in an open document: the editor's text has U+FFFD where the
// file has bytes that are not UTF-8, and saving would write U+FFFD in their
// place. The server reads the file's bytes and reports each place as the
// command line does; after an edit one warning keeps saying so, until a
// save writes the file again.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver/node';
import { LspSession } from '../support/lspSession';
import { minimalValid } from '../support/promptsFixtures';

const invalidCodes = (ds: readonly Diagnostic[]) => ds.filter((d) => d.code === 'prompts/invalid-utf8');

test('a .prompts file with invalid UTF-8 on disk: an error on each U+FFFD, a warning after an edit, nothing once saved', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packs-encoding-'));
  const file = path.join(dir, 'a.prompts');
  const [before, after] = minimalValid.split('Hello');
  const bytes = Buffer.concat([Buffer.from(before!, 'utf8'), Buffer.from('He'), Buffer.from([0xff, 0xc3]), Buffer.from('llo'), Buffer.from(after!, 'utf8')]);
  fs.writeFileSync(file, bytes);
  const uri = pathToFileURL(file).href;
  const session = await LspSession.start();
  try {
    const text = bytes.toString('utf8');
    assert.equal(text.split('\uFFFD').length, 3, 'two U+FFFD in the text the editor shows');
    await session.open(uri, 'spec-prompts', text);
    const opened = invalidCodes(await session.diagnosticsAt(uri, 1));
    const line = text.split('\n').findIndex((l) => l.includes('\uFFFD'));
    const column = text.split('\n')[line]!.indexOf('\uFFFD');
    assert.deepEqual(
      opened.map((d) => [d.severity, d.range.start.line, d.range.start.character, d.range.end.character]),
      [
        [1, line, column, column + 1],
        [1, line, column + 1, column + 2],
      ],
    );
    assert.match(opened[0]!.message, new RegExp(`^invalid UTF-8 at byte ${Buffer.from(before!, 'utf8').length + 2}: .*saving writes U\\+FFFD in its place$`));

    const v2 = await session.edit(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' }]);
    const edited = invalidCodes(await session.diagnosticsAt(uri, v2));
    assert.equal(edited.length, 1);
    assert.equal(edited[0]!.severity, 2);
    assert.match(edited[0]!.message, /^the file on disk holds 2 invalid UTF-8 sequences \(the first at byte \d+\); .*saving writes U\+FFFD/);

    // The editor saves: the file now holds the U+FFFD as UTF-8.
    fs.writeFileSync(file, `# edited\n${text}`, 'utf8');
    await session.save(uri);
    await session.waitForDiagnostics(uri, (p) => invalidCodes(p.diagnostics).length === 0);
  } finally {
    await session.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a U+FFFD the file really holds (valid UTF-8) is no finding', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packs-encoding-'));
  const file = path.join(dir, 'a.prompts');
  const text = minimalValid.replace('Hello', 'He\uFFFDllo');
  fs.writeFileSync(file, text, 'utf8');
  const uri = pathToFileURL(file).href;
  const session = await LspSession.start();
  try {
    await session.open(uri, 'spec-prompts', text);
    assert.deepEqual(invalidCodes(await session.diagnosticsAt(uri, 1)), []);
  } finally {
    await session.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
