// The JSON Schema TOML tools read (contributes.tomlValidation) says what
// our own checks say: the committed file is what the schema table writes,
// valid files pass it, and the mistakes it can see fail it at their path.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import Ajv from 'ajv';
import { parse, TomlDate } from 'smol-toml';
import { promptsJsonSchema } from '../../../src-shared/prompts/rules/jsonSchema';
import { examplesDir, fixturesDir, repoRoot } from '../../support/paths';

const committed = JSON.parse(readFileSync(path.join(repoRoot, 'schemas', 'prompts.schema.json'), 'utf8')) as object;

/** TOML as TOML tools hand it to a JSON Schema: dates as their RFC 3339 text. */
function asJson(toml: string): unknown {
  return JSON.parse(JSON.stringify(parse(toml), (_key, value: unknown) => (value instanceof TomlDate ? value.toISOString() : value)));
}

// ajv sees a datetime as its text, which each timestamp branch's pattern
// checks; the formats only tell TOML tools which TOML datetime to expect.
function validator() {
  return new Ajv({ allErrors: true, strict: false, formats: { 'date-time': true, 'date-time-local': true } }).compile(committed);
}

test('schemas/prompts.schema.json is what the schema table writes (node scripts/schemas.mjs)', () => {
  assert.deepEqual(committed, promptsJsonSchema());
});

test('the manifest contributes it to TOML tools for .prompts files', () => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const [rule, ...more] = manifest.contributes.tomlValidation;
  assert.equal(more.length, 0);
  assert.equal(rule.fileMatch, '**/*.prompts');
  assert.ok(rule.url.endsWith('/schemas/prompts.schema.json'), rule.url);
});

test('a valid .prompts file passes the schema', () => {
  const validate = validator();
  for (const file of ['every-field.prompts', 'prompts/captured/main.prompts']) {
    const ok = validate(asJson(readFileSync(path.join(fixturesDir, 'prompts', file), 'utf8')));
    assert.equal(ok, true, `${file}: ${JSON.stringify(validate.errors)}`);
  }
});

test('the broken example fails it at its misspelt key and its bad status', () => {
  const validate = validator();
  assert.equal(validate(asJson(readFileSync(path.join(examplesDir, 'broken', 'fix-flaky-test.prompts'), 'utf8'))), false);
  const found = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort();
  assert.deepEqual(found, ['/sessions/0 additionalProperties', '/sessions/0/turns/1/tool_calls/1/status enum']);
});

test('a timestamp is a datetime or its text, never any word', () => {
  const validate = validator();
  const errorsAt = (at: string) => {
    validate(asJson(['[commit]', 'branch = "main"', 'author_name = "A"', 'author_email = "a@example.com"', `committed_at = ${at}`].join('\n')));
    return (validate.errors ?? []).filter((e) => e.instancePath.startsWith('/commit/committed_at')).length;
  };
  for (const at of ['2026-04-21T11:58:03Z', '2026-04-21T11:58:03', '"2026-04-21T11:58:03Z"']) assert.equal(errorsAt(at), 0, at);
  assert.ok(errorsAt('"yesterday"') > 0);
});

test('an unknown key, a bad enum and a missing required key fail it, each at its path', () => {
  const validate = validator();
  const text = [
    '[commit]', 'branch = "main"', 'author_name = "A"', 'author_email = "a@example.com"', 'colour = "blue"',
    '[[sessions]]', 'id = "s1"', 'source = "curser"',
    '[[sessions.turns]]', 'text = "hi"',
  ].join('\n');
  assert.equal(validate(asJson(text)), false);
  const found = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort();
  assert.deepEqual(found, ['/commit additionalProperties', '/sessions/0/source enum', '/sessions/0/turns/0 required']);
});
