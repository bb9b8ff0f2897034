// Valid files draw no finding: every tool and every optional field, large
// generated captures, and the legacy locations (same rules; an absent
// `schema` is fine).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { tools } from '../../../src-shared/prompts/rules/tools';
import { tableSpecs } from '../../../src-shared/prompts/rules/schema';
import { generatePrompts } from '../../support/promptsGenerator';
import { fixturesDir } from '../../support/paths';
import { findingsOf, shown } from '../../support/promptsFixtures';

const fixture = (...p: string[]): string => readFileSync(path.join(fixturesDir, 'prompts', ...p), 'utf8');

test('a file with every tool and every optional field has no finding, in LF and in CRLF', () => {
  const text = fixture('every-field.prompts');
  assert.deepEqual(shown(text), []);
  assert.deepEqual(shown(text.replace(/\n/g, '\r\n')), []);
});

test('that file really does use every tool, every tool argument and every key of the schema', () => {
  const doc = parsePrompts(fixture('every-field.prompts'));
  const calls = doc.sessions.flatMap((s) => s.turns.flatMap((t) => t.toolCalls));
  assert.deepEqual(new Set(calls.map((c) => c.view.value['name'])), new Set(tools.keys()));
  for (const [name, tool] of tools) {
    const used = new Set(calls.filter((c) => c.view.value['name'] === name).flatMap((c) => Object.keys(c.view.table('args')?.value ?? {})));
    assert.deepEqual(used, new Set(Object.keys(tool.args)), name);
  }
  const keysOf = (views: { value: Record<string, unknown> }[]): Set<string> => new Set(views.flatMap((v) => Object.keys(v.value)));
  const session = doc.sessions[0]!.view;
  assert.deepEqual(keysOf([session]), new Set(Object.keys(tableSpecs.session.fields)));
  assert.deepEqual(keysOf([session.table('commit')!]), new Set(Object.keys(tableSpecs.sessionCommit.fields)));
  assert.deepEqual(keysOf([doc.commit!]), new Set(Object.keys(tableSpecs.commit.fields)));
  assert.deepEqual(keysOf(doc.sessions[0]!.turns.map((t) => t.view)), new Set(Object.keys(tableSpecs.turn.fields)));
  assert.deepEqual(keysOf(calls.map((c) => c.view)), new Set(Object.keys(tableSpecs.toolCall.fields)));
  assert.deepEqual(keysOf(doc.edits.map((e) => e.view)), new Set(Object.keys(tableSpecs.edit.fields)));
});

test('large generated captures have no finding', () => {
  for (const verbose of [false, true]) {
    const text = generatePrompts({ sessions: 50, turns: 20, verbose });
    assert.ok(text.length > 300_000, `${text.length} characters`);
    const doc = parsePrompts(text);
    assert.equal(doc.sessions.length, 50);
    assert.deepEqual(findingsOf(text).slice(0, 3), [], verbose ? 'verbose' : 'plain');
  }
});

test('legacy captured and curated files follow the same rules', () => {
  assert.deepEqual(shown(fixture('prompts', 'captured', 'main.prompts')), [
    'warning prompts/non-utc-timestamp 12:13-12:32 `started_at` is a local date-time with no offset; the capture writer writes UTC with Z and whole seconds',
  ]);
  assert.deepEqual(shown(fixture('prompts', 'curated', 'onboarding', 'first-week.prompts')), []);
});
