// A regression: a sub-table away from its session (parsed jointly with it)
// that ends the file inside an unclosed array reports smol-toml's own
// error there, as a whole-file parse does; a line break added after the
// last piece used to turn it into another error on a line past the end.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parse, TomlError } from 'smol-toml';
import { findingsOf, lines } from '../../support/promptsFixtures';

test('an unclosed array at the end of a detached sub-table: the syntax error smol-toml reports for the whole file', () => {
  const text = lines('[[sessions]]', 'id = "a"', '[[edits]]', 'at = 2026-01-01T00:00:00Z', '[[sessions.turns]]', 'role = "user"', 'tags = [', '  "t",');
  let expected: { line: number; character: number; message: string } | undefined;
  try {
    parse(text);
  } catch (e) {
    assert.ok(e instanceof TomlError);
    expected = { line: e.line - 1, character: e.column - 1, message: 'TOML syntax error: unfinished array' };
  }
  const syntax = findingsOf(text).filter((f) => f.code === 'prompts/toml-syntax');
  assert.deepStrictEqual(
    syntax.map((f) => ({ line: f.range.start.line, character: f.range.start.character, message: f.message })),
    [expected],
  );
});
