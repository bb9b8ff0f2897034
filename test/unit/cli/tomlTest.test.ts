// toml-test's TOML 1.0.0 list through `check`, as CI runs it: each case as
// a `.prompts` file in one folder, checked by one run of the command line,
// and judged by whether its findings say the file is not TOML upstream
// reads. And a capture dated February 30 failing the gate.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { distDir, examplesDir } from '../../support/paths';
import { tempDir } from '../../support/tempDirs';
import { refuses, tomlTestCases } from '../../support/tomlTestCases';

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface JsonFinding {
  readonly file: string;
  readonly severity: 'error' | 'warning' | 'info' | 'hint';
  readonly code: string;
}

test("check on toml-test's 1.0.0 list: all 709 cases judged as tomllib judges them, in one run", () => {
  const dir = tempDir('packs-toml-test-');
  const cases = tomlTestCases('1.0.0');
  const fileOf = (p: string) => `${p.replace(/\.toml$/, '').replace(/\//g, '__')}.prompts`;
  for (const c of cases) fs.writeFileSync(path.join(dir, fileOf(c.path)), c.bytes);
  const r = cli(['check', '--json', '.'], dir);
  assert.equal(r.stderr, '');
  const findings = JSON.parse(r.stdout) as JsonFinding[];
  const byFile = new Map<string, JsonFinding[]>();
  for (const f of findings) byFile.set(path.basename(f.file), [...(byFile.get(path.basename(f.file)) ?? []), f]);
  assert.equal(cases.length, 709);
  assert.deepEqual(
    cases.filter((c) => refuses(byFile.get(fileOf(c.path)) ?? []) === c.valid).map((c) => c.path),
    [],
  );
});

test('a capture committed on February 30 fails the gate, at the day', () => {
  const dir = tempDir('packs-feb-30-');
  const capture = fs.readFileSync(path.join(examplesDir, 'prompts', 'feature-login.prompts'), 'utf8');
  fs.writeFileSync(path.join(dir, 'good.prompts'), capture);
  assert.equal(cli(['check', 'good.prompts'], dir).code, 0);
  const dated = capture.replace('committed_at = 2026-04-21T11:58:03Z', 'committed_at = 2026-02-30T10:00:00Z');
  assert.notEqual(dated, capture);
  fs.writeFileSync(path.join(dir, 'feb-30.prompts'), dated);
  const r = cli(['check', 'feb-30.prompts'], dir);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, 'feb-30.prompts:9:24: error prompts/toml-syntax: TOML syntax error: 2026-02-30 is no date: February 2026 has 28 days\n');
});
