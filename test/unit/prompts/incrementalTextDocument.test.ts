// The server's chunked text document behaves exactly like the library's
// FullTextDocument of the same text under any sequence of edits (text, line
// count, every offset <-> position conversion, ranges), with chunks small
// enough that edits cross, merge and split them; and its change history
// replays to the same text. (The reference is a FullTextDocument made
// afresh after each edit: one updated in place miscounts a "\r" inserted
// before a "\n" as two line breaks, where a fresh one sees one.)

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { ChunkedTextDocument } from '../../../server/src/chunkedTextDocument';
import { applyChange } from '../../../src-shared/prompts/toml/incremental';

const pieces = ['a', 'bc', ' ', '\n', '\r\n', '\r', 'é', '😀', 'line\n', '\n\n', 'x\r\ny', ''];
const text = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((ps) => ps.join(''));

/** An edit as fractions of the document, so it always lands somewhere in it. */
const edit = fc.record({ a: fc.nat(), b: fc.nat(), text, past: fc.nat({ max: 4 }), full: fc.nat({ max: 19 }) });

function event(doc: TextDocument, e: { a: number; b: number; text: string; past: number; full: number }): TextDocumentContentChangeEvent {
  if (e.full === 0) return { text: e.text };
  const n = doc.getText().length + 1;
  const start = doc.positionAt(e.a % n);
  const end = doc.positionAt(e.b % n);
  // Sometimes a character past the end of the line, which both must clamp the same way.
  return { range: { start, end: { line: end.line, character: end.character + (e.past === 4 ? 3 : 0) } }, text: e.text };
}

function assertSame(chunked: ChunkedTextDocument, full: TextDocument): void {
  const t = full.getText();
  assert.equal(chunked.getText(), t);
  assert.equal(chunked.lineCount, full.lineCount);
  for (let o = -1; o <= t.length + 1; o++) assert.deepEqual(chunked.positionAt(o), full.positionAt(o), `positionAt(${o})`);
  for (let line = -1; line <= full.lineCount; line++) {
    for (let character = -1; character <= 8; character++) {
      const p = { line, character };
      assert.equal(chunked.offsetAt(p), full.offsetAt(p), `offsetAt(${line}:${character})`);
      const range = { start: { line: Math.max(0, line - 1), character: 1 }, end: p };
      assert.equal(chunked.getText(range), full.getText(range));
    }
  }
}

/** The reference: each event applied to the text through a fresh FullTextDocument's positions. */
function applied(text: string, events: readonly TextDocumentContentChangeEvent[]): string {
  return events.reduce((t, e) => {
    if (!('range' in e)) return e.text;
    const doc = TextDocument.create('file:///a', 'x', 1, t);
    return TextDocument.applyEdits(doc, [{ range: e.range, newText: e.text }]);
  }, text);
}

test('under random edits, a chunked document answers as a FullTextDocument of the same text does', () => {
  fc.assert(
    fc.property(text, fc.array(edit, { maxLength: 8 }), fc.integer({ min: 1, max: 6 }), (initial, edits, chunkSize) => {
      const chunked = new ChunkedTextDocument('file:///a', 'x', 1, initial, chunkSize);
      let current = initial;
      assertSame(chunked, TextDocument.create('file:///a', 'x', 1, current));
      edits.forEach((e, i) => {
        const before = TextDocument.create('file:///a', 'x', 1, current);
        // Two events per update sometimes: the second applies to the text the first left.
        const first = event(before, e);
        const events = [first];
        if (e.past === 0) events.push(event(TextDocument.create('file:///a', 'x', 1, applied(current, [first])), { ...e, a: e.b, b: e.a, full: 1 }));
        chunked.update(events, i + 2);
        current = applied(current, events);
        // Alternate reading the whole text (which re-cuts the chunks) with not reading it.
        if (i % 2 === 0) chunked.getText();
        assertSame(chunked, TextDocument.create('file:///a', 'x', 1, current));
      });
    }),
    { numRuns: 300 },
  );
});

test('the change history replays from any remembered version to the current text', () => {
  fc.assert(
    fc.property(text, fc.array(edit, { minLength: 1, maxLength: 8 }), fc.nat(), (initial, edits, from) => {
      const doc = new ChunkedTextDocument('file:///a', 'x', 1, initial, 3);
      const texts = new Map([[1, initial]]);
      edits.forEach((e, i) => {
        doc.update([event(doc, { ...e, full: 1 })], 2 * i + 3);
        texts.set(2 * i + 3, doc.getText());
      });
      const versions = [...texts.keys()];
      const version = versions[from % versions.length]!;
      const changes = doc.changesSince(version);
      assert.ok(changes);
      assert.equal(changes.reduce(applyChange, texts.get(version)!), doc.getText());
      assert.equal(doc.changesSince(2), undefined, 'a version the document never had');
    }),
  );
});

test('a full replacement forgets the history before it', () => {
  const doc = new ChunkedTextDocument('file:///a', 'x', 1, 'a\nb\n');
  doc.update([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'x' }], 2);
  assert.deepEqual(doc.changesSince(1), [{ start: 0, end: 0, text: 'x' }]);
  doc.update([{ text: 'new' }], 3);
  assert.equal(doc.changesSince(1), undefined);
  assert.deepEqual(doc.changesSince(3), []);
});

/** Events as VS Code sends a multi-cursor edit or a replace-all: ranges of the text as it was, last in the text first. */
function descendingEvents(doc: TextDocument, cuts: readonly { a: number; b: number; text: string; past: number }[]): TextDocumentContentChangeEvent[] {
  const n = doc.getText().length + 1;
  const offsets = cuts.flatMap((c) => [c.a % n, c.b % n]).sort((x, y) => y - x);
  return cuts.map((c, i) => {
    const start = doc.positionAt(offsets[2 * i + 1]!);
    const end = doc.positionAt(offsets[2 * i]!);
    // Sometimes past the end of its line, which must end the run (the reference clamps it against the text as edited).
    return { range: { start, end: { line: end.line, character: end.character + (c.past === 4 ? 3 : 0) } }, text: c.text };
  });
}

test('a burst of descending changes in one update (multi-cursor, replace-all) leaves the text the changes one by one leave', () => {
  fc.assert(
    fc.property(text, fc.array(edit, { minLength: 2, maxLength: 12 }), fc.integer({ min: 1, max: 8 }), (initial, cuts, chunkSize) => {
      const chunked = new ChunkedTextDocument('file:///a', 'x', 1, initial, chunkSize);
      const events = descendingEvents(TextDocument.create('file:///a', 'x', 1, initial), cuts);
      chunked.update(events, 2);
      const expected = applied(initial, events);
      assertSame(chunked, TextDocument.create('file:///a', 'x', 1, expected));
      const changes = chunked.changesSince(1);
      assert.ok(changes);
      assert.equal(changes.reduce(applyChange, initial), expected, 'the history replays to the same text');
    }),
    { numRuns: 500 },
  );
});

test('150,000 changes in one long line cost one rebuild of the line, not one per change (a replace-all in a minified value)', () => {
  const line = 'ab'.repeat(150_000);
  const doc = new ChunkedTextDocument('file:///a', 'x', 1, `${line}\nend\n`);
  const n = 150_000;
  const events = Array.from({ length: n }, (_, i) => {
    const at = { line: 0, character: 2 * (n - 1 - i) + 1 };
    return { range: { start: at, end: { line: 0, character: at.character + 1 } }, text: 'B' };
  });
  doc.update(events, 2);
  assert.equal(doc.getText(), `${'aB'.repeat(n)}\nend\n`);
  assert.ok(doc.rebuiltCharacters < 3 * line.length, `rebuilt ${doc.rebuiltCharacters} characters for a ${line.length}-character line`);
  assert.equal(doc.changesSince(1)?.length, n, 'every change remembered, none spread into a call');
});
