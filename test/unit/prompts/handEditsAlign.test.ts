// Turn alignment: deleting or inserting a turn is reported as exactly that,
// not as every later turn changed; on generated captures and on the
// alignment itself, with a property test that it always explains the edit.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { align, type AlignOp } from '../../../src-shared/prompts/handEdits/align';
import { generatePrompts } from '../../support/promptsGenerator';
import { handEditFindings } from '../../support/handEditFixtures';

const header = '  [[sessions.turns]]';

/** A generated capture (one session of ten turns) cut into: what precedes the turns, each turn's lines, what follows. */
function capture(): { text: string; head: string[]; turns: string[][]; tail: string[] } {
  const text = generatePrompts({ sessions: 1, turns: 10, seed: 7 });
  const lines = text.split('\n');
  const starts = lines.flatMap((l, i) => (l === header ? [i] : []));
  const end = lines.indexOf('[[edits]]');
  const turns = starts.map((s, k) => lines.slice(s, k + 1 < starts.length ? starts[k + 1] : end));
  return { text, head: lines.slice(0, starts[0]), turns, tail: lines.slice(end) };
}

function join(parts: { head: string[]; turns: string[][]; tail: string[] }): string {
  return [...parts.head, ...parts.turns.flat(), ...parts.tail].join('\n');
}

const whats = (baseline: string, text: string) => handEditFindings(text, baseline).map((f) => (f.data as { what: string }).what);

test('deleting turn 2 of 10 reports exactly one deletion', () => {
  const c = capture();
  assert.equal(c.turns.length, 10);
  const edited = join({ ...c, turns: c.turns.filter((_, i) => i !== 2) });
  assert.deepEqual(whats(c.text, edited), ['turn 2 was deleted']);
});

test('inserting a turn reports exactly one insertion', () => {
  const c = capture();
  const inserted = [header, '  role = "user"', '  text = "An inserted prompt."', ''];
  const edited = join({ ...c, turns: [...c.turns.slice(0, 5), inserted, ...c.turns.slice(5)] });
  assert.deepEqual(whats(c.text, edited), ['turn 5 was inserted']);
});

test('a deletion, an insertion and an edit together are reported as those three', () => {
  const c = capture();
  const inserted = [header, '  role = "assistant"', ''];
  const turns = [...c.turns];
  turns[8] = turns[8]!.map((l) => l.replace('role = "user"', 'role = "user"\n  at = 2026-01-01T00:00:00Z').replace(/^ {2}at = .*$/, ''));
  turns.splice(6, 0, inserted);
  turns.splice(1, 1);
  const edited = join({ ...c, turns });
  assert.deepEqual(whats(c.text, edited), ['turn 1 was deleted', 'turn 5 was inserted', '`at` of turn 8 changed']);
});

/** Applies the operations to `before`, taking inserted and changed items from `after`. */
function replay(ops: readonly AlignOp[], before: readonly number[], after: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  for (const op of ops) {
    if (op.kind === 'deleted') {
      assert.equal(op.before, i++);
      continue;
    }
    if (op.kind !== 'inserted') {
      assert.equal(op.before, i++);
      if (op.kind === 'same') assert.equal(before[op.before], after[op.after]);
    }
    out.push(after[op.after]!);
  }
  assert.equal(i, before.length);
  return out;
}

test('an alignment always rebuilds the edited list, and is no longer than delete-all-insert-all', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 12 }), fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 12 }), (a, b) => {
      const ops = align({ before: a.length, after: b.length, equal: (i, j) => a[i] === b[j], similar: (i, j) => a[i]! % 2 === b[j]! % 2 });
      assert.deepEqual(replay(ops, a, b), b);
      const cost = ops.filter((o) => o.kind !== 'same').length;
      assert.ok(cost <= a.length + b.length);
      for (const o of ops) if (o.kind === 'changed') assert.equal(a[o.before]! % 2, b[o.after]! % 2, 'only similar items pair as changed');
    }),
  );
});

test('items that are not similar are never paired as changed', () => {
  const ops = align({ before: 1, after: 1, equal: () => false, similar: () => false });
  assert.deepEqual(ops, [{ kind: 'deleted', before: 0 }, { kind: 'inserted', after: 0 }]);
});

test('a long list with one deletion in the middle is aligned past the common head and tail', () => {
  const a = Array.from({ length: 5000 }, (_, i) => i);
  const b = a.filter((i) => i !== 2500);
  const ops = align({ before: a.length, after: b.length, equal: (i, j) => a[i] === b[j], similar: () => true });
  assert.deepEqual(ops.filter((o) => o.kind !== 'same'), [{ kind: 'deleted', before: 2500 }]);
});

test('a list of 200,000 items all rewritten aligns by position, without overflowing the call stack', () => {
  const n = 200_000;
  const ops = align({ before: n, after: n + 1, equal: () => false, similar: () => true });
  assert.equal(ops.length, n + 1);
  assert.deepEqual(ops[0], { kind: 'changed', before: 0, after: 0 });
  assert.equal(ops.filter((o) => o.kind === 'inserted').length, 1);
});

test('the minimum-cost table is built up to 4,000,000 cells: a shifted list of 250 or of 1,999 items is one deletion and one insertion; of 2,000 it pairs by position', () => {
  /** Items 1… of 0…n-1 and one new item at the end: nothing in common at the head or the tail, so the middle is the whole list. */
  const shifted = (n: number) => {
    const before = Array.from({ length: n }, (_, i) => i);
    const after = [...before.slice(1), -1];
    return align({ before: n, after: n, equal: (i, j) => before[i] === after[j], similar: () => true });
  };
  for (const n of [250, 1_999]) {
    const ops = shifted(n);
    assert.deepEqual(ops.filter((o) => o.kind !== 'same'), [{ kind: 'deleted', before: 0 }, { kind: 'inserted', after: n - 1 }], `${n} items`);
  }
  const byPosition = shifted(2_000);
  assert.equal(byPosition.filter((o) => o.kind === 'changed').length, 2_000);
});
