// What TOML 1.0 refuses that smol-toml (TOML 1.1) reads, each at its place,
// and what only looks like it (inside strings, comments, keys) passing.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parse } from 'smol-toml';
import { parseToml } from '../../../src-shared/prompts/toml/blocks';
import { splitBlocks } from '../../../src-shared/prompts/toml/scanner';
import { mayHoldToml11Escape, toml10Problem } from '../../../src-shared/prompts/toml/toml10';
import { tomlTestCases } from '../../support/tomlTestCases';

const refused: [string, number, number, RegExp][] = [
  ['a = { b = 1,\n c = 2 }', 0, 12, /^a newline inside an inline table is TOML 1\.1; upstream reads TOML 1\.0/],
  ['a = { b = 1, # note\n}', 0, 19, /^a newline inside an inline table is TOML 1\.1/],
  ['x = 1\na = { b = 1, }', 1, 11, /^a trailing comma in an inline table is TOML 1\.1/],
  ['a = [{ b = { c = 1, } }]', 0, 18, /trailing comma/],
  ['a = "caf\\xE9"', 0, 8, /^the escape \\xHH is TOML 1\.1; upstream reads TOML 1\.0 \(write \\u00HH\)/],
  ['a = """\nline\n\\e[0m"""', 2, 0, /^the escape \\e is TOML 1\.1/],
  ['"k\\x41" = 1', 0, 2, /\\xHH is TOML 1\.1/],
  ['[t."\\e"]', 0, 4, /\\e is TOML 1\.1/],
  ['a = 1979-05-27T07:32Z', 0, 15, /^a time without seconds is TOML 1\.1; upstream reads TOML 1\.0/],
  ['a = 1979-05-27 07:32', 0, 15, /time without seconds/],
  ['a = [07:32]', 0, 5, /time without seconds/],
  ['committed_at = 2026-02-30T10:00:00Z', 0, 23, /^2026-02-30 is no date: February 2026 has 28 days$/],
  ['a = 2100-02-29', 0, 12, /^2100-02-29 is no date: February 2100 has 28 days$/],
  ['a = 2026-04-31T00:00:00', 0, 12, /April 2026 has 30 days/],
  ['a = 0000-01-01', 0, 4, /year 0000/],
  ['a = { b = [1, 2], c = 2026-06-31 }', 0, 30, /June 2026 has 30 days/],
];

for (const [text, line, character, message] of refused) {
  test(`refused: ${JSON.stringify(text)}`, () => {
    const r = parseToml(text);
    assert.equal(r.value, undefined);
    assert.match(r.error?.message ?? '', message);
    assert.deepEqual([r.error?.line, r.error?.character], [line, character]);
  });
}

const accepted = [
  'a = "\\\\x41 \\\\e"',
  "a = 'C:\\xE9\\e'",
  "a = '''\n\\x41\n'''",
  '# { a = 1, }\na = "{ b = 1,\\n}"',
  'a = { b = [\n  1,\n  2,\n] }',
  'a = [\n  { b = 1 }, # one\n  { c = 2 },\n]',
  'a = { b = """x\ny""" }',
  '2026-02-30 = 1',
  '[2026-02-30]\nb = "2026-02-30T10:00Z"',
  'a = 2024-02-29T10:00:00.123456Z\nb = 2000-02-29\nc = 23:59:59.999\nd = 1979-05-27T00:32:00-07:00',
  'a = { b = 1 } # a comment after the table',
  'a = [1, 2, ]\nb = {}',
  '\ufeffa = 1',
];

for (const text of accepted) {
  test(`accepted: ${JSON.stringify(text)}`, () => {
    assert.equal(parseToml(text).error, undefined);
  });
}

test("the split's scan finds what the lexer finds, block by block, on every toml-test case smol-toml reads and on the refused texts above", () => {
  const texts = [...tomlTestCases('1.0.0'), ...tomlTestCases('1.1.0')].map((c) => c.bytes.toString('utf8'));
  texts.push(...refused.map(([text]) => text), ...accepted);
  let compared = 0;
  let found = 0;
  for (const text of texts) {
    for (const b of splitBlocks(text)) {
      const block = text.slice(b.start, b.end);
      if (mayHoldToml11Escape(block) || !parsesAsToml11(block)) continue;
      compared++;
      const problem = toml10Problem(block);
      if (problem) found++;
      assert.deepEqual(b.notToml10, problem, JSON.stringify(block));
    }
  }
  assert.ok(compared > 400 && found >= 20, `${compared} blocks compared, ${found} with a problem`);
});

function parsesAsToml11(text: string): boolean {
  try {
    parse(text);
    return true;
  } catch {
    return false;
  }
}
