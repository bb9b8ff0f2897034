// Profile files: the built-ins are files read by the same validator, a
// workspace file can describe everything they do, every error names its
// field and its exact JSON position, and hostile text never throws.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from '../../support/fastCheck';
import { environment } from '../../../src-shared/pack/environment';
import { parseProfileFile, profileFromJson } from '../../../src-shared/pack/profileFile';
import { builtinProfiles, profiles } from '../../../src-shared/pack/profiles';
import { problems } from '../../../src-shared/pack/problems';
import { render } from '../../../src-shared/pack/render';
import { parseJsonWithPositions } from '../../../src-shared/text/jsonPositions';
import { growth } from '../../support/growth';
import { repoRoot } from '../../support/paths';
import { packOf } from './support/packs';

const builtinFolder = path.join(repoRoot, 'src-shared', 'pack', 'profiles');

test('each built-in profile is a .loomprofile.json file the text parser accepts, equal to the bundled one', () => {
  const files = fs.readdirSync(builtinFolder).filter((f) => f.endsWith('.loomprofile.json'));
  assert.deepEqual(files.map((f) => f.replace('.loomprofile.json', '')).sort(), builtinProfiles.map((p) => p.name).sort());
  for (const file of files) {
    const read = parseProfileFile(fs.readFileSync(path.join(builtinFolder, file), 'utf8'));
    assert.ok(read.ok, `${file}: ${JSON.stringify(!read.ok && read.errors)}`);
    assert.deepEqual(read.profile, profiles[read.profile.name], file);
  }
});

const minimal = {
  name: 'fork',
  canonical_sections: ['identity'],
  required_fragments: ['_a'],
  literal_bindings: [{ name: 'tools', from: 'tools', join: ' / ', item_prefix: '`' }],
  selections: [{ name: 'who', cases: [{ when: { tool: 'agent_spawn' }, fragment: '_a' }, { when: { present: 'tools' }, fragment: '_b' }] }],
  enforcements: ['FullyEnforced'],
};

test('a workspace profile: its own lists, joins, cases in order, and fragments required on use', () => {
  const read = profileFromJson({ ...minimal, required_when_used: [{ placeholder: 'who', fragments: ['_b'] }] });
  assert.ok(read.ok, JSON.stringify(!read.ok && read.errors));
  const p = read.profile;
  const pack = packOf(['identity', '{tools}|{who}'], ['_a', 'A'], ['_b', 'B']);
  const env = (tools: string[]) => environment({ workspace: '/w', platform: 'p', shell: 's', tools, enforcement: 'FullyEnforced', network: { posture: 'blocked' } });
  assert.equal(render(pack, env(['bash', 'agent_spawn']), p), '`agent_spawn / `bash|A');
  assert.equal(render(pack, env(['bash']), p), '`bash|B');
  assert.equal(render(pack, env([]), p), '|');
  assert.deepEqual(problems(packOf(['identity', 'no placeholders'], ['_a', 'A']), p), []);
  assert.deepEqual(problems(packOf(['identity', '{who}'], ['_a', 'A']), p), [{ kind: 'MissingSection', name: '_b' }]);
});

test('every error names its field, and from text its range; an unknown key suggests the near one', () => {
  const text = `{
  "name": "Bad Name",
  "canonical_sections": ["identity", "_frag"],
  "required_fragments": ["plain"],
  "literal_bindings": [{ "name": "x", "from": "shell" }, { "name": "w", "from": "shel" }],
  "selections": [
    { "name": "x", "cases": [] },
    { "name": "y", "by": "enforcement", "fragments": { "PlatformEnforced": "_p" } },
    { "name": "z", "cases": [{ "when": { "tools": "a" }, "fragment": "_z" }] }
  ],
  "enforcments": []
}`;
  const read = parseProfileFile(text);
  assert.ok(!read.ok);
  const byPath = new Map(read.errors.map((e) => [e.path.join('.'), e]));
  const at = (p: string) => {
    const e = byPath.get(p);
    assert.ok(e, `an error at ${p}: ${[...byPath.keys()].join(', ')}`);
    return { line: e.range!.start.line + 1, column: e.range!.start.character + 1, message: e.message };
  };
  assert.deepEqual(at('name'), { line: 2, column: 11, message: 'must be 1-64 characters from [a-z0-9._-]' });
  assert.match(at('canonical_sections.1').message, /is a fragment/);
  assert.equal(at('canonical_sections.1').column, 38);
  assert.match(at('required_fragments.0').message, /starts with `_`/);
  assert.match(at('literal_bindings.1.from').message, /must be one of/);
  assert.match(at('selections.0.name').message, /already a literal binding/);
  assert.match(at('selections.1.fragments.PlatformEnforced').message, /not in this profile's `enforcements`/);
  assert.match(at('selections.2.cases.0.when.tools').message, /did you mean `tool`/);
  assert.deepEqual(at('enforcments'), { line: 11, column: 3, message: 'unknown field (did you mean `enforcements`?)' });
  assert.match(at('enforcements').message, /is required/);
});

test('text that is not JSON: one error at the line and column of the fault', () => {
  const read = parseProfileFile('{\n  "name": "x",\n  "canonical_sections": [1,],\n}');
  assert.ok(!read.ok);
  assert.equal(read.errors.length, 1);
  assert.deepEqual(read.errors[0]!.range!.start, { line: 2, character: 27 });
  assert.match(read.errors[0]!.message, /trailing comma/);
  assert.ok(!parseProfileFile('{"a": 1, "a": 2}').ok, 'a duplicate member');
  const empty = parseProfileFile('');
  assert.ok(!empty.ok && /expected a value/.test(empty.errors[0]!.message));
});

test('the JSON parser agrees with JSON.parse on what it accepts, and keeps __proto__ a plain key', () => {
  const ok = parseJsonWithPositions('{"__proto__": {"polluted": true}, "a": [1, -2.5e3, "\\u00e9\\n", null, true]}');
  assert.ok(ok.ok);
  assert.deepEqual(ok.value, JSON.parse('{"__proto__": {"polluted": true}, "a": [1, -2.5e3, "\\u00e9\\n", null, true]}'));
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  assert.deepEqual(ok.spanOf(['a', 2]), { start: 51, end: 61 });
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const text = JSON.stringify(v, null, 1);
      const parsed = parseJsonWithPositions(text);
      assert.ok(parsed.ok, text);
      assert.equal(JSON.stringify(parsed.value), JSON.stringify(JSON.parse(text)));
    }),
    { seed: 20, numRuns: 200 },
  );
});

test('hostile text never throws: random strings, deep nesting, a huge string', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), (s) => {
      parseProfileFile(s);
      parseProfileFile(`{"name": ${s}}`);
    }),
    { seed: 21, numRuns: 300 },
  );
  assert.ok(!parseProfileFile('['.repeat(100_000)).ok);
  assert.ok(!parseProfileFile(`{"name": "${'a'.repeat(1_000_000)}"}`).ok);
  for (const v of [null, 1, 'x', [], { name: null }, { selections: [null, 1, { cases: [null] }] }]) assert.ok(!profileFromJson(v).ok);
});

test('the shipped JSON Schema lists the same top-level fields, required keys and conditions as the validator', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'loomprofile.schema.json'), 'utf8'));
  assert.deepEqual(Object.keys(schema.properties), [
    '$schema',
    'name',
    'description',
    'source',
    'canonical_sections',
    'required_fragments',
    'required_when_used',
    'literal_bindings',
    'selections',
    'enforcements',
    'guidance_cap',
  ]);
  assert.deepEqual(schema.required, ['name', 'canonical_sections', 'required_fragments', 'literal_bindings', 'selections', 'enforcements']);
  assert.deepEqual(Object.keys(schema.definitions.condition.properties), ['enforcement', 'network', 'present', 'tool']);
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  assert.ok(manifest.contributes.jsonValidation.some((v: { fileMatch: string; url: string }) => v.fileMatch === '*.loomprofile.json' && v.url === './schemas/loomprofile.schema.json'));
});

test('the intermediate releases in examples/releases are profile files too, and say what their tables said', () => {
  const read = (name: string) => {
    const r = parseProfileFile(fs.readFileSync(path.join(repoRoot, 'examples', 'releases', `${name}.loomprofile.json`), 'utf8'));
    assert.ok(r.ok, name);
    return r.profile;
  };
  const loom2 = read('loom-2');
  const pack = packOf(['sandbox', '[{enforcement}]'], ['_enforcement_platform', 'PLATFORM']);
  const env = environment({ workspace: '/w', platform: 'p', shell: 's', enforcement: 'PlatformEnforced', network: { posture: 'blocked' } });
  assert.equal(render(pack, env, loom2), '[PLATFORM]');
  assert.equal(render(pack, env, profiles['loom-1']!), '[]');
  assert.equal(loom2.guidanceCap?.bytes, 16_384);
  const oldest = read('loom-6-sections');
  assert.ok(!oldest.canonicalSections.includes('delegation'));
  assert.ok(!problems(packOf(['identity', 'hi']), oldest).some((p) => p.kind === 'MissingSection' && p.name === 'delegation'));
});

test('a profile file is validated in linear time: 4x the names, at most about 4x the time (issue 28)', () => {
  // Many names in every list a profile has, all distinct: each was checked against those before it.
  // The parsed value, so the (linear) JSON reading does not hide how the validation grows.
  const profileValue = (n: number) =>
    ({
      name: 'big',
      canonical_sections: Array.from({ length: n }, (_, i) => `s${i}`),
      required_fragments: Array.from({ length: n }, (_, i) => `_f${i}`),
      literal_bindings: Array.from({ length: n }, (_, i) => ({ name: `l${i}`, from: 'workspace' })),
      selections: Array.from({ length: n }, (_, i) => ({ name: `c${i}`, cases: [{ when: { network: 'open' }, fragment: '_f0' }] })),
      enforcements: ['FullyEnforced'],
    });
  // From 8,000 names up: below that a quadratic scan of them costs less than the linear rest.
  const g = growth(profileValue, (value) => assert.equal(profileFromJson(value).ok, true), { start: 8000, settledUnder: 6 });
  assert.ok(g.ratio < 8, `${g.timings.map((t) => `${t.ms.toFixed(0)} ms at n=${t.n}`).join(', ')} (ratio ${g.ratio.toFixed(1)})`);
});
