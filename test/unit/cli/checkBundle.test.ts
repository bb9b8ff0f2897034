// `check DIR` on a bundle folder: the rules across the files of its
// prompts/ (found from a spec.yaml, or from the folder itself), their
// findings printed with the file they are in, related files in --json, and
// `--ci` failing while prompts/curated/_pending/ holds a file.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promptsFile, stamps } from '../../support/bundleFixtures';
import { distDir } from '../../support/paths';

function cli(args: string[], dir: string) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd: dir, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function bundle(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle cli ü-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const bundleLines = (stdout: string) => stdout.split('\n').filter((l) => l.includes(' bundle/'));

test('check on a bundle folder runs every rule across its prompts/ files', () => {
  const root = bundle({
    'spec.yaml': 'name: demo\n',
    'docs/spec.md': '# spec\n',
    'prompts/main.prompts': promptsFile('main', [{ id: 'shared' }, { id: 'merged', text: 'Changed', extra: stamps }, { id: 'half', extra: [stamps[0]!] }]),
    'prompts/feature-login.prompts': promptsFile('feature/login', [{ id: 'shared' }, { id: 'merged' }]),
    'prompts/Billing.prompts': promptsFile('feature/billing', [{ id: 'b', extra: ['forked_from = "gone"'] }]),
    'prompts/captured/notes.md': '# not here\n',
  });
  try {
    const r = cli(['check', '.'], root);
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(bundleLines(r.stdout), [
      'prompts/Billing.prompts:2:10: warning bundle/branch-file-name: this file holds branch "feature/billing", whose file is prompts/feature-billing.prompts, not prompts/Billing.prompts',
      'prompts/Billing.prompts:9:15: warning bundle/unknown-fork-parent: no session of the bundle has the id "gone": `forked_from` names the session this one continued from',
      'prompts/feature-login.prompts:7:6: error bundle/duplicate-session-id: session id "shared" is also used in prompts/main.prompts; ids are primary keys across the bundle, and neither copy carries the merge stamps (merged_from, merged_at, approved_by) that make one the merged copy of the other',
      'prompts/main.prompts:7:6: error bundle/duplicate-session-id: session id "shared" is also used in prompts/feature-login.prompts; ids are primary keys across the bundle, and neither copy carries the merge stamps (merged_from, merged_at, approved_by) that make one the merged copy of the other',
      'prompts/main.prompts:15:6: warning bundle/edited-after-merge: this merged copy of session "merged" differs from its original in prompts/feature-login.prompts apart from the merge stamps: one of them was edited after the merge',
      'prompts/main.prompts:28:1: warning bundle/partial-merge-stamps: merged_from is here but merged_at and approved_by are not: the merge writes merged_from, merged_at and approved_by together, and capture none of them',
      // A file the walk does not check otherwise comes last.
      'prompts/captured/notes.md:1:1: error bundle/markdown-in-prompts: a Markdown file under prompts/ is rejected: specs are .md files under docs/, and prompts/ holds only .prompts files',
    ]);
    assert.match(r.stderr, /^4 files checked: 3 errors, 4 warnings\.\n$/);

    const json = JSON.parse(cli(['check', '--json', '.'], root).stdout) as { file: string; code: string; related?: { file: string; range: { start: { line: number } } }[] }[];
    const duplicate = json.find((f) => f.file === 'prompts/main.prompts' && f.code === 'bundle/duplicate-session-id')!;
    assert.deepEqual(duplicate.related!.map((r) => `${r.file}:${r.range.start.line}`), ['prompts/feature-login.prompts:6']);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the bundle is found from its prompts/ folder or from below a spec.yaml; files named alone are judged in their bundle', () => {
  const root = bundle({
    'spec.yaml': 'name: demo\n',
    'prompts/main.prompts': promptsFile('main', [{ id: 'shared' }]),
    'prompts/captured/x.prompts': promptsFile('x', [{ id: 'shared' }]),
  });
  try {
    const fromPrompts = cli(['check', 'prompts'], root);
    assert.deepEqual(bundleLines(fromPrompts.stdout).map((l) => l.split(': ')[0]), ['prompts/captured/x.prompts:7:6', 'prompts/main.prompts:7:6']);
    const fromBelow = cli(['check', 'captured'], path.join(root, 'prompts'));
    assert.deepEqual(bundleLines(fromBelow.stdout).map((l) => l.split(': ')[0]), ['captured/x.prompts:7:6', 'main.prompts:7:6']);
    // As a pre-commit hook names them: the bundle's rules, reported in the files named.
    const alone = cli(['check', 'prompts/main.prompts', 'prompts/captured/x.prompts'], root);
    assert.deepEqual(bundleLines(alone.stdout).map((l) => l.split(': ')[0]), ['prompts/main.prompts:7:6', 'prompts/captured/x.prompts:7:6']);
    assert.equal(alone.code, 1);
    const one = cli(['check', 'prompts/main.prompts'], root);
    assert.deepEqual(bundleLines(one.stdout).map((l) => l.split(': ')[0]), ['prompts/main.prompts:7:6'], 'only the named file\'s findings');
    assert.equal(one.code, 1);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('check --ci exits 1 while prompts/curated/_pending/ holds a file; without --ci it is a note', () => {
  const root = bundle({
    'prompts/main.prompts': promptsFile('main', [{ id: 'a' }]),
    'prompts/curated/_pending/login.prompts': promptsFile('feature/login', [{ id: 'b' }]),
    'prompts/curated/_pending/.gitkeep': '',
  });
  try {
    const plain = cli(['check', '.'], root);
    assert.equal(plain.code, 0, plain.stdout);
    assert.deepEqual(bundleLines(plain.stdout).map((l) => l.split(': ')[0] + ': ' + l.split(': ')[1]), ['prompts/curated/_pending/login.prompts:1:1: information bundle/pending-review']);
    const ci = cli(['check', '--ci', '.'], root);
    assert.equal(ci.code, 1);
    assert.deepEqual(bundleLines(ci.stdout).map((l) => l.split(': ')[1]), ['error bundle/pending-review']);
    fs.rmSync(path.join(root, 'prompts/curated/_pending/login.prompts'));
    assert.equal(cli(['check', '--ci', '.'], root).code, 0, 'a dotfile keeping the folder in git does not count');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
