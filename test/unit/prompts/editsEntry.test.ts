// Appending `[[edits]]` entries: the exact text in the file's style (line
// ending, key alignment, one blank line before), the snippet's tab stops
// and escapes, and that what is written parses and validates.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { appendEntries, type EntryFields, utcSecond } from '../../../src-shared/prompts/handEdits/editsEntry';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { committed, snippetText } from '../../support/handEditFixtures';

const fields: EntryFields = { at: '2026-04-22T10:00:00Z', by: 'bob@example.com', sessions: ['s-1'], turns: [0, 2], reason: 'Tightened.' };

const plainEntry = ['[[edits]]', 'at = 2026-04-22T10:00:00Z', 'by = "bob@example.com"', 'sessions = ["s-1"]', 'turns = [0, 2]', 'reason = "Tightened."'];

test('an entry goes at the end, after one blank line, keys as the last entry writes them', () => {
  const insertion = appendEntries(parsePrompts(committed), [fields]);
  assert.deepEqual(insertion.position, { line: 33, character: 0 });
  assert.equal(insertion.text, `\n${plainEntry.join('\n')}\n`);
  assert.equal(insertion.snippet, `\n${plainEntry.join('\n').replace('"Tightened."', '"${1:Tightened.}"')}\n`);
});

test('the blank line before the entry is added only where missing', () => {
  const noNewline = committed.trimEnd();
  assert.ok(appendEntries(parsePrompts(noNewline), [fields]).text.startsWith('\n\n[[edits]]\n'));
  assert.ok(appendEntries(parsePrompts(`${committed}\n`), [fields]).text.startsWith('[[edits]]\n'));
  assert.ok(appendEntries(parsePrompts(`${committed}  \n`), [fields]).text.startsWith('[[edits]]\n'));
});

test('a CRLF file gets CRLF line ends', () => {
  const crlf = committed.replaceAll('\n', '\r\n');
  const insertion = appendEntries(parsePrompts(crlf), [fields]);
  assert.equal(insertion.text, `\r\n${plainEntry.join('\r\n')}\r\n`);
  assert.doesNotMatch(insertion.text.replaceAll('\r\n', ''), /\n/);
});

const alignedEntry = ['[[edits]]', 'at       = 2026-04-22T10:00:00Z', 'by       = "bob@example.com"', 'sessions = ["s-1"]', 'turns    = [0, 2]', 'reason   = "Tightened."'];

test('aligned keys in the last entry are aligned the same way', () => {
  const aligned = committed
    .replace('at = 2026-04-21T09:00:00Z', 'at       = 2026-04-21T09:00:00Z')
    .replace('by = "alice', 'by       = "alice')
    .replace('turns = [0]', 'turns    = [0]')
    .replace('reason = "Tight', 'reason   = "Tight');
  assert.equal(appendEntries(parsePrompts(aligned), [fields]).text, `\n${alignedEntry.join('\n')}\n`);
  const wider = aligned.replace(/^(\w+) +=/gm, (_, k: string) => `${k.padEnd(11)}=`);
  assert.match(appendEntries(parsePrompts(wider), [fields]).text, /^sessions {3}= \["s-1"\]$/m);
});

test('with no entry yet, an aligned [commit] makes the new entry align its own keys', () => {
  const noLog = committed.slice(0, committed.indexOf('[[edits]]'));
  const alignedCommit = noLog
    .replace('branch = "main"', 'branch       = "main"')
    .replace('author_name = "Alice Chen"', 'author_name  = "Alice Chen"');
  assert.equal(appendEntries(parsePrompts(alignedCommit), [fields]).text, `${alignedEntry.join('\n')}\n`);
  assert.equal(appendEntries(parsePrompts(noLog), [fields]).text, `${plainEntry.join('\n')}\n`);
});

test('indented keys in the last entry are indented the same way', () => {
  const indented = committed.replace(/^(at|by|sessions|turns|reason) = /gm, '  $1 = ');
  assert.match(appendEntries(parsePrompts(indented), [fields]).text, /\n\[\[edits\]\]\n {2}at = 2026-04-22T10:00:00Z\n {2}by = /);
});

test('the reason is escaped twice over: for TOML, then for the snippet', () => {
  const reason = 'Costs $5 {a} "quoted" back\\slash';
  const insertion = appendEntries(parsePrompts(committed), [{ ...fields, reason }]);
  assert.match(insertion.snippet, /^reason = "\$\{1:Costs \\\$5 \{a\\\} \\\\"quoted\\\\" back\\\\\\\\slash\}"$/m);
  const appended = parsePrompts(committed + insertion.text);
  assert.equal(appended.edits[1]!.view.value['reason'], reason);
});

test('without a known email, `by` is the second tab stop', () => {
  const insertion = appendEntries(parsePrompts(committed), [{ ...fields, by: undefined }]);
  assert.match(insertion.snippet, /^by = "\$\{2:you@example\.com\}"$/m);
  assert.match(insertion.text, /^by = "you@example\.com"$/m);
});

test('two entries share one reason tab stop, so typing fills both', () => {
  const insertion = appendEntries(parsePrompts(committed), [fields, { ...fields, sessions: [], turns: [] }]);
  assert.equal(insertion.snippet.match(/\$\{1:Tightened\.\}/g)?.length, 2);
  assert.match(insertion.text, /reason = "Tightened\."\n\n\[\[edits\]\]\n/);
});

test('what is appended parses and validates: no finding at all', () => {
  for (const base of [committed, committed.trimEnd(), committed.replaceAll('\n', '\r\n')]) {
    const insertion = appendEntries(parsePrompts(base), [fields, { ...fields, sessions: [], turns: [], by: undefined }]);
    assert.deepEqual(validatePrompts(parsePrompts(base + insertion.text), { strictUnknownTools: false }), []);
  }
});

test('time is written in UTC to the second, with Z', () => {
  assert.equal(utcSecond(new Date(Date.UTC(2026, 3, 22, 10, 0, 5, 987))), '2026-04-22T10:00:05Z');
});

test('the snippet, its placeholders accepted, is exactly the plain text', () => {
  const reason = 'Costs $5 {a} "quoted" back\\slash';
  for (const by of ['bob@example.com', undefined]) {
    const insertion = appendEntries(parsePrompts(committed), [{ ...fields, by, reason }, { ...fields, sessions: [], turns: [], by, reason }]);
    assert.equal(snippetText(insertion.snippet), insertion.text);
  }
});
