// The formatter and every fix never write what only TOML 1.1 allows: over
// toml-test's cases (both lists) and the example captures, whatever they
// write parses as TOML 1.0 (smol-toml reads it, and nothing only TOML 1.1
// allows is in it), and on each case only TOML 1.1 makes valid the
// formatter declines instead of writing it out again.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'smol-toml';
import { formatPrompts } from '../../../src-shared/prompts/features/format';
import { quickFixesFor } from '../../../src-shared/prompts/features/quickFixes';
import { computeFix, type FixRequest } from '../../../src-shared/prompts/handEdits/fixes';
import { checkPrompts } from '../../../src-shared/prompts/rules/check';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { toml10Problem } from '../../../src-shared/prompts/toml/toml10';
import { defaultSettings } from '../../../src-shared/settings';
import { applyEdits } from '../../support/handEditFixtures';
import { examplesDir } from '../../support/paths';
import { tomlTestCases } from '../../support/tomlTestCases';

/** Whether smol-toml reads `text` (as the project does) and nothing only TOML 1.1 allows is in it. */
function isToml10(text: string): boolean {
  return parsesAsToml11(text) && toml10Problem(text) === undefined;
}

const examples = ['prompts/feature-login.prompts', 'broken/fix-flaky-test.prompts'].map((f) => readFileSync(path.join(examplesDir, f), 'utf8'));
const cases = [...tomlTestCases('1.0.0'), ...tomlTestCases('1.1.0')].map((c) => c.bytes.toString('utf8'));
const inputs = [...new Set([...examples, ...cases])];
const onlyTomlOnePointOne = tomlTestCases('1.1.0')
  .filter((c) => c.valid)
  .map((c) => c.bytes.toString('utf8'))
  .filter((t) => !isToml10(t) && !t.startsWith('\ufeff'));

test('the formatter writes TOML 1.0 or nothing, and declines every case only TOML 1.1 makes valid', () => {
  let written = 0;
  for (const text of inputs) {
    const result = formatPrompts(text);
    if (!('text' in result)) continue;
    written++;
    assert.ok(isToml10(result.text), JSON.stringify(text));
  }
  assert.ok(written > 200, `${written} formatted`);
  assert.equal(onlyTomlOnePointOne.length, 11);
  for (const text of onlyTomlOnePointOne) assert.ok('declined' in formatPrompts(text), JSON.stringify(text));
});

test('every quick fix of every finding writes TOML 1.0 where the file was', () => {
  let applied = 0;
  for (const text of inputs.filter(isToml10)) {
    for (const finding of checkPrompts(text, defaultSettings.prompts)) {
      for (const fix of quickFixesFor(finding)) {
        applied++;
        assert.ok(isToml10(applyEdits(text, fix.edits)), `${fix.title} in ${JSON.stringify(text.slice(0, 80))}`);
      }
    }
  }
  assert.ok(applied >= 3, `${applied} fixes applied`);
});

test('the hand-edit fixes (make private, delete a turn, redact) write TOML 1.0', () => {
  const env = { now: new Date('2026-05-01T09:00:00Z'), author: 'alice@example.com' };
  let applied = 0;
  for (const text of examples) {
    const doc = parsePrompts(text);
    const requests: FixRequest[] = doc.sessions.flatMap((s) => [
      { kind: 'makePrivate', position: s.view.range.start },
      ...s.turns.map((t): FixRequest => ({ kind: 'deleteTurn', session: s.index, turn: t.index })),
      ...s.turns.filter((t) => typeof t.view.value['text'] === 'string').map((t): FixRequest => ({ kind: 'redact', ranges: [t.view.valueRange('text')] })),
    ]);
    for (const request of requests) {
      const fix = computeFix(doc, request, env);
      if (!fix.ok) continue;
      applied++;
      assert.ok(isToml10(applyEdits(text, fix.edits, fix.entry)), `${request.kind}: ${JSON.stringify(request)}`);
    }
  }
  assert.ok(applied >= 6, `${applied} fixes applied`);
});

function parsesAsToml11(text: string): boolean {
  try {
    parse(text, { integersAsBigInt: true });
    return true;
  } catch {
    return false;
  }
}
