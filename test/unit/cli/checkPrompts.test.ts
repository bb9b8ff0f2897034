// `check` on .prompts files: the same findings as the validator, the same
// output forms as for packs, and `--strict-unknown` turning unknown tools
// into errors.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { distDir, fixturesDir } from '../../support/paths';
import { commitLines, findingsOf, lines } from '../../support/promptsFixtures';
import { tempDir } from '../../support/tempDirs';

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const unknownTool = lines(
  ...commitLines,
  '',
  '[[sessions]]',
  'id = "s-1"',
  'source = "cursor"',
  '',
  '  [[sessions.turns]]',
  '  role = "assistant"',
  '',
  '    [[sessions.turns.tool_calls]]',
  '    name = "Browse"',
  '    args = { url = "https://example.com" }',
);

function workspace(files: Record<string, string>): string {
  const dir = tempDir('packs-cli-prompts-');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test('valid .prompts files check without errors, legacy folders included, found by walking a directory', () => {
  const r = cli(['check', 'every-field.prompts', 'prompts'], path.join(fixturesDir, 'prompts'));
  assert.equal(r.code, 0, r.stderr);
  // The legacy capture carries a local date-time on purpose: valid TOML, but not what the writer writes. The fixtures'
  // folder is itself a `prompts/` folder, so the file named alone is judged in that bundle, as `check .` would.
  assert.equal(
    r.stdout,
    [
      'every-field.prompts:8:19: warning bundle/branch-file-name: this file holds branch "feature/tax-refactor", whose file is prompts/feature-tax-refactor.prompts, not prompts/every-field.prompts',
      'every-field.prompts:32:17: warning bundle/unknown-fork-parent: no session of the bundle has the id "c0ffee00-0000-4000-8000-000000000000": `forked_from` names the session this one continued from',
      'prompts/captured/main.prompts:13:14: warning prompts/non-utc-timestamp: `started_at` is a local date-time with no offset; the capture writer writes UTC with Z and whole seconds',
      '',
    ].join('\n'),
  );
  assert.equal(r.stderr, '3 files checked: 0 errors, 3 warnings.\n');
});

test('an invalid .prompts file reports the validator findings, 1-based, and exits 1', () => {
  const text = lines(...commitLines, 'author_nmae = "typo"');
  const dir = workspace({ 'bad.prompts': text });
  const r = cli(['check', 'bad.prompts'], dir);
  assert.equal(r.code, 1);
  const expected = findingsOf(text).map(
    (f) => `bad.prompts:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} ${f.code}: ${f.message}`,
  );
  assert.ok(expected.some((l) => l.includes('prompts/unknown-key')), 'the fixture has an unknown key');
  assert.equal(r.stdout, expected.join('\n') + '\n');
});

test('--strict-unknown makes an unknown tool an error, in --json too', () => {
  const dir = workspace({ 'tools.prompts': unknownTool });
  const lax = cli(['check', '--json', 'tools.prompts'], dir);
  const strict = cli(['check', '--json', '--strict-unknown', 'tools.prompts'], dir);
  const severityOf = (out: string) =>
    (JSON.parse(out) as { code: string; severity: string }[]).find((f) => f.code === 'prompts/unknown-tool')?.severity;
  assert.equal(severityOf(lax.stdout), 'warning');
  assert.equal(lax.code, 0);
  assert.equal(severityOf(strict.stdout), 'error');
  assert.equal(strict.code, 1);
});
