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
import { fixturesDir, repoRoot } from '../../support/paths';

const committed = JSON.parse(readFileSync(path.join(repoRoot, 'schemas', 'prompts.schema.json'), 'utf8')) as object;

/** TOML as TOML tools hand it to a JSON Schema: dates as their RFC 3339 text. */
function asJson(toml: string): unknown {
  return JSON.parse(JSON.stringify(parse(toml), (_key, value: unknown) => (value instanceof TomlDate ? value.toISOString() : value)));
}

function validator() {
  return new Ajv({ allErrors: true, strict: false }).compile(committed);
}

test('schemas/prompts.schema.json is what the schema table writes (node scripts/schemas.mjs)', () => {
  assert.deepEqual(committed, promptsJsonSchema());
});

test('the manifest contributes it to TOML tools for .prompts files', () => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  assert.deepEqual(manifest.contributes.tomlValidation, [{ regexMatch: '^.*\\.prompts$', url: './schemas/prompts.schema.json' }]);
});

test('a valid .prompts file passes the schema', () => {
  const validate = validator();
  for (const file of ['every-field.prompts', 'prompts/captured/main.prompts']) {
    const ok = validate(asJson(readFileSync(path.join(fixturesDir, 'prompts', file), 'utf8')));
    assert.equal(ok, true, `${file}: ${JSON.stringify(validate.errors)}`);
  }
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
