// Invisible characters in `.prompts` values: the warning (one per run, on
// its exact source characters, naming each character), what is not flagged
// (plain text, emoji joined by ZWJ, joiners inside Persian and Devanagari
// words), the fix that removes them and records it in [[edits]], and the
// Session Review's badges that stand in for them. The test source writes
// every such character as a JavaScript escape, so none hides in this file.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { computeFix } from '../../../src-shared/prompts/handEdits/fixes';
import { publishedMarkdown } from '../../../src-shared/prompts/review/markdown';
import { plainText, shown } from '../../../src-shared/prompts/review/pieces';
import { hitsIn } from '../../../src-shared/prompts/review/search';
import { findInvisible, invisibleBadge, invisibleChars } from '../../../src-shared/text/invisibleChars';
import { applyFix, handEditFindings, withLines } from '../../support/handEditFixtures';
import { findingsOf, show, textAt } from '../../support/promptsFixtures';

const code = 'prompts/invisible-characters';
const invisible = (text: string) => findingsOf(text).filter((f) => f.code === code);
const env = { now: new Date(Date.UTC(2026, 3, 22, 10, 0, 0)), author: 'bob@example.com' };

test('a right-to-left override in a turn is one warning on its exact characters, named', () => {
  const text = withLines(14, 1, '  text = "Add a login \u202Emrof\u202C."');
  const found = invisible(text);
  assert.deepEqual(found.map(show), [
    'warning prompts/invisible-characters 14:22-14:23 `text` holds a right-to-left override (U+202E), which can reorder what a reviewer reads; remove it',
    'warning prompts/invisible-characters 14:27-14:28 `text` holds a pop directional formatting (U+202C), which can reorder what a reviewer reads; remove it',
  ]);
  assert.deepEqual(found.map((f) => textAt(text, f)), ['\u202E', '\u202C']);
});

test('a run of several is one finding, each kind named once; an escape is covered whole', () => {
  const run = invisible(withLines(10, 1, 'title = "Log\u200B\u200B\u2066in"'));
  assert.deepEqual(run.map(show), [
    'warning prompts/invisible-characters 10:12-10:15 `title` holds a zero-width space (U+200B) and a left-to-right isolate (U+2066), which can reorder what a reviewer reads, and splits the text where a reviewer (and a secret scanner) sees nothing; remove it',
  ]);
  const escaped = withLines(10, 1, 'title = "Log\\u200Bin"');
  const f = invisible(escaped);
  assert.deepEqual(f.map((x) => textAt(escaped, x)), ['\\u200B']);
  assert.match(f[0]!.message, /a zero-width space \(U\+200B\)/);
  const same = invisible(withLines(10, 1, 'title = "a\u00AD\u00ADb"'));
  assert.match(same[0]!.message, /holds 2 × a soft hyphen \(U\+00AD\)/);
});

test('every character of the table is found, in values of every string style, arrays and keys', () => {
  for (const c of invisibleChars.values()) {
    assert.equal(invisible(withLines(10, 1, `title = 'x${c.char}y'`)).length, 1, c.codePoint);
  }
  assert.equal(invisible(withLines(10, 1, 'tags = ["ok", "b\u200Fad"]')).length, 1);
  assert.equal(invisible(withLines(14, 1, '  text = """', 'multi\u2067line', '"""')).length, 1);
  const key = invisible(withLines(10, 1, '"ti\u200Btle" = "x"'));
  assert.equal(key.length, 1);
  assert.match(key[0]!.message, /^a key name holds a zero-width space \(U\+200B\).*rename the key$/);
  assert.deepEqual(key[0]!.data, { removable: false });
});

test('every character of the table is found in a value and a key long enough for the secret scan, whose one search notes them for this check', () => {
  for (const c of invisibleChars.values()) {
    assert.equal(invisible(withLines(10, 1, `title = 'a title long enough ${c.char} to scan'`)).length, 1, c.codePoint);
    assert.equal(invisible(withLines(10, 1, `"a key long enough${c.char}to scan" = "x"`)).length, 1, c.codePoint);
  }
});

test('plain text, emoji joined by ZWJ, and joiners inside shaping scripts are not flagged', () => {
  const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
  const rainbow = '\u{1F3F3}\uFE0F\u200D\u{1F308}';
  const skin = '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}';
  const persian = '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645'; // می‌خواهم
  const hindi = '\u0915\u094D\u200D\u0937'; // a half form
  for (const s of ['Add a login form. Ünïcödé — “quotes”, 中文, שלום', family, rainbow, skin, persian, hindi, `${family} and ${rainbow}`]) {
    assert.deepEqual(findInvisible(s), [], s);
  }
  assert.deepEqual(invisible(withLines(10, 1, `title = "${family}${skin}"`)), []);
  // A joiner beside a pictograph on one side only, or between Latin letters, is still one.
  assert.deepEqual(findInvisible('\u{1F468}\u200Dx').map((r) => [r.start, r.end]), [[2, 3]]);
  assert.deepEqual(findInvisible('ab\u200Dcd').map((r) => [r.start, r.end]), [[2, 3]]);
  assert.deepEqual(findInvisible('ab\u200Ccd').map((r) => r.chars.map((c) => c.abbrev)), [['ZWNJ']]);
});

test('the fix removes the characters and records it in [[edits]]; in [commit] it records a file-level entry', () => {
  const text = withLines(14, 1, '  text = "Add a \u202Elogin\u202C form."');
  const [first, second] = invisible(text);
  const result = computeFix(parsePrompts(text), { kind: 'removeInvisible', ranges: [first!.range, second!.range] }, env);
  const out = applyFix(text, result);
  assert.equal(out.split('\n')[14], '  text = "Add a login form."');
  assert.deepEqual(invisible(out), []);
  assert.deepEqual(handEditFindings(out), [], 'the removal is recorded');
  assert.match(out, /reason = "Removed invisible characters\."/);
  assert.match(out, /turns = \[0\]/);
  const header = withLines(3, 1, 'branch = "ma\\u200Bin"');
  const [inCommit] = invisible(header);
  const fixed = applyFix(header, computeFix(parsePrompts(header), { kind: 'removeInvisible', ranges: [inCommit!.range] }, env));
  assert.equal(fixed.split('\n')[3], 'branch = "main"');
  assert.deepEqual(handEditFindings(fixed), []);
  assert.match(fixed, /sessions = \[\]/);
  assert.match(fixed, /reason = "Removed invisible characters in branch\."/);
});

test('in the append-only [[edits]] log the warning stands but offers no removal', () => {
  const text = withLines(32, 1, 'reason = "Tightened \u202Eturn 0."');
  const found = invisible(text);
  assert.equal(found.length, 1);
  assert.deepEqual(found[0]!.data, { removable: false });
  const result = computeFix(parsePrompts(text), { kind: 'removeInvisible', ranges: [found[0]!.range] }, env);
  assert.equal(result.ok, false);
});

test('the review shows each invisible character as a badge, never the character itself', () => {
  const s = shown('pay \u202Eevil\u202C now\u200B!');
  assert.deepEqual(
    s.pieces.map((p) => [p.kind, p.start, p.end]),
    [['text', 0, 4], ['invisible', 4, 5], ['text', 5, 9], ['invisible', 9, 10], ['text', 10, 14], ['invisible', 14, 15], ['text', 15, 16]],
  );
  assert.equal(plainText(s), 'pay ⟨U+202E RLO⟩evil⟨U+202C PDF⟩ now⟨U+200B ZWSP⟩!');
  assert.deepEqual(findInvisible(JSON.stringify(s)), [], 'no invisible character travels to the page');
  const badge = s.pieces[1]!;
  assert.ok(badge.kind === 'invisible' && badge.name === 'a right-to-left override (U+202E)');
  assert.equal(invisibleBadge(invisibleChars.get('\uFEFF')!), '⟨U+FEFF ZWNBSP⟩');
  // An emoji's own joiner stays part of the emoji.
  assert.deepEqual(shown('\u{1F468}\u200D\u{1F469}').pieces.map((p) => p.kind), ['text']);
});

test('Published Markdown and the review search see the badges, not the characters', () => {
  const text = withLines(14, 1, '  text = "Add a \u202Elogin\u202C form."');
  const md = publishedMarkdown(parsePrompts(text), 'f.prompts').text;
  assert.match(md, /Add a ⟨U\+202E RLO⟩login⟨U\+202C PDF⟩ form\./);
  assert.deepEqual(findInvisible(md), []);
  // A needle holding the character itself matches nothing the page shows.
  assert.equal(hitsIn('a\u200Bb', 'a\u200Bb'), 0);
  assert.equal(hitsIn('a\u200Bb a', 'a'), 2);
});
