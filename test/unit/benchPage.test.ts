// docs/bench-results.md is what bench/results.json says (scripts/benchPage.mjs):
// a run's figures reach the docs only through the generated page, never by hand.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../support/paths';

test('docs/bench-results.md is the page bench/results.json makes', () => {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'benchPage.mjs'), '--check'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const results = JSON.parse(readFileSync(path.join(repoRoot, 'bench', 'results.json'), 'utf8')) as { targets: { target: string }[] };
  const page = readFileSync(path.join(repoRoot, 'docs', 'bench-results.md'), 'utf8');
  assert.ok(results.targets.length > 0);
  for (const { target } of results.targets) assert.ok(page.includes(target), target);
});
