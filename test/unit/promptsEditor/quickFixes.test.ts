// Quick fixes, applied and re-checked: each removes its finding and leaves
// the file valid TOML; a bad enum value gets one fix per allowed value
// (the suggestion preferred); misspelt keys, tools and arguments their
// closest name; secrets "redact this" and "redact all in file".

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parse } from 'smol-toml';
import type { Finding } from '../../../src-shared/finding';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { quickFixesFor, redactionEdits, secretRanges } from '../../../src-shared/prompts/features/quickFixes';
import { applyEdits } from '../../../src-shared/text/textEdit';
import { findingsOf, lines, minimalValid } from '../../support/promptsFixtures';

function only(text: string, code: string): Finding {
  const found = findingsOf(text).filter((f) => f.code === code);
  assert.equal(found.length, 1, `one ${code} in ${JSON.stringify(findingsOf(text).map((f) => f.code))}`);
  return found[0]!;
}

test('a bad enum value: one fix per allowed value, the suggestion preferred; each clears the finding', () => {
  const text = minimalValid.replace('source = "claude_code"', 'source = "claud"');
  const fixes = quickFixesFor(only(text, 'prompts/bad-enum-value'));
  assert.deepStrictEqual(
    fixes.map((f) => [f.title, f.preferred]),
    [
      ['Change to "claude_code"', true],
      ['Change to "cursor"', false],
      ['Change to "codex"', false],
      ['Change to "compress"', false],
      ['Change to "manual"', false],
    ],
  );
  for (const fix of fixes) assert.deepStrictEqual(findingsOf(applyEdits(text, fix.edits)), [], fix.title);
});

test('the reserved role: a fix to each allowed role', () => {
  const text = minimalValid.replace('role = "user"', 'role = "tool_result"');
  const fixes = quickFixesFor(only(text, 'prompts/reserved-role'));
  assert.deepStrictEqual(fixes.map((f) => f.title), ['Change to "user"', 'Change to "assistant"']);
  assert.deepStrictEqual(findingsOf(applyEdits(text, fixes[0]!.edits)), []);
});

test('an unknown key, tool or argument: change to the closest allowed name', () => {
  const key = minimalValid.replace('id = "s-1"', 'id = "s-1"\ntitel = "t"');
  const keyFixes = quickFixesFor(only(key, 'prompts/unknown-key'));
  assert.deepStrictEqual(keyFixes.map((f) => [f.title, f.preferred]), [['Change to `title`', true]]);
  assert.deepStrictEqual(findingsOf(applyEdits(key, keyFixes[0]!.edits)), []);

  const call = lines(minimalValid, '  [[sessions.turns]]', '  role = "assistant"', '    [[sessions.turns.tool_calls]]', '    name = "Reed"', '    args = { pth = "a.ts" }');
  const toolFixes = quickFixesFor(only(call, 'prompts/unknown-tool'));
  assert.deepStrictEqual(toolFixes.map((f) => f.title), ['Change to "Read"']);
  const fixedTool = applyEdits(call, toolFixes[0]!.edits);
  const argFixes = quickFixesFor(only(fixedTool, 'prompts/unknown-tool-arg'));
  assert.deepStrictEqual(argFixes.map((f) => f.title), ['Change to `path`']);
  assert.deepStrictEqual(findingsOf(applyEdits(fixedTool, argFixes[0]!.edits)), []);
});

test('a wrong schema version and a non-UTC timestamp: their replacement', () => {
  const text = minimalValid.replace('"spec.prompts/v0.1"', '"spec.prompts/v0.2"').replace('branch = "main"', 'branch = "main"\ncommitted_at = 2026-04-21T13:58:03+02:00');
  const fixes = findingsOf(text).flatMap((f) => quickFixesFor(f));
  assert.deepStrictEqual(fixes.map((f) => f.title), ['Change to "spec.prompts/v0.1"', 'Change to 2026-04-21T11:58:03Z']);
  assert.deepStrictEqual(findingsOf(applyEdits(text, fixes.flatMap((f) => f.edits))), []);
});

const secrets = minimalValid
  .replace('text = "Hello"', 'text = "Use token=abcd1234efgh5678 and Bearer \\u0041bcdefghijkl please"')
  .replace('id = "s-1"', 'id = "s-1"\ntitle = "key sk-aaaaaaaaaaaaaaaaaaaa"');

test('a secret gets no plain fix: its redaction is a hand edit, recorded by the hand-edit fixes', () => {
  const findings = findingsOf(secrets).filter((f) => f.code === 'prompts/secret');
  assert.equal(findings.length, 3);
  assert.deepStrictEqual(findings.flatMap((f) => quickFixesFor(f)), []);
});

test('redacting every secret range leaves the file valid and the secrets gone', () => {
  const doc = parsePrompts(secrets);
  const all = applyEdits(secrets, redactionEdits(doc, secretRanges(doc)));
  assert.deepStrictEqual(findingsOf(all), []);
  const value = parse(all) as { sessions: { title: string; turns: { text: string }[] }[] };
  assert.equal(value.sessions[0]!.turns[0]!.text, 'Use [REDACTED] and [REDACTED] please');
  assert.equal(value.sessions[0]!.title, 'key [REDACTED]');
});

test('"Redact all" leaves out a secret in the append-only [[edits]] log, so the others are still redacted', () => {
  const logged = `${secrets}\n[[edits]]\nat = 2026-04-21T12:00:00Z\nby = "ana"\nsessions = ["s-1"]\nreason = "pasted sk-bbbbbbbbbbbbbbbbbbbb by mistake"\n`;
  const doc = parsePrompts(logged);
  const all = findingsOf(logged).filter((f) => f.code === 'prompts/secret');
  assert.equal(all.length, 4, 'the logged secret is still reported');
  const ranges = secretRanges(doc);
  assert.equal(ranges.length, 3);
  const editsLine = logged.split('\n').indexOf('[[edits]]');
  assert.ok(ranges.every((r) => r.start.line < editsLine));
});

test('redactionEdits: in order, overlaps dropped, ranges already redacted left out', () => {
  const doc = parsePrompts(secrets);
  const ranges = secretRanges(doc);
  const edits = redactionEdits(doc, [ranges[2]!, ranges[0]!, ranges[0]!, ranges[1]!]);
  assert.deepStrictEqual(edits.map((e) => e.range), ranges);
  const redacted = applyEdits(secrets, edits);
  const again = parsePrompts(redacted);
  const line = redacted.split('\n').findIndex((l) => l.includes('[REDACTED] please'));
  const at = redacted.split('\n')[line]!.indexOf('[REDACTED]');
  assert.deepStrictEqual(redactionEdits(again, [{ start: { line, character: at }, end: { line, character: at + 10 } }]), []);
});

test('no fix from data that is missing or malformed', () => {
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  assert.deepStrictEqual(quickFixesFor({ code: 'prompts/unknown-key', range }), []);
  assert.deepStrictEqual(quickFixesFor({ code: 'prompts/bad-enum-value', range, data: { allowed: 'nope' } }), []);
  assert.deepStrictEqual(quickFixesFor({ code: 'prompts/secret', range, data: { kind: 'jwt' } }), []);
  assert.deepStrictEqual(quickFixesFor({ code: 'pack/unknown-keyword', range, data: {} }), []);
});
