// Hand-edit detection (FORMATS.md B.5) on texts: each way of editing a
// committed file by hand, with the exact finding (code, severity, range,
// message), and which new `[[edits]]` entries record which edits.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { checkHandEdits, judgeable } from '../../../src-shared/prompts/handEdits/check';
import { committed, committedLines, handEditFindings, handEditsShown, withLines } from '../../support/handEditFixtures';

const unlogged = 'since HEAD, and no [[edits]] entry records it';

test('the committed text itself has no hand edit', () => {
  assert.deepEqual(handEditsShown(committed), []);
});

test('rewriting and re-laying out what is there, without changing a value, is no hand edit', () => {
  const relaid = committed
    .replace('title = "Login form"', "title = 'Login form'")
    .replace('  text = "Add a login form."', '  text = """\nAdd a login form."""')
    .replace('args = { pattern = "LoginForm" }', 'args.pattern = "LoginForm"');
  assert.deepEqual(handEditsShown(relaid), []);
});

const cases: { name: string; text: string; expected: string[] }[] = [
  {
    name: 'a changed session field',
    text: withLines(10, 1, 'title = "Sign-in form"'),
    expected: [`warning prompts/unlogged-edit 10:8-10:22 \`title\` changed ${unlogged}`],
  },
  {
    name: 'an added session field, at its value',
    text: withLines(10, 0, 'outcome = "shipped"'),
    expected: [`warning prompts/unlogged-edit 10:10-10:19 \`outcome\` was added ${unlogged}`],
  },
  {
    name: 'a removed session field, at the session header',
    text: withLines(10, 1),
    expected: [`warning prompts/unlogged-edit 7:0-7:12 \`title\` was removed ${unlogged}`],
  },
  {
    name: "a rewritten turn's text",
    text: withLines(14, 1, '  text = "Add a login form with errors."'),
    expected: [`warning prompts/unlogged-edit 14:9-14:40 \`text\` of turn 0 changed ${unlogged}`],
  },
  {
    name: 'a deleted turn, at the header of the turn now in its place',
    text: withLines(16, 7),
    expected: [`warning prompts/unlogged-edit 16:2-16:20 turn 1 was deleted ${unlogged}`],
  },
  {
    name: "a deleted last turn, at the session's last line",
    text: withLines(22, 4),
    expected: [`warning prompts/unlogged-edit 21:4-21:36 turn 2 was deleted ${unlogged}`],
  },
  {
    name: "an inserted turn, at its header",
    text: withLines(16, 0, '  [[sessions.turns]]', '  role = "user"', '  text = "Inserted."', ''),
    expected: [`warning prompts/unlogged-edit 16:2-16:20 turn 1 was inserted ${unlogged}`],
  },
  {
    name: "a tool call's changed argument, at its value",
    text: withLines(21, 1, '    args = { pattern = "Login" }'),
    expected: [`warning prompts/unlogged-edit 21:23-21:30 \`args.pattern\` of tool call 0 of turn 1 changed ${unlogged}`],
  },
  {
    name: 'an inserted tool call, at its header',
    text: withLines(22, 0, '', '    [[sessions.turns.tool_calls]]', '    name = "Read"', '    args = { path = "a.ts" }'),
    expected: [`warning prompts/unlogged-edit 23:4-23:33 tool call 1 of turn 1 was inserted ${unlogged}`],
  },
  {
    name: 'a changed [commit] field',
    text: withLines(3, 1, 'branch = "feature"'),
    expected: [`warning prompts/unlogged-edit 3:9-3:18 \`[commit].branch\` changed ${unlogged}`],
  },
  {
    name: 'a changed session id (an error, not a warning)',
    text: withLines(8, 1, 'id = "s-9"'),
    expected: ['error prompts/session-id-changed 8:5-8:10 the session id changed since HEAD (it was "s-1"); ids never change'],
  },
  {
    name: 'a removed author_email, at the [commit] header',
    text: withLines(5, 1),
    expected: ['error prompts/author-email-removed 2:0-2:8 `[commit].author_email` was removed since HEAD; it is never removed'],
  },
  {
    name: 'a removed [[edits]] entry, where it was (the end of the file)',
    text: withLines(26, 7),
    expected: ['error prompts/edits-entry-removed 25:2-25:34 [[edits]] entry 0 of HEAD was removed here; the log is append-only'],
  },
  {
    name: 'an altered [[edits]] entry, at the changed value',
    text: withLines(32, 1, 'reason = "Tightened turn 0 and 1."'),
    expected: [
      'error prompts/edits-entry-altered 32:9-32:34 this [[edits]] entry changed since HEAD (`reason`); the log is append-only: restore it and add a new entry',
    ],
  },
  {
    name: 'a deleted session, at the next thing that is still there',
    text: withLines(7, 20),
    expected: [`warning prompts/unlogged-edit 7:0-7:9 session "s-1" was deleted ${unlogged}`],
  },
];

for (const c of cases) {
  test(`detects ${c.name}`, () => {
    assert.deepEqual(handEditsShown(c.text), c.expected);
  });
}

test('a session whose id changed is still compared with what it was', () => {
  const text = withLines(8, 1, 'id = "s-9"').replace('"Add a login form."', '"Add a form."');
  assert.deepEqual(handEditsShown(text), [
    'error prompts/session-id-changed 8:5-8:10 the session id changed since HEAD (it was "s-1"); ids never change',
    `warning prompts/unlogged-edit 14:9-14:22 \`text\` of turn 0 changed ${unlogged}`,
  ]);
  assert.deepEqual(handEditFindings(text)[0]!.data, { original: 's-1' });
});

test('a session new since HEAD is a capture, not a hand edit', () => {
  const text = withLines(26, 0, '[[sessions]]', 'id = "s-2"', 'source = "cursor"', '  [[sessions.turns]]', '  role = "user"', '  text = "New."', '');
  assert.deepEqual(handEditsShown(text), []);
});

test('an unlogged edit carries the session, the turn and what changed, for the record fix, and the value as committed', () => {
  const [finding] = handEditFindings(withLines(14, 1, '  text = "Shorter."'));
  assert.deepEqual(finding!.data, { session: 's-1', turn: 0, what: '`text` of turn 0 changed', committed: '"Add a login form."' });
  const [commit] = handEditFindings(withLines(3, 1, 'branch = "feature"'));
  assert.deepEqual(commit!.data, { session: null, turn: null, what: '`[commit].branch` changed', committed: '"main"' });
});

test('the committed value is the TOML text as written at HEAD, for values changed or removed, none for one added', () => {
  const data = (text: string) => handEditFindings(text).map((f) => f.data as { what: string; committed?: string });
  assert.deepEqual(data(withLines(10, 1)), [{ session: 's-1', turn: null, what: '`title` was removed', committed: '"Login form"' }]);
  assert.deepEqual(data(withLines(21, 1, '    args = { pattern = "Form" }')).map((d) => [d.what, d.committed]), [['`args.pattern` of tool call 0 of turn 1 changed', '"LoginForm"']]);
  assert.deepEqual(data(withLines(10, 0, 'model = "m-1"')).map((d) => [d.what, d.committed]), [['`model` was added', undefined]]);
  const multiLine = withLines(14, 1, '  text = \'\'\'', 'Add a', 'login form.', '\'\'\'');
  assert.deepEqual(handEditFindings(withLines(14, 1, '  text = "Short."'), multiLine).map((f) => (f.data as { committed?: string }).committed), ["'''\nAdd a\nlogin form.\n'''"], 'a multi-line string whole, as written');
});

/** The committed text with a turn-0 rewrite and a title change, plus `entry` appended. */
function editedWith(...entry: string[]): string {
  const edited = withLines(14, 1, '  text = "Shorter."').replace('"Login form"', '"Sign-in"');
  return entry.length === 0 ? edited : `${edited}\n${entry.join('\n')}\n`;
}

const entry = (sessions: string, turns: string) => ['[[edits]]', 'at = 2026-04-22T10:00:00Z', 'by = "bob@example.com"', `sessions = ${sessions}`, `turns = ${turns}`, 'reason = "r"'];

test('a new entry records the edits of the sessions it names, and of the turns it lists', () => {
  const codes = (text: string) => handEditFindings(text).map((f) => (f.data as { what: string }).what);
  assert.deepEqual(codes(editedWith()), ['`title` changed', '`text` of turn 0 changed']);
  assert.deepEqual(codes(editedWith(...entry('["s-1"]', '[0]'))), [], 'turn 0 listed; the title needs only the id');
  assert.deepEqual(codes(editedWith(...entry('["s-1"]', '[]'))), [], 'no turns listed: every edit of the session');
  assert.deepEqual(codes(editedWith(...entry('["s-1"]', '[2]'))), ['`text` of turn 0 changed'], 'turn 0 is not listed');
  assert.deepEqual(codes(editedWith(...entry('["s-2"]', '[]'))), ['`title` changed', '`text` of turn 0 changed'], 'another session');
  assert.deepEqual(codes(editedWith(...entry('[]', '[]'))), ['`title` changed', '`text` of turn 0 changed'], 'a file-level entry');
});

test('only an entry with an empty sessions list records a [commit] edit', () => {
  const edited = withLines(3, 1, 'branch = "feature"');
  assert.equal(handEditFindings(`${edited}\n${entry('["s-1"]', '[]').join('\n')}\n`).length, 1);
  assert.deepEqual(handEditFindings(`${edited}\n${entry('[]', '[]').join('\n')}\n`), []);
});

test('an old entry records nothing: only entries new since HEAD count', () => {
  // The committed entry names s-1 and turn 0, but it was there before the edit.
  assert.equal(handEditFindings(withLines(14, 1, '  text = "Shorter."')).length, 1);
});

test('an entry whose sessions or turns are not lists records nothing', () => {
  assert.equal(handEditFindings(editedWith(...entry('"s-1"', '[]'))).length, 2);
  assert.equal(handEditFindings(editedWith(...entry('["s-1"]', '"0"'))).length, 2);
});

test('a file with a syntax error is not judged (a broken block would look deleted)', () => {
  assert.equal(judgeable(parsePrompts(committed)), true);
  assert.equal(judgeable(parsePrompts(withLines(10, 1, 'title = "unclosed'))), false);
});

test('an edit and an entry appended in one go leave only the entry new', () => {
  const text = editedWith(...entry('["s-1"]', '[0]'));
  const verdict = checkHandEdits(parsePrompts(committed), parsePrompts(text));
  assert.equal(verdict.edits.length, 2);
  assert.equal(verdict.unlogged.length, 0);
  assert.equal(committedLines.length, 33);
});
