// The Session Review's turn window and its keys (issue 31): a card in the
// window builds only the turns asked for (its outline stands for the
// rest), so a session of any length costs a screen's worth; no card or turn
// key names a line, so an Enter above a card (or in an earlier turn) leaves
// every key as it was and a view naming what the receiver holds sends keys
// and lines only; a keystroke in one turn of a long session sends that turn.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parsePrompts, type PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { updatePrompts } from '../../../src-shared/prompts/toml/incremental';
import { defaultTurns, maxTurns, reviewOf, type ReviewInputs } from '../../../src-shared/prompts/review/build';
import type { CardOutline, KnownCard, KnownTurn, ReviewCard, ReviewTurn, ReviewView } from '../../../src-shared/prompts/review/view';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';

const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123';

function session(id: string, turns: number, word: string): string {
  const body = Array.from({ length: turns }, (_, t) => `  [[sessions.turns]]\n  role = "user"\n  text = "${word} ${t}: ${'words '.repeat(8)}${t === 2 ? secret : ''}"\n\n    [[sessions.turns.tool_calls]]\n    name = "Read"\n    args = { path = "src/${t}.ts" }\n`);
  return `[[sessions]]\nid = "${id}"\nsource = "manual"\ntitle = "Session ${id}"\n\n${body.join('\n')}`;
}

const small = `schema = "spec.prompts/v0.1"\n\n[commit]\nbranch = "b"\n\n${session('a', 4, 'Alpha')}\n${session('b', 5, 'Beta')}`;

function review(doc: PromptsDocument, more: Partial<ReviewInputs> = {}): ReviewView {
  return reviewOf(doc, { findings: validatePrompts(doc, { strictUnknownTools: false }), unlogged: [], head: { kind: 'compared' }, published: false, ...more });
}

function insert(doc: PromptsDocument, at: number, text: string): PromptsDocument {
  return updatePrompts(doc, { start: at, end: at, text });
}

const fullTurns = (c: ReviewCard | KnownCard): ReviewTurn[] => (c.turns ?? []).filter((t): t is ReviewTurn => 'role' in t);

/** What a receiver of `v` holds: its cards' keys and their turns' keys. */
function held(v: ReviewView): Pick<ReviewInputs, 'known' | 'knownTurns' | 'knownLayouts'> {
  const cards = v.cards.filter((c): c is ReviewCard => 'key' in c);
  return {
    known: new Set(cards.map((c) => c.key)),
    knownTurns: new Set(cards.flatMap((c) => fullTurns(c).map((t) => t.key))),
    knownLayouts: new Set(cards.flatMap((c) => (c.layoutKey === undefined ? [] : [c.layoutKey]))),
  };
}

test('no key names a line: an Enter at the top keeps every card and turn key, and the view of what is held sends keys and the new lines only', () => {
  const before = parsePrompts(small);
  const window = { from: 0, to: 2 };
  const v1 = review(before, { window });
  const cards1 = v1.cards as ReviewCard[];
  assert.equal(cards1.length, 2);
  const after = insert(before, 0, '\n');
  const cards2 = review(after, { window }).cards as ReviewCard[];
  assert.deepEqual(cards2.map((c) => c.key), cards1.map((c) => c.key), 'the card keys');
  assert.deepEqual(cards2.map((c) => fullTurns(c).map((t) => t.key)), cards1.map((c) => fullTurns(c).map((t) => t.key)), 'the turn keys');
  assert.deepEqual(cards2.map((c) => c.line), cards1.map((c) => c.line + 1), 'the lines moved, the keys did not');
  // Named as held, nothing travels but keys and lines.
  const again = review(after, { window, ...held(v1) });
  for (const [k, slot] of again.cards.entries()) {
    assert.ok('known' in slot, `card ${k} is its key`);
    assert.equal((slot as KnownCard).line, cards1[k]!.line + 1);
    assert.ok((slot as KnownCard).turns!.every((t) => 'known' in t && !('role' in t)), `card ${k}'s turns are their keys`);
  }
  assert.ok(!JSON.stringify(again.cards).includes('words'), 'no turn text in the view');
});

test('an Enter inside a turn changes that turn only: the turns after it keep their keys, and their new lines come from the outline', () => {
  const before = parsePrompts(small);
  const window = { from: 0, to: 2 };
  const v1 = review(before, { window });
  const b1 = v1.cards[1] as ReviewCard;
  const at = small.indexOf('Beta 1:') + 'Beta 1:'.length;
  const after = insert(before, at, '\\n');
  const v2 = review(after, { window, ...held(v1) });
  assert.deepEqual(v2.cards[0], { known: (v1.cards[0] as ReviewCard).key, line: (v1.cards[0] as ReviewCard).line, turns: fullTurns(v1.cards[0] as ReviewCard).map((t) => ({ known: t.key, index: t.index })) });
  const b2 = v2.cards[1] as ReviewCard;
  assert.ok('key' in b2 && b2.key !== b1.key, 'the edited card is new');
  assert.deepEqual(b2.turns.map((t) => ('known' in t ? 'kept' : t.index)), ['kept', 1, 'kept', 'kept', 'kept'], 'only turn 1 is sent');
  // A turn added a line: the line break is escaped, so the same lines; the outline says where each turn is now.
  const line = after.text.split('\n').findIndex((l) => l.includes('Beta 3:'));
  assert.ok(b2.layout, 'a changed outline comes whole');
  assert.ok(line >= b2.layout.turns[3]![0] && line <= b2.layout.turns[3]![1]);
});

/** One session of `n` turns, then a short one. */
function long(n: number): string {
  return `[commit]\nbranch = "b"\n\n${session('long', n, 'Turn')}\n${session('short', 2, 'Short')}`;
}

test('a card of 3,000 turns in the window builds the turns asked for and its outline, not its text; a keystroke in one turn sends that turn', () => {
  const text = long(3000);
  const doc = parsePrompts(text);
  const window = { from: 0, to: 2, turns: [{ card: 0, from: 1500, to: 1540 }] };
  const v1 = review(doc, { window });
  const card = v1.cards[0] as ReviewCard;
  assert.deepEqual(fullTurns(card).map((t) => t.index), Array.from({ length: 40 }, (_, k) => 1500 + k));
  assert.equal(card.layout!.turns.length, 3000, "every turn's lines are in its outline");
  assert.equal(fullTurns(v1.cards[1] as ReviewCard).length, 2, 'the short card whole');
  const bytes = JSON.stringify(v1).length;
  assert.ok(bytes < 100_000 && bytes < text.length / 10, `the view is a screen's worth (${bytes} characters of ${text.length})`);
  const at = text.indexOf('Turn 1510:') + 'Turn 1510:'.length;
  const v2 = review(insert(doc, at, 'x'), { window, ...held(v1) });
  const edited = v2.cards[0] as ReviewCard;
  assert.deepEqual(fullTurns(edited).map((t) => t.index), [1510], 'only the edited turn is sent whole');
  assert.equal(edited.turns.filter((t): t is KnownTurn => 'known' in t).length, 39);
  // Its outline is as it was (no line added): named as held, it comes as its key, so the keystroke costs the same in a session of any length.
  assert.equal(edited.layoutKey, card.layoutKey);
  assert.equal(edited.layout, undefined);
  assert.ok(JSON.stringify(v2).length < 10_000, `a keystroke's view: ${JSON.stringify(v2).length} characters`);
});

test('the turn window: the first turns when none is asked, at most maxTurns, empty when reversed or past the end; without a window every turn', () => {
  const doc = parsePrompts(long(600));
  const built = (turns?: { card: number; from: number; to: number }[]) => fullTurns(review(doc, { window: { from: 0, to: 1, ...(turns && { turns }) } }).cards[0] as ReviewCard).map((t) => t.index);
  assert.deepEqual(built(), Array.from({ length: defaultTurns }, (_, k) => k));
  assert.equal(built([{ card: 0, from: 0, to: 1e9 }]).length, maxTurns);
  assert.deepEqual(built([{ card: 0, from: 50, to: 10 }]), []);
  assert.deepEqual(built([{ card: 0, from: 5000, to: 6000 }]), []);
  assert.deepEqual(built([{ card: 0, from: 598, to: 700 }]), [598, 599]);
  assert.equal(fullTurns(review(doc).cards[0] as ReviewCard).length, 600);
  const outline = review(doc, { window: { from: 1, to: 2 } }).cards[0] as CardOutline;
  assert.equal(outline.turns.length, 600);
});

test('turn and tool-call lines found by their headers agree with the position index, and fall back to it when a header is written otherwise', () => {
  // A quoted header, an inline tool call and a string holding a header-like line: the search's count differs, the index answers.
  const odd = `[commit]\nbranch = "b"\n\n[[sessions]]\nid = "odd"\n\n  [["sessions".turns]]\n  role = "user"\n  text = """\n[[sessions.turns]]\n"""\n\n  [[sessions.turns]]\n  role = "assistant"\n  tool_calls = [{ name = "Read", args = { path = "a" } }]\n`;
  // Headers as the writer prints them, and a string holding a header-like line: one more found than parsed.
  const fake = `[commit]\nbranch = "b"\n\n[[sessions]]\nid = "fake"\n\n  [[sessions.turns]]\n  role = "user"\n  text = '''\n[[sessions.turns]]\n'''\n\n  [[sessions.turns]]\n  role = "user"\n  text = "two"\n`;
  // Headers as the writer prints them and one turn's tool call written inline: that turn's search finds no call header.
  const inline = `[commit]\nbranch = "b"\n\n[[sessions]]\nid = "inline"\n\n  [[sessions.turns]]\n  role = "assistant"\n  tool_calls = [{ name = "Read", args = { path = "a" } }]\n\n  [[sessions.turns]]\n  role = "assistant"\n\n    [[sessions.turns.tool_calls]]\n    name = "Read"\n    args = { path = "b" }\n`;
  for (const text of [small, odd, fake, inline]) {
    const doc = parsePrompts(text);
    assert.ok(doc.sessions.length > 0 && doc.sessions.every((x) => x.turns.length > 0), 'the fixture parses');
    const v = review(doc);
    for (const [k, c] of (v.cards as ReviewCard[]).entries()) {
      const s = doc.sessions[k]!;
      assert.equal(c.line, s.view.range.start.line);
      fullTurns(c).forEach((t, i) => {
        assert.equal(t.line, s.turns[i]!.view.range.start.line, `turn ${i} of card ${k}`);
        t.toolCalls.forEach((call, j) => assert.equal(call.line, s.turns[i]!.toolCalls[j]!.view.range.start.line));
      });
    }
  }
});
