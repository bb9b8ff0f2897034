// The Session Review's view model (src-shared/prompts/review): what a card
// and a turn show, what is masked (secrets never leave the core), what is
// marked and where, what "as published" leaves out, card keys that survive
// an edit elsewhere, and the two edits the page asks for (redacting a
// selected value, deleting a turn), applied and checked; and the window:
// the cards asked for built, the others outlines that agree with them.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { checkHandEdits } from '../../../src-shared/prompts/handEdits/check';
import { computeFix } from '../../../src-shared/prompts/handEdits/fixes';
import { updatePrompts } from '../../../src-shared/prompts/toml/incremental';
import { deleteTurnEdit, valueSourceRange } from '../../../src-shared/prompts/review/actions';
import { reviewOf, type ReviewInputs } from '../../../src-shared/prompts/review/build';
import { plainText, shown } from '../../../src-shared/prompts/review/pieces';
import { outlineOfCard, slotKey } from '../../../src-shared/prompts/review/outline';
import type { CardOutline, ReviewCard, ReviewTurn, ReviewView } from '../../../src-shared/prompts/review/view';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { applyFix } from '../../support/handEditFixtures';
import { lines } from '../../support/promptsFixtures';

const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123';

const file = lines(
  /*  0 */ 'schema = "spec.prompts/v0.1"',
  /*  1 */ '',
  /*  2 */ '[commit]',
  /*  3 */ 'branch = "feature/login"',
  /*  4 */ 'message = "Add the login form"',
  /*  5 */ 'author_name = "Alice Chen"',
  /*  6 */ 'author_email = "alice@example.com"',
  /*  7 */ 'author_username = "alicec"',
  /*  8 */ '',
  /*  9 */ '[[sessions]]',
  /* 10 */ 'id = "s-1"',
  /* 11 */ 'source = "claude_code"',
  /* 12 */ 'started_at = 2026-04-21T11:47:12Z',
  /* 13 */ 'ended_at = 2026-04-21T11:58:03Z',
  /* 14 */ 'model = "claude-opus"',
  /* 15 */ 'title = "Login form"',
  /* 16 */ 'summary = "Built it."',
  /* 17 */ 'lesson = "Ask first."',
  /* 18 */ 'tags = ["ui", "auth"]',
  /* 19 */ 'outcome = "shipped"',
  /* 20 */ 'merged_from = "feature/login"',
  /* 21 */ 'merged_at = 2026-04-22T09:00:00Z',
  /* 22 */ 'approved_by = "bob"',
  /* 23 */ '',
  /* 24 */ '  [[sessions.turns]]',
  /* 25 */ '  role = "user"',
  /* 26 */ `  text = "Add a login form.\\nUse token ${secret} <b>now</b>"`,
  /* 27 */ '',
  /* 28 */ '  [[sessions.turns]]',
  /* 29 */ '  role = "assistant"',
  /* 30 */ '  summary = "Searched, then ran the tests."',
  /* 31 */ '  text = "hidden: the session is not verbose"',
  /* 32 */ '',
  /* 33 */ '    [[sessions.turns.tool_calls]]',
  /* 34 */ '    name = "Grep"',
  /* 35 */ '    args = { pattern = "LoginForm" }',
  /* 36 */ '',
  /* 37 */ '    [[sessions.turns.tool_calls]]',
  /* 38 */ '    name = "Shell"',
  /* 39 */ '    status = "error"',
  /* 40 */ '    args = { command = "npm test…[truncated 12 chars]" }',
  /* 41 */ '',
  /* 42 */ '  [[sessions.turns]]',
  /* 43 */ '  role = "user"',
  /* 44 */ '  text = "The key was [REDACTED]."',
  /* 45 */ '',
  /* 46 */ '[[sessions]]',
  /* 47 */ 'id = "s-2"',
  /* 48 */ 'source = "cursor"',
  /* 49 */ 'visibility = "private"',
  /* 50 */ 'forked_from = "s-1"',
  /* 51 */ 'verbose = true',
  /* 52 */ '',
  /* 53 */ '  [[sessions.turns]]',
  /* 54 */ '  role = "assistant"',
  /* 55 */ '  text = "Verbose text shows."',
  /* 56 */ '',
);

/** A card built whole (no window): every turn in full. */
type WholeCard = Omit<ReviewCard, 'turns'> & { readonly turns: readonly ReviewTurn[] };

/** The cards built (none is known in these tests but the key test's, none an outline but the window's). */
function built(v: ReviewView): WholeCard[] {
  return v.cards.filter((c): c is WholeCard => 'key' in c && c.turns.every((t) => 'role' in t));
}

function view(text: string, more: Partial<ReviewInputs> = {}): ReviewView {
  const doc = parsePrompts(text);
  return reviewOf(doc, { findings: validatePrompts(doc, { strictUnknownTools: false }), unlogged: [], head: { kind: 'compared' }, published: false, ...more });
}

test('the header: branch, message, author name and username, never the email; counts', () => {
  const v = view(file);
  assert.equal(plainText(v.header.branch!), 'feature/login');
  assert.equal(plainText(v.header.message!), 'Add the login form');
  assert.equal(plainText(v.header.author!), 'Alice Chen');
  assert.equal(v.header.username, 'alicec');
  assert.equal(v.header.line, 2);
  assert.deepEqual(v.header.counts, { sessions: 2, public: 1, private: 1, turns: 4, secrets: 1, unlogged: 0, errors: 1, warnings: 0 });
  assert.ok(!JSON.stringify(v).includes('alice@example.com'), 'no email anywhere in the view');
});

test('a card: title, source, model, outcome, tags, time span, summary, lesson, reviewed stamps', () => {
  const c = built(view(file))[0]!;
  assert.equal(plainText(c.title!), 'Login form');
  assert.deepEqual([c.id, c.source, c.model, c.outcome], ['s-1', 'claude_code', 'claude-opus', 'shipped']);
  assert.deepEqual(c.tags.map(plainText), ['ui', 'auth']);
  assert.equal(c.span, '2026-04-21T11:47:12Z → 2026-04-21T11:58:03Z (11 min)');
  assert.equal(plainText(c.summary!), 'Built it.');
  assert.equal(plainText(c.lesson!), 'Ask first.');
  assert.deepEqual(c.reviewed, { mergedFrom: 'feature/login', mergedAt: '2026-04-22T09:00:00Z', approvedBy: 'bob' });
  assert.equal(c.private, false);
  assert.deepEqual([c.line, c.endLine], [9, 45]);
});

test('a private, verbose, forked session: marked private, its assistant text shown, the fork linked to its card', () => {
  const c = built(view(file))[1]!;
  assert.equal(c.private, true);
  assert.equal(c.title, undefined, 'no title: the page shows the id');
  assert.deepEqual(c.forkedFrom, { id: 's-1', card: 0 });
  assert.equal(plainText(c.turns[0]!.text!), 'Verbose text shows.');
  assert.equal(c.reviewed, undefined);
});

test('turns: user text with its line breaks, assistant summary without its text, tool calls with their key argument', () => {
  const [user, assistant, last] = built(view(file))[0]!.turns;
  assert.equal(user!.role, 'user');
  assert.deepEqual([user!.line, user!.endLine], [24, 27]);
  assert.equal(plainText(user!.text!), 'Add a login form.\nUse token [secret] <b>now</b>');
  assert.equal(assistant!.text, undefined);
  assert.equal(plainText(assistant!.summary!), 'Searched, then ran the tests.');
  assert.deepEqual(
    assistant!.toolCalls.map((t) => [t.name, t.key?.name, t.key && plainText(t.key.value), t.failed, t.line]),
    [
      ['Grep', 'pattern', 'LoginForm', false, 33],
      ['Shell', 'command', 'npm test…[truncated 12 chars]', true, 37],
    ],
  );
  assert.deepEqual(assistant!.toolCalls[1]!.key!.value.pieces.map((p) => p.kind), ['text', 'truncated']);
  assert.deepEqual(last!.text!.pieces.map((p) => p.kind), ['text', 'redacted', 'text']);
});

test('a secret is masked: its characters are nowhere in the view, its piece keeps its offsets', () => {
  const v = view(file);
  assert.ok(!JSON.stringify(v).includes(secret.slice(4)), 'the secret never leaves the core');
  const pieces = built(v)[0]!.turns[0]!.text!.pieces;
  const masked = pieces.find((p) => p.kind === 'secret')!;
  const value = `Add a login form.\nUse token ${secret} <b>now</b>`;
  assert.equal(value.slice(masked.start, masked.end), secret);
  assert.deepEqual(
    pieces.map((p) => [p.start, p.end]),
    [
      [0, value.indexOf(secret)],
      [value.indexOf(secret), value.indexOf(secret) + secret.length],
      [value.indexOf(secret) + secret.length, value.length],
    ],
  );
  assert.equal(built(v)[0]!.turns[0]!.marks[0]!.kind, 'secret');
  assert.doesNotMatch(built(v)[0]!.turns[0]!.marks[0]!.message, /ghp_/);
});

test('pieces: an empty value is one empty text piece; several specials in order', () => {
  assert.deepEqual(shown('').pieces, [{ kind: 'text', start: 0, end: 0, text: '' }]);
  assert.deepEqual(
    shown('[REDACTED] and [REDACTED]').pieces.map((p) => p.kind),
    ['redacted', 'text', 'redacted'],
  );
});

test('marks: a validation error on its turn, an unlogged edit on its turn with the committed text', () => {
  const broken = file.replace('  role = "assistant"\n  summary', '  role = "robot"\n  summary');
  const v = view(broken);
  const turn = built(v)[0]!.turns[1]!;
  assert.deepEqual(turn.marks.map((m) => [m.kind, m.code, m.line]), [['error', 'prompts/bad-enum-value', 29]]);
  const edited = file.replace('text = "The key was [REDACTED]."', 'text = "The key was hidden."');
  const baseline = parsePrompts(file);
  const doc = parsePrompts(edited);
  const verdict = checkHandEdits(baseline, doc);
  const r = reviewOf(doc, { findings: [...verdict.findings], unlogged: verdict.unlogged, head: { kind: 'compared' }, published: false });
  const marks = built(r)[0]!.turns[2]!.marks;
  assert.deepEqual(marks.map((m) => [m.kind, m.committed]), [['unlogged', 'The key was [REDACTED].']]);
  assert.equal(r.header.counts.unlogged, 1);
});

test('as published: only public sessions, no file-level marks, counts of what is shown', () => {
  const v = view(file, { published: true });
  assert.deepEqual(built(v).map((c) => c.id), ['s-1']);
  assert.equal(v.published, true);
  assert.deepEqual(v.marks, []);
  assert.equal(v.header.counts.sessions, 1);
  assert.equal(v.header.counts.private, 0);
  // A public session forked from a private one names its ancestor as unpublished.
  const forked = file.replace('visibility = "private"\nforked_from = "s-1"', 'forked_from = "s-1"').replace('id = "s-1"\nsource = "claude_code"', 'id = "s-1"\nsource = "claude_code"\nvisibility = "private"');
  const w = view(forked, { published: true });
  assert.deepEqual(built(w).map((c) => [c.id, c.forkedFrom]), [['s-2', { id: 's-1', unpublished: true }]]);
  assert.ok(!JSON.stringify(v).includes('alice@example.com'));
});

test('restricted mode: the view says why HEAD was not compared', () => {
  const v = view(file, { head: { kind: 'off', reason: 'restricted mode: git is not run' } });
  assert.deepEqual(v.header.head, { kind: 'off', reason: 'restricted mode: git is not run' });
});

test('a card keeps its key when another session is edited, and gets a new one when its own text changes', () => {
  const before = parsePrompts(file);
  const at = file.indexOf('Verbose text shows.');
  const after = updatePrompts(before, { start: at, end: at, text: 'Still ' });
  const inputs: ReviewInputs = { findings: [], unlogged: [], head: { kind: 'compared' }, published: false };
  const [a0, a1] = built(reviewOf(before, inputs));
  const [b0, b1] = built(reviewOf(after, inputs));
  assert.equal(a0!.key, b0!.key);
  assert.notEqual(a1!.key, b1!.key);
  // Named as known, the unchanged card is not built again; the changed one is.
  const again = reviewOf(after, { ...inputs, known: new Set([a0!.key, a1!.key]) }).cards;
  assert.deepEqual(again[0], { known: a0!.key, line: a0!.line });
  assert.equal((again[1] as ReviewCard).id, 's-2');
});

test('a window builds the cards at its positions only; the others are outlines that agree with the built cards', () => {
  // One parse, so keys agree across the views (a key names its block's parse).
  const doc = parsePrompts(file);
  const findings = validatePrompts(doc, { strictUnknownTools: false });
  const view = (more: Partial<ReviewInputs> = {}) => reviewOf(doc, { findings, unlogged: [], head: { kind: 'compared' }, published: false, ...more });
  const whole = built(view());
  assert.ok(whole.length >= 2);
  for (let from = 0; from <= whole.length; from++) {
    const v = view({ window: { from, to: from + 1 } });
    assert.deepEqual(v.cards.map(slotKey), whole.map((c) => c.key), 'the same keys in the same order');
    v.cards.forEach((slot, k) => {
      if (k === from) assert.deepEqual(slot, whole[k], 'the card in the window, built as without a window');
      else {
        assert.ok('outline' in slot, `position ${k} is an outline`);
        const o = slot;
        const expected = outlineOfCard(whole[k]!);
        // The same facts; marks in the order of their lines either way.
        const byLine = (m: CardOutline['marks']) => [...m].sort((a, b) => a.line - b.line || (a.turn ?? -1) - (b.turn ?? -1));
        assert.deepEqual({ ...o, marks: byLine(o.marks) }, { ...expected, marks: byLine(expected.marks) });
      }
    });
    assert.deepEqual(v.header, view().header, 'the header and its counts do not depend on the window');
  }
  // A window in the published view counts positions among the shown cards.
  const published = view({ published: true, window: { from: 0, to: 1 } });
  assert.ok('key' in published.cards[0]!);
  // Out of range or reversed: every card an outline, never a throw.
  for (const window of [{ from: 5, to: 2 }, { from: -3, to: 0 }, { from: 1e9, to: 1e9 + 1 }]) {
    assert.ok(view({ window }).cards.every((c) => 'outline' in c));
  }
});

test('an outline of a long session is a few numbers per turn, not its text', () => {
  const turns = Array.from({ length: 2000 }, (_, t) => `  [[sessions.turns]]\n  role = "user"\n  text = "Turn ${t}: ${'words '.repeat(40)}"\n`).join('\n');
  const text = `[commit]\nbranch = "b"\n\n[[sessions]]\nid = "long"\n\n${turns}\n[[sessions]]\nid = "short"\n`;
  const doc = parsePrompts(text);
  const inputs: ReviewInputs = { findings: [], unlogged: [], head: { kind: 'compared' }, published: false };
  const o = reviewOf(doc, { ...inputs, window: { from: 1, to: 2 } }).cards[0] as CardOutline;
  assert.equal(o.turns.length, 2000);
  assert.ok(JSON.stringify(o).length < 40 * 2000, `the outline is small (${JSON.stringify(o).length} characters)`);
  assert.ok(!JSON.stringify(o).includes('words'));
  const whole = built(reviewOf(doc, inputs))[0]!;
  assert.deepEqual(o.turns, whole.turns.map((t) => [t.line, t.endLine]));
});

test('a file that does not parse gives an empty, unreadable view, never a throw', () => {
  for (const text of ['', '[[sessions', 'x = 1\n[commit\n', '\u0000\u0000']) {
    const v = view(text);
    assert.equal(built(v).length, 0);
  }
  assert.equal(view('[[sessions').unreadable, true);
});

const env = { now: new Date(Date.UTC(2026, 3, 22, 10, 0, 0)), author: 'bob@example.com' };

test('redacting a selection of the shown value: the decoded offsets become the source characters, escapes included, and one entry', () => {
  const doc = parsePrompts(file);
  const value = doc.sessions[0]!.turns[0]!.view.value['text'] as string;
  const from = value.indexOf('<b>');
  const to = value.indexOf('</b>') + 4;
  const located = valueSourceRange(doc, { session: 0, turn: 0, key: 'text' }, from, to);
  assert.ok(located.ok);
  const line = file.split('\n')[26]!;
  assert.equal(line.slice(located.value.start.character, located.value.end.character), '<b>now</b>');
  // Across the escaped line break: the source holds `\n`, two characters for one.
  const across = valueSourceRange(doc, { session: 0, turn: 0, key: 'text' }, value.indexOf('.\n'), value.indexOf('Use') + 3);
  assert.ok(across.ok);
  assert.equal(line.slice(across.value.start.character, across.value.end.character), '.\\nUse');
  const out = applyFix(file, computeFix(doc, { kind: 'redactValue', value: { session: 0, turn: 0, key: 'text' }, from, to }, env));
  assert.match(out.split('\n')[26]!, /<b>|\[REDACTED\]/);
  assert.ok(out.split('\n')[26]!.endsWith(' [REDACTED]"'));
  const entry = parsePrompts(out).edits[0]!.view.value;
  assert.deepEqual([entry['sessions'], (entry['turns'] as bigint[]).map(Number)], [['s-1'], [0]]);
  // A tool call's argument and a tag are values too.
  assert.ok(valueSourceRange(doc, { session: 0, turn: 1, toolCall: 0, key: 'pattern' }, 0, 5).ok);
  assert.ok(valueSourceRange(doc, { session: 0, key: 'tags', item: 1 }, 0, 2).ok);
  // Offsets past the value, or a value that is gone, are refused.
  assert.equal(valueSourceRange(doc, { session: 0, turn: 0, key: 'text' }, 0, 10_000).ok, false);
  assert.equal(valueSourceRange(doc, { session: 5, key: 'title' }, 0, 1).ok, false);
  assert.equal(valueSourceRange(doc, { session: 0, key: 'tags' }, 0, 1).ok, false);
});

test('deleting a turn: its lines go, one entry records it with the index it had, and the file stays valid', () => {
  const doc = parsePrompts(file);
  const middle = applyFix(file, computeFix(doc, { kind: 'deleteTurn', session: 0, turn: 1 }, env));
  const after = parsePrompts(middle);
  assert.deepEqual(after.sessions[0]!.turns.map((t) => t.view.value['role']), ['user', 'user']);
  assert.deepEqual(validatePrompts(after, { strictUnknownTools: false }).filter((f) => f.severity === 'error'), []);
  const entry = after.edits[0]!.view.value;
  assert.deepEqual([entry['sessions'], (entry['turns'] as bigint[]).map(Number), entry['reason']], [['s-1'], [1], 'Deleted turn 1.']);
  assert.deepEqual(checkHandEdits(doc, after).unlogged, []);
  // The last turn of a session: the block keeps its blank line before the next session.
  const last = applyFix(file, computeFix(doc, { kind: 'deleteTurn', session: 0, turn: 2 }, env));
  assert.match(last, /args = \{ command = "npm test…\[truncated 12 chars\]" \}\n\n\[\[sessions\]\]\nid = "s-2"/);
  assert.deepEqual(checkHandEdits(doc, parsePrompts(last)).unlogged, []);
  // The only turn of a session is refused.
  assert.equal(deleteTurnEdit(doc, 1, 0).ok, false);
});

test('marks: the committed text of an unlogged edit is sent whole up to 2,000 characters, and cut past them saying how much more', () => {
  const committedOf = (text: string) => {
    const baseline = parsePrompts(file.replace('text = "The key was [REDACTED]."', `text = "${text}"`));
    const doc = parsePrompts(file.replace('text = "The key was [REDACTED]."', 'text = "The key was hidden."'));
    const verdict = checkHandEdits(baseline, doc);
    const r = reviewOf(doc, { findings: [...verdict.findings], unlogged: verdict.unlogged, head: { kind: 'compared' }, published: false });
    return built(r)[0]!.turns[2]!.marks.map((m) => m.committed);
  };
  const atLimit = 'abcd '.repeat(400);
  assert.equal(atLimit.length, 2_000);
  assert.deepEqual(committedOf(atLimit), [atLimit]);
  const long = 'abcd '.repeat(1_000);
  assert.deepEqual(committedOf(long), [`${long.slice(0, 2_000)}… (3,000 more characters)`]);
});
