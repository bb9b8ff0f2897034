// The `$packs-and-prompts` problem matcher reads what `check` really
// prints: every finding line of a run over the broken examples is matched,
// with its file, position, severity, code and message, and the summary
// line is not.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { distDir, examplesDir, repoRoot } from '../../support/paths';

interface Matcher {
  readonly name: string;
  readonly pattern: { readonly regexp: string; readonly file: number; readonly line: number; readonly column: number; readonly severity: number; readonly code: number; readonly message: number };
}

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const matcher = (manifest.contributes.problemMatchers as Matcher[]).find((m) => m.name === 'packs-and-prompts')!;

test('every finding line of a real check run is matched, field by field', () => {
  const broken = path.join(examplesDir, 'broken');
  const run = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'check', broken], { encoding: 'utf8', cwd: repoRoot });
  const lines = run.stdout.split('\n').filter((l) => l !== '');
  const findings = lines.filter((l) => /:\d+:\d+: /.test(l));
  assert.ok(findings.length >= 3, `the broken examples have findings: ${run.stdout}${run.stderr}`);
  const regexp = new RegExp(matcher.pattern.regexp);
  for (const line of findings) {
    const m = regexp.exec(line);
    assert.ok(m, `matched: ${line}`);
    const p = matcher.pattern;
    assert.ok(m[p.file]!.startsWith(broken), line);
    assert.match(m[p.line]!, /^[1-9]\d*$/);
    assert.match(m[p.column]!, /^[1-9]\d*$/);
    assert.match(m[p.severity]!, /^(error|warning|information|hint)$/);
    assert.match(m[p.code]!, /^(pack|prompts)\/[a-z-]+$/);
    assert.ok(m[p.message]!.length > 0);
  }
  const summary = lines.filter((l) => !findings.includes(l));
  assert.ok(summary.every((l) => !regexp.test(l)), `not matched: ${summary.join(' | ')}`);
});

test('a file name with colons and spaces is still split at the position', () => {
  const m = new RegExp(matcher.pattern.regexp).exec('C:\\work\\my packs\\a:b.pack:12:3: warning pack/missing-section: missing section `identity`')!;
  assert.deepEqual([m[1], m[2], m[3], m[4], m[5]], ['C:\\work\\my packs\\a:b.pack', '12', '3', 'warning', 'pack/missing-section']);
});
