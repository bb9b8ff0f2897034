// A team's secret patterns through the real server (issue 28): they run in
// linear time, so `(a+)+$` on a turn of 40 `a`s and a `!` (2^40 steps for
// a backtracking engine: hours) is answered, and a hover on another file
// is answered meanwhile; a pattern the engine cannot run is refused in a
// warning naming the setting, and the patterns that can run still find.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { LspSession, trusted, withDeadline } from '../support/lspSession';
import { lines, minimalValid } from '../support/promptsFixtures';

test('(a+)+$ against 40 a and a ! is answered, and never blocks another document', async () => {
  const settings = { prompts: { secrets: { extraPatterns: [{ kind: 'team', pattern: '(a+)+$' }, { kind: 'acme', pattern: 'acme_(?<secret>[0-9]{12})' }] } } };
  const session = await LspSession.start({ ...trusted, settings });
  try {
    const hostile = 'file:///w/hostile.prompts';
    const other = 'file:///w/other.prompts';
    await session.open(other, 'spec-prompts', lines(minimalValid, '  summary = "key acme_123456789012 here"'));
    await session.open(hostile, 'spec-prompts', lines(minimalValid, `  summary = "${'a'.repeat(40)}!"`));
    // Two minutes would be a hang; a backtracking engine needs hours here, RE2 milliseconds.
    const hover = await withDeadline(session.request('textDocument/hover', { textDocument: { uri: other }, position: { line: 0, character: 2 } }), 'a hover on the other file', 120_000);
    assert.ok(hover === null || typeof hover === 'object');
    const found = await withDeadline(session.diagnosticsAt(hostile, 1), "the hostile file's diagnostics", 120_000);
    assert.deepEqual(found.filter((d) => d.code === 'prompts/secret').map((d) => (d.data as { kind: string }).kind), [], 'no a-run ends the string, so the team pattern finds nothing');
    const others = await session.diagnosticsAt(other, 1);
    assert.deepEqual(others.filter((d) => d.code === 'prompts/secret').map((d) => (d.data as { kind: string }).kind), ['acme'], 'the (?<secret>) group still works');
  } finally {
    await session.stop();
  }
});

test('a pattern RE2 cannot run (a backreference, a lookahead) is refused in a warning naming the setting', async () => {
  const settings = { prompts: { secrets: { extraPatterns: [{ kind: 'twice', pattern: '(ab)\\1' }, { kind: 'ahead', pattern: 'key(?=_)' }, { kind: 'plain', pattern: 'plain_[0-9]{8}' }] } } };
  const session = await LspSession.start({ ...trusted, settings });
  try {
    const uri = 'file:///w/a.prompts';
    await session.open(uri, 'spec-prompts', lines(minimalValid, '  summary = "abab key_ plain_12345678"'));
    const found = await session.diagnosticsAt(uri, 1);
    const refused = found.filter((d) => d.code === 'prompts/secret-pattern-refused').map((d) => d.message);
    assert.equal(refused.length, 2, refused.join('\n'));
    assert.match(refused[0]!, /^packsAndPrompts\.prompts\.secrets\.extraPatterns\[0\] \(kind `twice`\) cannot run in linear time .*backreferences and lookarounds are not supported/);
    assert.match(refused[1]!, /^packsAndPrompts\.prompts\.secrets\.extraPatterns\[1\] \(kind `ahead`\)/);
    assert.deepEqual(found.filter((d) => d.code === 'prompts/secret').map((d) => (d.data as { kind: string }).kind), ['plain']);
  } finally {
    await session.stop();
  }
});
