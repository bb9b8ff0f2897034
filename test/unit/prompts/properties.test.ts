// Totality and agreement with a whole-file parse, on arbitrary text and on
// mutations of valid files: validation never throws, every range lies in
// the document, and the file is valid TOML (for smol-toml) exactly when no
// `prompts/toml-syntax` finding is reported, the first one on smol-toml's line.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from '../../support/fastCheck';
import { parse, TomlError } from 'smol-toml';
import type { Finding } from '../../../src-shared/finding';
import type { Range } from '../../../src-shared/text/range';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { toml10Problem } from '../../../src-shared/prompts/toml/toml10';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { fixturesDir } from '../../support/paths';
import { lines } from '../../support/promptsFixtures';
import { generatePrompts } from '../../support/promptsGenerator';

/** Valid TOML that only a whole-file reading gets right: dotted preamble keys, sub-tables after [[edits]]. */
const unusual = lines(
  'schema = "spec.prompts/v0.1"',
  'commit.branch = "main"',
  'commit.author_name = "A"',
  "commit.'author_email' = \"a@example.com\"",
  '[[sessions]]',
  'id = "a"',
  'source = "manual"',
  '[[sessions.turns]]',
  'role = "user"',
  'text = """x"""',
  '[[edits]]',
  'at = 2026-01-01T00:00:00Z',
  'by = "x"',
  'sessions = []',
  'turns = []',
  'reason = "r"',
  '[[sessions.turns]]',
  "role = 'user'",
  "text = '''y'''",
  '[sessions.commit]',
  'branch = "b"',
  'tags = [',
  '  "t", # ]',
  ']',
);

const bases = [
  generatePrompts({ sessions: 3, turns: 4, seed: 7 }),
  readFileSync(path.join(fixturesDir, 'prompts', 'every-field.prompts'), 'utf8'),
  unusual,
];

const fragments = ['[[sessions]]', '[sessions]', '[commit]', '[commit.x]', '[[sessions.turns]]', '[sessions.commit]', '[[edits]]', '"""', "'''", '"', "'", '[', ']', '{', '}', ',', '=', '#', '\n', '\r\n', '\\', 'a = 1', 'x.y = 2', 'commit = {}', 'sessions = []', ' ', '2026-01-01 10:00:00Z', '\ufeff', '[[', ']]', 'é', '😀'];

type Mutation = { kind: 'delete' | 'duplicate' | 'swap'; a: number; b: number } | { kind: 'insert'; a: number; b: number; fragment: string } | { kind: 'truncate'; a: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('delete' as const, 'duplicate' as const, 'swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), a: fc.nat(), b: fc.nat(), fragment: fc.constantFrom(...fragments) }),
  fc.record({ kind: fc.constant('truncate' as const), a: fc.nat() }),
);

function mutate(text: string, m: Mutation): string {
  const ls = text.split('\n');
  const i = m.a % ls.length;
  switch (m.kind) {
    case 'delete':
      ls.splice(i, 1);
      return ls.join('\n');
    case 'duplicate':
      ls.splice(i, 0, ls[m.b % ls.length]!);
      return ls.join('\n');
    case 'swap': {
      const j = m.b % ls.length;
      [ls[i], ls[j]] = [ls[j]!, ls[i]!];
      return ls.join('\n');
    }
    case 'insert': {
      const line = ls[i]!;
      const at = m.b % (line.length + 1);
      ls[i] = line.slice(0, at) + m.fragment + line.slice(at);
      return ls.join('\n');
    }
    case 'truncate':
      return text.slice(0, m.a % (text.length + 1));
  }
}

const mutated: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...bases), fc.array(mutation, { minLength: 1, maxLength: 4 }))
  .map(([base, ms]) => ms.reduce(mutate, base));

/** Whether `r` lies in `text`, lines counted as LineIndex does (a CR ends a line only before a LF). */
function inside(text: string, r: Range): boolean {
  const ls = text.split('\n').map((l, i, all) => (i < all.length - 1 ? l.replace(/\r$/, '') : l));
  const ok = (p: Range['start']): boolean => p.line >= 0 && p.line < ls.length && p.character >= 0 && p.character <= ls[p.line]!.length;
  return ok(r.start) && ok(r.end) && (r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character));
}

function check(text: string): Finding[] {
  const findings = validatePrompts(parsePrompts(text), { strictUnknownTools: false });
  for (const f of findings) {
    assert.ok(inside(text, f.range), `${f.code} ${JSON.stringify(f.range)} outside the document`);
    for (const r of f.related ?? []) assert.ok(inside(text, r.range), `related range of ${f.code} outside the document`);
  }
  return findings;
}

test('validation never throws and keeps every range inside the document, on arbitrary text', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
      check(text);
    }),
    { numRuns: 500 },
  );
  const tomlish = fc.array(fc.constantFrom(...fragments, 'id', 'role', 'text', '"user"', 'x', '1', '\t'), { maxLength: 60 }).map((p) => p.join(''));
  fc.assert(
    fc.property(tomlish, (text) => {
      check(text);
    }),
    { numRuns: 1000 },
  );
});

test('validation never throws and keeps every range inside the document, on mutations of valid files', () => {
  fc.assert(
    fc.property(mutated, (text) => {
      check(text);
    }),
    { numRuns: 400 },
  );
});

/**
 * The 0-based line of the whole text's first error as TOML 1.0, or undefined
 * if it has none: smol-toml's (TOML 1.1), unless what only TOML 1.1 allows
 * comes earlier, in the lines before it.
 */
function wholeFileErrorLine(text: string): number | undefined {
  let line: number | undefined;
  let before = text;
  try {
    parse(text);
  } catch (e) {
    assert.ok(e instanceof TomlError, String(e));
    line = e.line - 1;
    // The lines before the error's, with the line break that ends the last of them: a newline inside an inline table there
    // comes before the error too.
    before = line === 0 ? '' : `${text.split('\n').slice(0, line).join('\n')}\n`;
  }
  const problem = toml10Problem(before);
  return problem ? before.slice(0, problem.at).split('\n').length - 1 : line;
}

test('a file is valid TOML 1.0 exactly when no toml-syntax finding is reported, and the first is on the line a whole-file parse reports', () => {
  for (const base of bases) assert.equal(wholeFileErrorLine(base), undefined, 'the bases are valid TOML');
  fc.assert(
    fc.property(mutated, (text) => {
      const syntax = check(text).filter((f) => f.code === 'prompts/toml-syntax');
      assert.equal(syntax[0]?.range.start.line, wholeFileErrorLine(text));
    }),
    { numRuns: 1500 },
  );
});

test('a clean model: every session, turn, tool call and edit has ranges inside the document', () => {
  fc.assert(
    fc.property(mutated, (text) => {
      const doc = parsePrompts(text);
      const views = [
        ...doc.sessions.flatMap((s) => [s.view, ...s.turns.flatMap((t) => [t.view, ...t.toolCalls.map((c) => c.view)])]),
        ...doc.edits.map((e) => e.view),
        ...(doc.commit ? [doc.commit] : []),
      ];
      for (const v of views) {
        assert.ok(inside(text, v.range));
        for (const key of Object.keys(v.value)) {
          assert.ok(inside(text, v.keyRange(key)));
          assert.ok(inside(text, v.valueRange(key)));
        }
      }
    }),
    { numRuns: 300 },
  );
});
