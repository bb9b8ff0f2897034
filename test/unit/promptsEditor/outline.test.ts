// The outline and folding: the commit, sessions named by title (else id)
// with source and outcome, turns by role and first words, tool calls by
// name and main argument, the edits log; ranges that nest (breadcrumbs),
// a block that does not parse still listed, folds for tables and for values
// that span lines.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { boundedFolds, boundedOutline, firstWords, foldingRangesOf, indexedOutline, type OutlineNode, outlineOf } from '../../../src-shared/prompts/features/outline';
import { generatePrompts } from '../../support/promptsGenerator';
import { comparePositions, type Range } from '../../../src-shared/text/range';
import { lines } from '../../support/promptsFixtures';
import { arbitraryPrompts } from './support/arbitraryPrompts';
import { forEachStatement } from '../../../src-shared/prompts/toml/statements';

const file = lines(
  'schema = "spec.prompts/v0.1"', // 0
  '', // 1
  '[commit]', // 2
  'branch = "main"', // 3
  '', // 4
  '[[sessions]]', // 5
  'id = "s-1"', // 6
  'source = "claude_code"', // 7
  'title = "Fix the \\"flaky\\" test"', // 8
  'outcome = "shipped"', // 9
  '', // 10
  '  [sessions.commit]', // 11
  '  commit_sha = "881cd424e42a851214aa1883c4ffd020f5bd14dc"', // 12
  '', // 13
  '  [[sessions.turns]]', // 14
  '  role = "user"', // 15
  '  text = """', // 16
  '  The checkout test fails one run in ten; find out why and make it pass every time, please.', // 17
  '"""', // 18
  '', // 19
  '  [[sessions.turns]]', // 20
  '  role = "assistant"', // 21
  '', // 22
  '    [[sessions.turns.tool_calls]]', // 23
  '    name = "Grep"', // 24
  '    args = { pattern = "checkout", path = "src" }', // 25
  '', // 26
  '    [[sessions.turns.tool_calls]]', // 27
  '    name = "TodoWrite"', // 28
  '    args = { todos = [{ id = "1", content = "c", status = "s" }] }', // 29
  '# a comment before the next session', // 30
  '', // 31
  '[[sessions]]', // 32
  'id = "s-2"', // 33
  'source = "manual"', // 34
  '', // 35
  '  [[sessions.turns]]', // 36
  "  role = 'user'", // 37
  "  text = 'Again'", // 38
  '', // 39
  '[[edits]]', // 40
  'at = 2026-04-21T12:00:00Z', // 41
  'by = "alice@example.com"', // 42
  'reason = "Redacted a token."', // 43
);

function shape(n: OutlineNode): unknown {
  const r = (x: Range): string => `${x.start.line}:${x.start.character}-${x.end.line}:${x.end.character}`;
  return [n.kind, n.name, n.detail, r(n.range), r(n.selectionRange), ...(n.children.length > 0 ? [n.children.map(shape)] : [])];
}

test('the outline names the commit, each session, turn and tool call, and the edits log, with ranges from header to last key', () => {
  assert.deepStrictEqual(outlineOf(parsePrompts(file)).map(shape), [
    ['commit', 'commit', 'main', '2:0-3:15', '2:0-2:8'],
    [
      'session',
      'Fix the "flaky" test',
      's-1 · claude_code · shipped',
      '5:0-29:66',
      '5:0-5:12',
      [
        ['sessionCommit', 'commit', '881cd424e42a', '11:2-12:57', '11:2-11:19'],
        ['turn', 'user: The checkout test fails one run in ten; find out…', 'turn 0', '14:2-18:3', '14:2-14:20'],
        [
          'turn',
          'assistant: Grep, TodoWrite',
          'turn 1',
          '20:2-29:66',
          '20:2-20:20',
          [
            ['toolCall', 'Grep', 'checkout', '23:4-25:49', '23:4-23:33'],
            ['toolCall', 'TodoWrite', '1 todos', '27:4-29:66', '27:4-27:33'],
          ],
        ],
      ],
    ],
    ['session', 's-2', 'manual', '32:0-38:16', '32:0-32:12', [['turn', 'user: Again', 'turn 0', '36:2-38:16', '36:2-36:20']]],
    ['editsLog', 'edits', '1 hand edit', '40:0-43:28', '40:0-40:9', [['edit', 'Redacted a token.', 'alice@example.com', '40:0-43:28', '40:0-40:9']]],
  ]);
});

test('a session that does not parse is still listed, named by what can be read of it', () => {
  const broken = file.replace('source = "manual"', 'source = "manual');
  const sessions = outlineOf(parsePrompts(broken)).filter((n) => n.kind === 'session');
  assert.deepStrictEqual(
    sessions.map((s) => [s.name, s.children.map((c) => c.name)]),
    [
      ['Fix the "flaky" test', ['commit', 'user: The checkout test fails one run in ten; find out…', 'assistant: Grep, TodoWrite']],
      ['s-2', ['user: Again']],
    ],
  );
});

test('folds: each table from its header to its last key, and each value spanning lines up to its closing line', () => {
  assert.deepStrictEqual(
    foldingRangesOf(parsePrompts(file)).map((f) => `${f.startLine}-${f.endLine}`),
    ['2-3', '5-29', '11-12', '14-18', '16-17', '20-29', '23-25', '27-29', '32-38', '36-38', '40-43'],
  );
});

function within(inner: Range, outer: Range): boolean {
  return comparePositions(outer.start, inner.start) <= 0 && comparePositions(inner.end, outer.end) <= 0;
}

test('on generated files: selection ranges inside ranges, children inside parents, siblings in order', () => {
  const check = (nodes: readonly OutlineNode[], parent: Range | undefined): void => {
    nodes.forEach((n, i) => {
      assert.ok(within(n.selectionRange, n.range), `${n.name}: selection inside range`);
      if (parent) assert.ok(within(n.range, parent), `${n.name}: inside its parent`);
      if (i > 0) assert.ok(comparePositions(nodes[i - 1]!.range.end, n.range.start) <= 0, `${n.name}: after its sibling`);
      check(n.children, n.range);
    });
  };
  fc.assert(
    fc.property(arbitraryPrompts, (text) => {
      const doc = parsePrompts(text);
      check(outlineOf(doc), undefined);
      for (const f of foldingRangesOf(doc)) assert.ok(f.startLine < f.endLine);
    }),
    { numRuns: 200 },
  );
});

/** Nodes per depth (1: commit, sessions, tables, the edits log; 2: turns, session commits, edit entries; 3: tool calls). */
function perDepth(nodes: readonly OutlineNode[], depth = 1, out: number[] = []): number[] {
  for (const n of nodes) {
    out[depth - 1] = (out[depth - 1] ?? 0) + 1;
    perDepth(n.children, depth + 1, out);
  }
  return out;
}

test('a bounded outline is breadth first: every session before any turn, turns before tool calls; cut says so, and within the limit it is the whole outline', () => {
  const doc = parsePrompts(generatePrompts({ sessions: 30, turns: 12, seed: 9 }));
  const whole = outlineOf(doc);
  const [top, second, third] = perDepth(whole);
  assert.ok(top! > 30 && second! > 100 && third! > 10);
  const total = top! + second! + third!;
  assert.deepEqual(boundedOutline(doc, total).nodes, whole);
  assert.equal(boundedOutline(doc, total).cut, false);
  // The top level alone, read from each block's TOML and lines without indexing it, names and places every node as the full outline does.
  const label = (n: OutlineNode): unknown => [n.kind, n.name, n.detail, n.range, n.selectionRange];
  assert.deepEqual(boundedOutline(doc, top!).nodes.map(label), whole.map(label));
  // Room for the top level and some turns: no tool call yet, every session there.
  const someTurns = boundedOutline(doc, top! + 40);
  assert.ok(someTurns.cut);
  assert.deepEqual(perDepth(someTurns.nodes), [top!, 40]);
  // Turns come in file order: the first sessions have all theirs, the later ones none.
  const sessions = someTurns.nodes.filter((n) => n.kind === 'session');
  const withTurns = sessions.findIndex((n) => n.children.length === 0);
  assert.ok(withTurns > 0 && sessions.slice(withTurns + 1).every((n) => n.children.length === 0));
  // Less than the top level: the first nodes in file order.
  const few = boundedOutline(doc, 5);
  assert.deepEqual(few.nodes.map((n) => n.name), whole.slice(0, 5).map((n) => n.name));
  assert.ok(few.cut);
  const folds = boundedFolds(doc, 25);
  assert.ok(folds.cut);
  assert.equal(folds.folds.length, 25);
  assert.deepEqual(boundedFolds(doc, Infinity).folds, foldingRangesOf(doc));
});

test('a bounded outline of a large file reads in full only the blocks whose turns it shows', () => {
  const doc = parsePrompts(generatePrompts({ sessions: 400, turns: 10, seed: 3 }));
  const outline = boundedOutline(doc, 500);
  assert.ok(outline.cut);
  assert.equal(outline.nodes.filter((n) => n.kind === 'session').length, 400);
  // 100 items for turns: a dozen sessions at most, not all 400.
  assert.ok(outline.detailed.length <= 15, `${outline.detailed.length} blocks read in full`);
  const unread = doc.blocks.filter((b) => b.kind === 'session' && !outline.detailed.includes(b));
  assert.ok(unread.length > 380);
});

test('on generated files, the folds are every table of the outline and every value spanning lines, as when each block was read in full', () => {
  const reference = (doc: ReturnType<typeof parsePrompts>): { startLine: number; endLine: number }[] => {
    const folds: { startLine: number; endLine: number }[] = [];
    const visit = (nodes: readonly OutlineNode[]): void => {
      for (const n of nodes) {
        if (n.kind !== 'editsLog' && n.range.end.line > n.range.start.line) folds.push({ startLine: n.range.start.line, endLine: n.range.end.line });
        visit(n.children);
      }
    };
    visit(outlineOf(doc));
    for (const block of doc.blocks) {
      forEachStatement(block.root, (_path, m) => {
        const start = block.positionAt(m.key.start).line;
        const end = block.positionAt(m.value!.end);
        const lineStart = block.offsetAt({ line: end.line, character: 0 });
        let i = lineStart;
        while (block.text[i] === ' ' || block.text[i] === '\t') i++;
        const last = end.character <= 3 + (i - lineStart) ? end.line - 1 : end.line;
        if (last > start) folds.push({ startLine: start, endLine: last });
      });
    }
    return folds.sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine);
  };
  fc.assert(
    fc.property(arbitraryPrompts, (text) => {
      const doc = parsePrompts(text);
      assert.deepEqual(foldingRangesOf(doc), reference(parsePrompts(text)));
    }),
    { numRuns: 200 },
  );
});

test("a turn's first words read only what they show, and say what collapsing all of its text would", () => {
  const reference = (s: string): string => {
    const flat = s.replace(/\s+/g, ' ').trim();
    if (flat.length <= 48) return flat;
    const cut = flat.lastIndexOf(' ', 48);
    return `${flat.slice(0, cut > 24 ? cut : 48)}…`;
  };
  const piece = fc.constantFrom('a', 'word', 'longerword', ' ', '  ', '\n', '\t', '\u00a0', '\u2028', 'é', '😀', 'x'.repeat(30));
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 40 }).map((p) => p.join('')), (s) => assert.equal(firstWords(s), reference(s))),
    { numRuns: 3000 },
  );
});

test('on generated files, the outline and folds read from the layout of blocks that parsed are those read from their position index, node for node', () => {
  const check = (text: string, limit: number): void => {
    const doc = parsePrompts(text);
    const laidOut = boundedOutline(doc, limit);
    const indexed = indexedOutline(parsePrompts(text), limit);
    assert.deepStrictEqual(laidOut.nodes, indexed.nodes);
    assert.deepStrictEqual(laidOut.valueFolds, indexed.valueFolds);
    assert.equal(laidOut.cut, indexed.cut);
  };
  fc.assert(
    fc.property(arbitraryPrompts, fc.constantFrom(Infinity, 3, 10, 40), (text, limit) => check(text, limit)),
    { numRuns: 300 },
  );
  const tricky = lines(
    '[[sessions]]',
    'id = "s-1"',
    "tags = [ # a comment with ] and \" and ''' in it",
    '  "a", # ]]',
    ']',
    '  [[sessions.turns]]',
    '  role = "user"',
    '  text = """',
    '[[sessions.turns]]',
    'role = "assistant"',
    '"""',
    '  [[ sessions . "turns" ]]',
    "  role = 'assistant'",
    '    [[sessions.turns.tool_calls]]',
    '    name = "Read"',
    '    args.path = "src/a.ts"',
    '    [[sessions.turns.tool_calls]]',
    '    name = "TodoWrite"',
    '    args = { todos = [ { id = "1" }, { id = "2" } ] }',
    '  [sessions.commit]',
    "  commit_sha = '''",
    '[sessions.other]',
    "'''",
    'started = 2026-04-21 11:47:12Z',
    '',
    '# trailing',
  );
  for (const text of [tricky, tricky.replace(/\n/g, '\r\n')]) {
    assert.ok(parsePrompts(text).blocks.every((b) => b.kind === 'preamble' || b.value), 'the tricky file parses');
    check(text, Infinity);
    check(text, 3);
  }
  for (const seed of [1, 2, 3]) {
    const text = generatePrompts({ sessions: 6, turns: 8, verbose: true, seed });
    check(text, Infinity);
    check(text.replace(/\n/g, '\r\n'), Infinity);
    check(text, 20);
  }
});

test('a bounded outline of tables with no children is cut exactly when a top-level node is left out', () => {
  const tables = parsePrompts(lines('schema = "spec.prompts/v0.1"', ...['a', 'b', 'c', 'd', 'e', 'f'].flatMap((t) => ['', `[${t}]`, 'x = 1'])));
  const whole = boundedOutline(tables, 6);
  assert.deepEqual([whole.nodes.length, whole.cut], [6, false]);
  const cut = boundedOutline(tables, 5);
  assert.deepEqual([cut.nodes.length, cut.cut], [5, true]);
});
