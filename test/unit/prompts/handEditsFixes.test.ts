// The hand-edit fixes as the server computes them: recording detected
// edits, redacting a selection inside any kind of string (and refusing one
// that touches TOML syntax), making a session private, restoring an id.
// Each result, applied, parses, validates, and leaves no unlogged edit.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import type { UnloggedEditData } from '../../../src-shared/prompts/handEdits/codes';
import { computeFix, type FixRequest, type FixResult } from '../../../src-shared/prompts/handEdits/fixes';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { range } from '../../../src-shared/text/range';
import { applyFix, committed, handEditFindings, withLines } from '../../support/handEditFixtures';

const env = { now: new Date(Date.UTC(2026, 3, 22, 10, 0, 0)), author: 'bob@example.com' };

function fix(text: string, request: FixRequest): FixResult {
  return computeFix(parsePrompts(text), request, env);
}

/** Applies the fix; asserts the result validates cleanly and has no hand edit left unrecorded against `committed`. */
function applied(text: string, request: FixRequest): string {
  const out = applyFix(text, fix(text, request));
  assert.deepEqual(validatePrompts(parsePrompts(out), { strictUnknownTools: false }), []);
  assert.deepEqual(handEditFindings(out), []);
  return out;
}

function lineOf(text: string, n: number): string {
  return text.split('\n')[n]!;
}

/** The last entry of a text's log, as a plain object. */
function lastEntry(text: string): Record<string, unknown> {
  const edits = parsePrompts(text).edits;
  const v = edits[edits.length - 1]!.view.value;
  return { sessions: v['sessions'], turns: (v['turns'] as bigint[]).map(Number), by: v['by'], reason: v['reason'], at: (v['at'] as Date).toISOString() };
}

test('recording the unlogged edits of every kind leaves none, and the file valid', () => {
  const edited = [
    withLines(10, 1, 'title = "Sign-in form"'),
    withLines(14, 1, '  text = "Add a login form with errors."'),
    withLines(16, 7),
    withLines(16, 0, '  [[sessions.turns]]', '  role = "user"', '  text = "Inserted."', ''),
    withLines(21, 1, '    args = { pattern = "Login" }'),
    withLines(3, 1, 'branch = "feature"'),
    withLines(10, 1, 'title = "Sign-in form"').replace('"Add a login form."', '"Add a form."').replace('branch = "main"', 'branch = "x"'),
  ];
  for (const text of edited) {
    const data = handEditFindings(text).map((f) => f.data as UnloggedEditData);
    assert.ok(data.length > 0);
    applied(text, { kind: 'record', edits: data });
  }
});

test('a record fix writes one entry for sessions and one with no sessions for [commit]', () => {
  const edits: UnloggedEditData[] = [
    { session: 's-1', turn: 2, what: '`text` of turn 2 changed' },
    { session: 's-1', turn: null, what: '`title` changed' },
    { session: 's-1', turn: 0, what: 'turn 0 was deleted' },
    { session: null, turn: null, what: '`[commit].branch` changed' },
  ];
  const out = applyFix(committed, fix(committed, { kind: 'record', edits }));
  const log = parsePrompts(out).edits.map((e) => ({ sessions: e.view.value['sessions'], turns: (e.view.value['turns'] as bigint[]).map(Number) }));
  assert.deepEqual(log.slice(1), [
    { sessions: ['s-1'], turns: [0, 2] },
    { sessions: [], turns: [] },
  ]);
  assert.equal(lastEntry(out)['reason'], 'Hand edit: text of turn 2 changed; title changed; turn 0 was deleted; [commit].branch changed.');
  assert.equal(lastEntry(out)['by'], 'bob@example.com');
  assert.equal(lastEntry(out)['at'], '2026-04-22T10:00:00.000Z');
});

// B.5: an entry naming a session records every edit of its session fields,
// whatever its turns. So a fix asked for one edit also records an earlier,
// unrelated session-field edit; the reason it writes must say so.
test('a new entry\'s reason names every unlogged edit it records, not only the one asked for', () => {
  const titled = withLines(10, 1, 'title = "Sign-in form"');
  const unlogged = handEditFindings(titled).map((f) => f.data as UnloggedEditData);
  assert.deepEqual(unlogged, [{ session: 's-1', turn: null, what: '`title` changed', committed: '"Login form"' }]);
  const withEnv = (text: string, request: FixRequest) => applyFix(text, computeFix(parsePrompts(text), request, { ...env, unlogged }));

  const redacted = withEnv(titled, { kind: 'redact', ranges: [range(14, 16, 14, 21)] });
  assert.deepEqual(lastEntry(redacted)['reason'], 'Redacted text in turn 0. Also records: title changed.');
  assert.deepEqual(handEditFindings(redacted), [], 'it does record both');

  const alsoText = withLines(10, 1, 'title = "Sign-in form"').replace('"Add a login form."', '"Add a form."');
  const both = handEditFindings(alsoText).map((f) => f.data as UnloggedEditData);
  const textEdit = both.find((d) => d.turn === 0)!;
  const recorded = applyFix(alsoText, computeFix(parsePrompts(alsoText), { kind: 'record', edits: [textEdit] }, { ...env, unlogged: both }));
  assert.equal(lastEntry(recorded)['reason'], 'Hand edit: text of turn 0 changed; title changed.');

  const privateNow = withEnv(titled, { kind: 'makePrivate', position: { line: 8, character: 0 } });
  assert.equal(lastEntry(privateNow)['reason'], 'Made the session private. Also records: title changed.');

  const commitEdit = withLines(3, 1, 'branch = "feature"');
  const commitOnly = handEditFindings(commitEdit).map((f) => f.data as UnloggedEditData);
  const unrelated = applyFix(commitEdit, computeFix(parsePrompts(commitEdit), { kind: 'redact', ranges: [range(14, 16, 14, 21)] }, { ...env, unlogged: commitOnly }));
  assert.equal(lastEntry(unrelated)['reason'], 'Redacted text in turn 0.', 'an edit the entry does not record is not named');
});

test('recording nothing is refused', () => {
  assert.deepEqual(fix(committed, { kind: 'record', edits: [] }), { ok: false, message: 'There is no unlogged hand edit to record.' });
});

const redactions: { name: string; text: string; selection: ReturnType<typeof range>; line: number; expected: string; entry: Record<string, unknown> }[] = [
  {
    name: 'in a basic string (a turn text)',
    text: committed,
    selection: range(14, 16, 14, 21),
    line: 14,
    expected: '  text = "Add a [REDACTED] form."',
    entry: { sessions: ['s-1'], turns: [0], reason: 'Redacted text in turn 0.' },
  },
  {
    name: 'in a literal string',
    text: withLines(14, 1, "  text = 'Add a login form.'"),
    selection: range(14, 16, 14, 21),
    line: 14,
    expected: "  text = 'Add a [REDACTED] form.'",
    entry: { sessions: ['s-1'], turns: [0], reason: 'Redacted text in turn 0.' },
  },
  {
    name: 'in a multi-line basic string, widened to a whole escape',
    text: withLines(14, 1, '  text = """', 'Add a \\u006Cogin form.', '"""'),
    selection: range(15, 8, 15, 14),
    line: 15,
    expected: 'Add a [REDACTED]in form.',
    entry: { sessions: ['s-1'], turns: [0], reason: 'Redacted text in turn 0.' },
  },
  {
    name: 'in a multi-line literal string, across lines',
    text: withLines(14, 1, "  text = '''", 'Add a login', 'form.', "'''"),
    selection: range(15, 6, 16, 4),
    line: 15,
    expected: 'Add a [REDACTED].',
    entry: { sessions: ['s-1'], turns: [0], reason: 'Redacted text in turn 0.' },
  },
  {
    name: "in a tool call's argument (an inline table)",
    text: committed,
    selection: range(21, 24, 21, 29),
    line: 21,
    expected: '    args = { pattern = "[REDACTED]Form" }',
    entry: { sessions: ['s-1'], turns: [1], reason: 'Redacted text in turn 1.' },
  },
  {
    name: 'in a session field',
    text: committed,
    selection: range(10, 9, 10, 14),
    line: 10,
    expected: 'title = "[REDACTED] form"',
    entry: { sessions: ['s-1'], turns: [], reason: 'Redacted text in title.' },
  },
  {
    name: 'in [commit] (a file-level entry)',
    text: committed,
    selection: range(4, 21, 4, 25),
    line: 4,
    expected: 'author_name = "Alice [REDACTED]"',
    entry: { sessions: [], turns: [], reason: 'Redacted text in author_name.' },
  },
];

for (const r of redactions) {
  test(`Redact Selection ${r.name}: replaced, and recorded`, () => {
    const out = applyFix(r.text, fix(r.text, { kind: 'redact', ranges: [r.selection] }));
    assert.equal(lineOf(out, r.line), r.expected);
    const { sessions, turns, reason } = lastEntry(out);
    assert.deepEqual({ sessions, turns, reason }, r.entry);
    assert.deepEqual(
      validatePrompts(parsePrompts(out), { strictUnknownTools: false }).filter((f) => f.code === 'prompts/toml-syntax'),
      [],
    );
    assert.deepEqual(handEditFindings(out, r.text), [], 'the entry records the redaction');
  });
}

test('redacting several ranges at once (a secret fix\'s "redact all") records them in one entry', () => {
  const out = applied(committed, { kind: 'redact', ranges: [range(25, 26, 25, 32), range(14, 16, 14, 21), range(10, 9, 10, 14)] });
  assert.equal(lineOf(out, 10), 'title = "[REDACTED] form"');
  assert.equal(lineOf(out, 14), '  text = "Add a [REDACTED] form."');
  assert.equal(lineOf(out, 25), '  text = "Now disable the [REDACTED]."');
  const { sessions, turns, reason } = lastEntry(out);
  assert.deepEqual({ sessions, turns, reason }, { sessions: ['s-1'], turns: [0, 2], reason: 'Redacted 3 secrets.' });
});

test('redacting text that already reads [REDACTED] is refused, not recorded', () => {
  const once = applyFix(committed, fix(committed, { kind: 'redact', ranges: [range(14, 16, 14, 21)] }));
  assert.deepEqual(fix(once, { kind: 'redact', ranges: [range(14, 16, 14, 26)] }), { ok: false, message: 'That text is redacted already.' });
});

const outside = 'Select text inside one string value (not its quotes, a key or several values) to redact it.';

const refusals: { name: string; selection: ReturnType<typeof range>; message: string }[] = [
  { name: 'a selection that takes in a quote', selection: range(14, 9, 14, 14), message: outside },
  { name: 'a selection on a key', selection: range(14, 2, 14, 6), message: outside },
  { name: 'a selection over two values', selection: range(13, 10, 14, 14), message: outside },
  { name: 'a selection over a table header', selection: range(11, 0, 13, 4), message: outside },
  { name: 'a selection in a non-string value', selection: range(28, 6, 28, 10), message: outside },
  { name: 'an empty selection', selection: range(14, 16, 14, 16), message: 'Select the text to redact first.' },
  { name: 'a selection in an [[edits]] entry', selection: range(32, 11, 32, 20), message: 'The [[edits]] log is append-only: redacting inside an entry would alter it.' },
];

for (const r of refusals) {
  test(`Redact Selection refuses ${r.name}`, () => {
    assert.deepEqual(fix(committed, { kind: 'redact', ranges: [r.selection] }), { ok: false, message: r.message });
  });
}

test('Make Session Private adds visibility where the writer puts it, and records it', () => {
  const out = applied(committed, { kind: 'makePrivate', position: { line: 7, character: 3 } });
  assert.equal(lineOf(out, 11), 'visibility = "private"');
  assert.equal(lineOf(out, 10), 'title = "Login form"');
  const { sessions, turns, reason } = lastEntry(out);
  assert.deepEqual({ sessions, turns, reason }, { sessions: ['s-1'], turns: [], reason: 'Made the session private.' });
});

test('Make Session Private puts the key before the first key the writer puts after it', () => {
  const text = withLines(10, 0, 'forked_from = "s-0"');
  const out = applyFix(text, fix(text, { kind: 'makePrivate', position: { line: 8, character: 0 } }));
  assert.deepEqual(out.split('\n').slice(9, 12), ['source = "claude_code"', 'visibility = "private"', 'forked_from = "s-0"']);
});

test('Make Session Private replaces a public visibility, and lines its key up with aligned keys', () => {
  const text = withLines(10, 1, 'visibility = "public"');
  const out = applyFix(text, fix(text, { kind: 'makePrivate', position: { line: 7, character: 0 } }));
  assert.equal(lineOf(out, 10), 'visibility = "private"');
  const aligned = withLines(8, 3, 'id          = "s-1"', 'source      = "claude_code"', 'outcome     = "shipped"');
  const alignedOut = applyFix(aligned, fix(aligned, { kind: 'makePrivate', position: { line: 7, character: 0 } }));
  assert.equal(lineOf(alignedOut, 11), 'visibility  = "private"');
});

test('Make Session Private refuses a private session and a cursor outside sessions', () => {
  const text = withLines(10, 1, 'visibility = "private"');
  assert.deepEqual(fix(text, { kind: 'makePrivate', position: { line: 7, character: 0 } }), { ok: false, message: 'This session is already private.' });
  assert.deepEqual(fix(committed, { kind: 'makePrivate', position: { line: 3, character: 0 } }), {
    ok: false,
    message: 'Put the cursor in a [[sessions]] table to make that session private.',
  });
});

test('restoring a changed session id puts the committed id back, with no entry', () => {
  const text = withLines(8, 1, 'id = "s-9"');
  const [finding] = handEditFindings(text);
  const result = fix(text, { kind: 'restoreId', range: finding!.range, original: 's-1' });
  assert.ok(result.ok && result.entry === undefined);
  assert.equal(applyFix(text, result), committed);
});

test('a session id that looks like a secret is never copied into a new entry: the others are recorded, it alone is refused (issue 28)', () => {
  const secretId = 'ghp_' + 'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5';
  const edits: UnloggedEditData[] = [
    { session: secretId, turn: 1, what: '`text` of turn 1 changed' },
    { session: 's-1', turn: 2, what: '`text` of turn 2 changed' },
    { session: null, turn: null, what: '`branch` changed' },
  ];
  const mixed = fix(committed, { kind: 'record', edits });
  assert.ok(mixed.ok && mixed.entry);
  assert.ok(!mixed.entry.text.includes(secretId.slice(4, 14)), mixed.entry.text);
  assert.match(mixed.entry.text, /sessions = \["s-1"\]\n.*turns = \[2\]/);
  const alone = fix(committed, { kind: 'record', edits: [edits[0]!] });
  assert.deepEqual(alone, { ok: false, message: 'The session id looks like a secret, and the edits log is append-only: give the session another id first, then record its edits.' });
});
