// Line edits: applying them to the old text gives the new one, they never
// overlap, and unchanged lines are left out of them.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { lineEdits } from '../../../src-shared/text/lineDiff';
import { applyEdits } from '../../../src-shared/text/textEdit';

test('equal texts need no edits', () => {
  assert.deepStrictEqual(lineEdits('a\nb\n', 'a\nb\n'), []);
});

test('one changed line is one edit of that line', () => {
  assert.deepStrictEqual(lineEdits('a\nb\nc\n', 'a\nB\nc\n'), [{ range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, newText: 'B\n' }]);
});

test('an insertion and a deletion far apart are two edits, each of its own lines', () => {
  const before = ['h', 'x1', 'x2', 'x3', 'x4', 'gone', 'x5', 'x6'].join('\n');
  const after = ['h', 'new', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6'].join('\n');
  assert.deepStrictEqual(lineEdits(before, after), [
    { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, newText: 'new\n' },
    { range: { start: { line: 5, character: 0 }, end: { line: 6, character: 0 } }, newText: '' },
  ]);
});

test('a moved line is a deletion and an insertion, the lines between untouched', () => {
  const before = 'a\nb\nc\nd\n';
  const after = 'b\nc\nd\na\n';
  const edits = lineEdits(before, after);
  assert.equal(applyEdits(before, edits), after);
  assert.equal(edits.map((e) => e.newText).join(''), 'a\n');
});

const linesOf = fc.array(fc.constantFrom('a', 'b', 'c', '', '  x = 1', 'é😀', 'a\r'), { maxLength: 30 }).map((ls) => ls.join('\n'));

test('applying the edits gives the new text, for any two texts (CRLF, no final newline, repeats)', () => {
  fc.assert(
    fc.property(linesOf, linesOf, fc.boolean(), (before, after, newline) => {
      const b = before + (newline ? '\n' : '');
      const edits = lineEdits(b, after);
      assert.equal(applyEdits(b, edits), after);
      for (let i = 1; i < edits.length; i++) {
        const p = edits[i - 1]!.range.end;
        const q = edits[i]!.range.start;
        assert.ok(p.line < q.line || (p.line === q.line && p.character <= q.character), 'in order, not overlapping');
      }
    }),
    { numRuns: 1000 },
  );
});

test('large texts with changes spread through them stay exact', () => {
  const before = Array.from({ length: 20_000 }, (_, i) => `line ${i % 7 === 0 ? 'same' : i}`).join('\n');
  const after = before.replace(/line (\d*5)\b/g, 'LINE $1');
  const edits = lineEdits(before, after);
  assert.equal(applyEdits(before, edits), after);
  assert.ok(edits.every((e) => e.range.end.line - e.range.start.line <= 1), 'each edit is one line');
});
