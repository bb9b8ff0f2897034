// Upstream's own test cases, per supported Loom release, as data
// (test/fixtures/pack/upstream/<release>.json, each file saying which
// upstream commit and test its cases come from): decode, problems and the
// assess split, severity, and render under each case's environment, all
// judged under that release's built-in profile. Cases marked `loom9` are
// the newest release's tests the loom-9 tables cannot pass; they are held
// to what loom-9 reports instead.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decode } from '../../../src-shared/pack/decode';
import { environmentFromJson } from '../../../src-shared/pack/environmentFile';
import { assess, problems, severity, type Problem } from '../../../src-shared/pack/problems';
import { profiles, type Profile } from '../../../src-shared/pack/profiles';
import { render } from '../../../src-shared/pack/render';
import { repoRoot } from '../../support/paths';

interface ProblemCase {
  readonly test: string;
  readonly source: string;
  readonly contains?: Problem[];
  readonly corrupting?: Problem[];
  readonly shaping?: Problem[];
  readonly shapingLacks?: Problem[];
  /** `corrupting` and `shaping` are the whole lists, not a subset. */
  readonly exactly?: boolean;
  readonly partition?: boolean;
  readonly scorable?: boolean;
  readonly loom9?: { readonly corruptingContains?: Problem[]; readonly corruptingLacks?: Problem[] };
}

interface RenderCase {
  readonly test: string;
  readonly source: string;
  readonly environment: unknown;
  readonly guidanceLines?: { readonly line: string; readonly count: number; readonly suffix: string };
  readonly render?: string;
  readonly renderContains?: string[];
  readonly renderLacks?: string[];
  readonly renderContainsGuidance?: boolean;
  readonly renderEndsWith?: string;
  readonly renderShorterThan?: number;
  readonly linesStartingWithXAreWhole?: string;
}

interface Fixture {
  readonly release: string;
  readonly about: string;
  readonly decode: { test: string; source: string; subject?: string; version?: string; sections?: [string, string][] }[];
  readonly problems: ProblemCase[];
  readonly severity: { test: string; problem: Problem; severity: string }[];
  readonly render: RenderCase[];
}

const folder = path.join(repoRoot, 'test', 'fixtures', 'pack', 'upstream');
const fixtures: Fixture[] = fs
  .readdirSync(folder)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) as Fixture);

test('there is a fixture for every built-in release, and every fixture names its upstream commit', () => {
  assert.deepEqual(fixtures.map((f) => f.release).sort(), Object.keys(profiles).sort());
  for (const f of fixtures) assert.match(f.about, /\b[0-9a-f]{7}\b/, f.release);
});

function decoded(source: string) {
  const d = decode(source);
  assert.ok(d.ok, 'the case pack decodes');
  return d.pack;
}

function includes(list: readonly Problem[], p: Problem): boolean {
  return list.some((q) => JSON.stringify(q) === JSON.stringify(p));
}

for (const fixture of fixtures) {
  const profile: Profile = profiles[fixture.release]!;

  test(`${fixture.release}: decode, as upstream's pack_test`, () => {
    for (const c of fixture.decode) {
      const d = decode(c.source);
      if (c.subject !== undefined) {
        assert.ok(!d.ok, c.test);
        assert.equal(d.report.boundary, 'prompt/pack.decode', c.test);
        assert.equal(d.report.subject, c.subject, c.test);
        continue;
      }
      assert.ok(d.ok, c.test);
      if (c.version !== undefined) assert.equal(d.pack.version, c.version, c.test);
      assert.deepEqual(d.pack.sections.map((s) => [s.name, s.body]), c.sections, c.test);
    }
  });

  test(`${fixture.release}: problems and the assess split, as upstream's pack_test`, () => {
    for (const c of fixture.problems) {
      const pack = decoded(c.source);
      const found = problems(pack, profile);
      const split = assess(pack, profile);
      for (const p of c.contains ?? []) assert.ok(includes(found, p), `${c.test}: ${JSON.stringify(p)} in ${JSON.stringify(found)}`);
      if (c.exactly) {
        if (c.corrupting) assert.deepEqual(split.corrupting, c.corrupting, c.test);
        if (c.shaping) assert.deepEqual(split.shaping, c.shaping, c.test);
      } else {
        for (const p of c.corrupting ?? []) assert.ok(includes(split.corrupting, p), `${c.test}: corrupting ${JSON.stringify(p)}`);
        for (const p of c.shaping ?? []) assert.ok(includes(split.shaping, p), `${c.test}: shaping ${JSON.stringify(p)}`);
      }
      for (const p of c.shapingLacks ?? []) assert.ok(!includes(split.shaping, p), `${c.test}: not shaping ${JSON.stringify(p)}`);
      if (c.partition) {
        assert.equal(split.corrupting.length + split.shaping.length, found.length, c.test);
        for (const p of found) assert.ok(includes(split.corrupting, p) || includes(split.shaping, p), c.test);
      }
      if (c.scorable !== undefined) assert.equal(split.corrupting.length === 0, c.scorable, c.test);
      if (c.loom9) {
        // What the loom-9 tables make of the newest release's test: it cannot pass there.
        const old = assess(pack, profiles['loom-9']!);
        for (const p of c.loom9.corruptingContains ?? []) assert.ok(includes(old.corrupting, p), `${c.test} under loom-9: ${JSON.stringify(p)}`);
        for (const p of c.loom9.corruptingLacks ?? []) assert.ok(!includes(old.corrupting, p), `${c.test} under loom-9: not ${JSON.stringify(p)}`);
        assert.notDeepEqual(old, split, `${c.test}: loom-9 passes it too, so it proves nothing about ${fixture.release}`);
      }
    }
  });

  test(`${fixture.release}: severity, as upstream's pack_test`, () => {
    for (const c of fixture.severity) assert.equal(severity(c.problem), c.severity, c.test);
  });

  test(`${fixture.release}: render under each case's environment, as upstream's render_test`, () => {
    for (const c of fixture.render) {
      const fields = c.guidanceLines
        ? { ...(c.environment as object), repository_guidance: guidanceOf(c.guidanceLines) }
        : (c.environment as object);
      const env = environmentFromJson(fields);
      assert.ok(env.ok, `${c.test}: the case environment is valid`);
      const text = render(decoded(c.source), env.environment, profile);
      if (c.render !== undefined) assert.equal(text, c.render, c.test);
      for (const s of c.renderContains ?? []) assert.ok(text.includes(s), `${c.test}: contains ${JSON.stringify(s)}`);
      for (const s of c.renderLacks ?? []) assert.ok(!text.includes(s), `${c.test}: lacks ${JSON.stringify(s)}`);
      if (c.renderContainsGuidance) assert.ok(text.includes(guidanceOf(c.guidanceLines!)), `${c.test}: the guidance whole`);
      if (c.renderEndsWith !== undefined) assert.ok(text.trimEnd().endsWith(c.renderEndsWith), c.test);
      if (c.renderShorterThan !== undefined) assert.ok(text.length < c.renderShorterThan, c.test);
      if (c.linesStartingWithXAreWhole !== undefined) {
        for (const line of text.split('\n').filter((l) => l.startsWith('x'))) assert.equal(line, c.linesStartingWithXAreWhole, c.test);
      }
    }
  });
}

function guidanceOf(g: { line: string; count: number; suffix: string }): string {
  return Array.from({ length: g.count }, () => g.line).join('\n') + g.suffix;
}
