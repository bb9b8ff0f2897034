// FORMATS.md A.8: environment files, parsed to an environment or refused
// with every error named by its field path; and the JSON Schema shipped for
// editors agrees with the parser.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { environmentFileKeys, environmentToJson, parseEnvironmentFile } from '../../../src-shared/pack/environmentFile';
import { enforcements, networkPostures } from '../../../src-shared/pack/environment';
import { environmentPresets } from '../../../src-shared/pack/presets';
import { examplesDir, repoRoot } from '../../support/paths';
import { readManifest } from '../../support/manifest';

const sample = `{
  "name": "linux, enforced, offline",
  "workspace": "/home/dev/app",
  "platform": "linux/x86_64",
  "shell": "bash",
  "tools": ["git", "rg"],
  "available_tools": ["read: read a file", "bash: run a command"],
  "enforcement": "FullyEnforced",
  "network": { "posture": "proxied", "allow": ["example.com"] },
  "protected_paths": [".git"],
  "repository_guidance": null
}`;

const errors = (text: string) => {
  const r = parseEnvironmentFile(text);
  assert.ok(!r.ok, 'expected errors');
  return r.errors.map((e) => `${e.path}: ${e.message}`);
};

test('the FORMATS.md sample parses, normalised like any environment', () => {
  const r = parseEnvironmentFile(sample);
  assert.ok(r.ok);
  assert.equal(r.name, 'linux, enforced, offline');
  assert.deepEqual(r.environment, {
    workspace: '/home/dev/app',
    platform: 'linux/x86_64',
    shell: 'bash',
    tools: ['git', 'rg'],
    availableTools: ['read: read a file', 'bash: run a command'],
    enforcement: 'FullyEnforced',
    network: { posture: 'proxied', allow: ['example.com'] },
    protectedPaths: ['.git'],
    repositoryGuidance: null,
  });
});

test('lists and guidance are optional; name defaults to none', () => {
  const r = parseEnvironmentFile('{"workspace":"/w","platform":"p","shell":"s","enforcement":"BestEffort","network":{"posture":"open"}}');
  assert.ok(r.ok);
  assert.equal(r.name, null);
  assert.deepEqual(r.environment.tools, []);
  assert.equal(r.environment.repositoryGuidance, null);
});

test('every error names its field, all at once', () => {
  assert.deepEqual(
    errors(
      JSON.stringify({
        workspace: 3,
        shell: 's',
        tools: ['git', 4],
        available_tools: ['two\nlines'],
        enforcement: 'Enforced',
        network: { posture: 'proxied', allow: 'x' },
        protected_path: [],
        repository_guidance: false,
      }),
    ),
    [
      'protected_path: unknown field (did you mean `protected_paths`?)',
      'platform: is required',
      'workspace: must be a string',
      'tools[1]: must be a string',
      'available_tools[0]: must be one line',
      'enforcement: must be one of "FullyEnforced", "PlatformEnforced", "DegradedRefusing", "BestEffort"',
      'network.allow: must be a list of strings',
      'repository_guidance: must be a string or null',
    ],
  );
});

test('the network: a known posture, and an allow list only when proxied', () => {
  const base = { workspace: '/w', platform: 'p', shell: 's', enforcement: 'FullyEnforced' };
  assert.deepEqual(errors(JSON.stringify({ ...base, network: { posture: 'open', allow: [] } })), [
    'network.allow: only a proxied network has an allow list (posture is "open")',
  ]);
  assert.deepEqual(errors(JSON.stringify({ ...base, network: { posture: 'vpn', via: 1 } })), [
    'network.via: unknown field',
    'network.posture: must be one of "blocked", "proxied", "open"',
  ]);
  assert.deepEqual(errors(JSON.stringify({ ...base, network: 'open' })), ['network: must be an object with a `posture`']);
});

test('text that is not JSON, or not an object, is one error about the file', () => {
  const [bad] = errors('{\n  "workspace": "/w",\n}');
  assert.match(bad!, /^: not valid JSON: .* at line 3, column 1$/);
  assert.deepEqual(errors('[]'), [': must be a JSON object']);
  assert.deepEqual(errors(''), [': not valid JSON: Unexpected end of JSON input']);
});

test('every preset written as a file parses back to itself', () => {
  for (const p of environmentPresets) {
    const r = parseEnvironmentFile(JSON.stringify(environmentToJson(p.environment, p.name)));
    assert.ok(r.ok, p.id);
    assert.deepEqual(r.environment, p.environment, p.id);
    assert.equal(r.name, p.name);
  }
});

test('the example environment files are valid', () => {
  const dir = path.join(examplesDir, 'environments');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.packenv.json'));
  assert.ok(files.length >= 3);
  for (const f of files) assert.ok(parseEnvironmentFile(fs.readFileSync(path.join(dir, f), 'utf8')).ok, f);
});

test('the shipped JSON Schema names the same fields, enums and required keys as the parser', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'packenv.schema.json'), 'utf8'));
  assert.deepEqual(Object.keys(schema.properties), [...environmentFileKeys]);
  assert.deepEqual(schema.required, ['workspace', 'platform', 'shell', 'enforcement', 'network']);
  assert.deepEqual(schema.properties.enforcement.enum, [...enforcements]);
  assert.deepEqual(schema.properties.network.properties.posture.enum, [...networkPostures]);
  assert.equal(schema.additionalProperties, false);
  const manifest = readManifest();
  assert.deepEqual(manifest.contributes.jsonValidation[0], { fileMatch: '*.packenv.json', url: './schemas/packenv.schema.json' });
});
