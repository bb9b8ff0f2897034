// The Session Review's filters (src-shared/prompts/review/filter.ts): each
// narrows the cards to the sessions that pass, the header's counts follow,
// they combine with "and", "as published" is applied first, and a
// malformed filter from a request is dropped rather than trusted.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { reviewOf } from '../../../src-shared/prompts/review/build';
import { filterOf, type ReviewFilter } from '../../../src-shared/prompts/review/filter';
import type { ReviewCard } from '../../../src-shared/prompts/review/view';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { repoRoot } from '../../support/paths';

const text = fs.readFileSync(path.join(repoRoot, 'test', 'e2e', 'workspace', 'prompts', 'feature-review.prompts'), 'utf8');
const doc = parsePrompts(text);
const findings = validatePrompts(doc, { strictUnknownTools: false });

function ids(filter: ReviewFilter | undefined, published = false) {
  const v = reviewOf(doc, { findings, unlogged: [], head: { kind: 'compared' }, published, ...(filter && { filter }) });
  return { ids: v.cards.map((c) => (c as ReviewCard).id), counts: v.header.counts, filtered: v.filtered, tools: v.tools };
}

test('each filter narrows the cards and the counts follow', () => {
  const all = ids(undefined);
  assert.deepEqual(all.ids, ['r-1', 'r-2']);
  assert.equal(all.filtered, false);
  assert.deepEqual(all.tools, ['Grep', 'Shell']);
  const cases: [ReviewFilter, string[]][] = [
    [{ visibility: 'private' }, ['r-2']],
    [{ visibility: 'public' }, ['r-1']],
    [{ roles: ['assistant'] }, ['r-1']],
    [{ roles: ['user'] }, ['r-1', 'r-2']],
    [{ tool: 'Grep' }, ['r-1']],
    [{ tool: 'Read' }, []],
    [{ failed: true }, ['r-1']],
    [{ marks: ['secret'] }, ['r-1']],
    [{ marks: ['unlogged'] }, []],
    [{ problems: true }, ['r-1']],
    [{ roles: ['user'], visibility: 'private' }, ['r-2']],
    [{ tool: 'Grep', visibility: 'private' }, []],
  ];
  for (const [filter, expected] of cases) {
    const r = ids(filter);
    assert.deepEqual(r.ids, expected, JSON.stringify(filter));
    assert.equal(r.filtered, true);
    assert.equal(r.counts.sessions, expected.length, `${JSON.stringify(filter)}: the count follows`);
  }
  assert.deepEqual(ids({ visibility: 'private' }).counts, { sessions: 1, public: 0, private: 1, turns: 1, secrets: 0, unlogged: 0, errors: 0, warnings: 0 });
  assert.equal(ids({ visibility: 'public' }).counts.secrets, 1);
  assert.deepEqual(ids({ visibility: 'public' }).tools, ['Grep', 'Shell'], 'the tools offered are the whole file\'s');
});

test('as published is applied before the filters', () => {
  assert.deepEqual(ids({ roles: ['user'] }, true).ids, ['r-1']);
  assert.deepEqual(ids({ visibility: 'private' }, true).ids, []);
});

test('a malformed filter from a request is dropped, never trusted', () => {
  assert.equal(filterOf(undefined), undefined);
  assert.equal(filterOf('roles'), undefined);
  assert.equal(filterOf({}), undefined);
  assert.equal(filterOf({ roles: 'user', visibility: 'secret', marks: ['nope'], failed: 'yes', tool: 3 }), undefined);
  assert.deepEqual(filterOf({ roles: ['user', 4], marks: ['secret', 'x'], failed: true, visibility: 'public', problems: true, tool: 'Grep' }), {
    roles: ['user'],
    tool: 'Grep',
    failed: true,
    marks: ['secret'],
    visibility: 'public',
    problems: true,
  });
});

test("the tools offered are every call's name, read off the parsed values as the turns' models have them: headers, inline tables, and no name or an item that is no table left out", () => {
  const mixed = parsePrompts(
    [
      '[[sessions]]',
      'id = "m-1"',
      '[[sessions.turns]]',
      'role = "assistant"',
      'tool_calls = [{ name = "Write", args = { path = "a" } }, "not a call", { args = {} }]',
      '[[sessions.turns]]',
      'role = "assistant"',
      '[[sessions.turns.tool_calls]]',
      'name = "Read"',
      '[[sessions.turns.tool_calls]]',
      'name = 7',
      '[[sessions]]',
      'id = "m-2"',
      '[[sessions.turns]]',
      'role = "assistant"',
      'tool_calls = [{ name = "Bash" }, { name = "Read" }]',
      '',
    ].join('\n'),
  );
  const fromModels = [...new Set(mixed.sessions.flatMap((s) => s.turns.flatMap((t) => t.toolCalls.map((c) => c.view.value['name']))))].filter((n) => typeof n === 'string').sort();
  const view = reviewOf(mixed, { findings: [], unlogged: [], head: { kind: 'compared' }, published: false });
  assert.deepEqual(view.tools, ['Bash', 'Read', 'Write']);
  assert.deepEqual(view.tools, fromModels);
});
