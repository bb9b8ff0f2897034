// The Session Review's search over the whole file (src-shared/prompts/review/search.ts):
// every field the issue names (titles, summaries, lessons, turn text, tool-call
// arguments, edits' reasons) is searched, case-insensitively, places come in
// file order with their hits; what the card does not show (a non-verbose
// assistant's text) and a secret's characters are never found; "as published"
// leaves private sessions out.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { hitsIn, searchReview } from '../../../src-shared/prompts/review/search';
import { lines } from '../../support/promptsFixtures';

const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123';

const file = lines(
  /*  0 */ '[commit]',
  /*  1 */ 'branch = "b"',
  /*  2 */ 'author_name = "Alice"',
  /*  3 */ 'author_email = "alice@example.com"',
  /*  4 */ '',
  /*  5 */ '[[sessions]]',
  /*  6 */ 'id = "s-1"',
  /*  7 */ 'source = "manual"',
  /*  8 */ 'title = "Needle in the title"',
  /*  9 */ 'summary = "a needle and a NEEDLE"',
  /* 10 */ 'lesson = "no match here"',
  /* 11 */ '',
  /* 12 */ '  [[sessions.turns]]',
  /* 13 */ '  role = "user"',
  /* 14 */ `  text = "the needle, and the token ${secret}"`,
  /* 15 */ '',
  /* 16 */ '  [[sessions.turns]]',
  /* 17 */ '  role = "assistant"',
  /* 18 */ '  summary = "Grepped"',
  /* 19 */ '  text = "needle unseen: not verbose"',
  /* 20 */ '',
  /* 21 */ '    [[sessions.turns.tool_calls]]',
  /* 22 */ '    name = "Grep"',
  /* 23 */ '    args = { pattern = "needle", path = "src/needle.ts" }',
  /* 24 */ '',
  /* 25 */ '[[sessions]]',
  /* 26 */ 'id = "s-2"',
  /* 27 */ 'source = "manual"',
  /* 28 */ 'visibility = "private"',
  /* 29 */ 'lesson = "a private needle"',
  /* 30 */ '',
  /* 31 */ '  [[sessions.turns]]',
  /* 32 */ '  role = "user"',
  /* 33 */ '  text = "x"',
  /* 34 */ '',
  /* 35 */ '[[edits]]',
  /* 36 */ 'at = 2026-04-21T09:00:00Z',
  /* 37 */ 'by = "alice@example.com"',
  /* 38 */ 'sessions = ["s-1"]',
  /* 39 */ 'turns = [0]',
  /* 40 */ 'reason = "Took the needle out."',
);

test('every field is searched, case-insensitively, and places come in file order with their hits', () => {
  const r = searchReview(parsePrompts(file), 'NeEdLe', false);
  assert.deepEqual(r.places, [
    { card: 0, turn: null, line: 5, hits: 3 },
    { card: 0, turn: 0, line: 12, hits: 1 },
    { card: 0, turn: 1, line: 16, hits: 2 },
    { card: 1, turn: null, line: 25, hits: 1 },
    { card: null, turn: null, line: 35, hits: 1 },
  ]);
  assert.equal(r.total, 8);
  assert.equal(r.capped, false);
});

test('a non-verbose assistant text is not searched (the card does not show it), nor a secret by its characters', () => {
  const doc = parsePrompts(file);
  assert.equal(searchReview(doc, 'unseen', false).total, 0);
  for (const part of [secret, secret.slice(4, 14), 'qrstuvwxyz0123']) assert.equal(searchReview(doc, part, false).total, 0, part);
  // The text around the secret is found.
  assert.deepEqual(searchReview(doc, 'the token', false).places, [{ card: 0, turn: 0, line: 12, hits: 1 }]);
  assert.equal(hitsIn(`a ${secret} b`, 'ghp_'), 0);
});

test('as published, a private session is not searched; an empty query finds nothing', () => {
  const doc = parsePrompts(file);
  assert.ok(!searchReview(doc, 'needle', true).places.some((p) => p.card === 1));
  assert.equal(searchReview(doc, 'private needle', true).total, 0);
  assert.equal(searchReview(doc, 'private needle', false).total, 1);
  assert.deepEqual(searchReview(doc, '  ', false), { total: 0, places: [], capped: false });
});
