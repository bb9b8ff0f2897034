// `dist/cli.js check` in a git repository reports the hand-edit findings
// the editor shows (same codes, messages, positions), so a pre-commit hook
// or CI can refuse unlogged edits: `--strict-edits` makes them errors.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { TempRepo } from '../../support/gitRepos';
import { committed, handEditFindings, withLines } from '../../support/handEditFixtures';
import { distDir } from '../../support/paths';

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const edited = withLines(14, 1, '  text = "Add a login form with errors."').replace('id = "s-1"\n', 'id = "s-9"\n');

test('check reports the hand edits of a committed file, as the editor does', () => {
  const repo = TempRepo.create();
  try {
    repo.write('prompts/main.prompts', committed);
    repo.commitAll();
    repo.write('prompts/main.prompts', edited);
    const expected = handEditFindings(edited).map(
      (f) => `prompts/main.prompts:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} ${f.code}: ${f.message}`,
    );
    assert.equal(expected.length, 2);
    const human = cli(['check', 'prompts'], repo.root);
    assert.equal(human.stdout, `${expected.join('\n')}\n`);
    assert.equal(human.code, 1, 'the changed id is an error');

    const json = JSON.parse(cli(['check', '--json', 'prompts/main.prompts'], repo.root).stdout) as { code: string; range: unknown; message: string }[];
    assert.deepEqual(
      json.map((f) => [f.code, f.range, f.message]),
      handEditFindings(edited).map((f) => [f.code, f.range, f.message]),
    );
  } finally {
    repo.dispose();
  }
});

test('unlogged edits alone pass, unless --strict-edits makes them errors', () => {
  const repo = TempRepo.create();
  try {
    repo.write('a.prompts', committed);
    repo.commitAll();
    repo.write('a.prompts', withLines(10, 1, 'title = "Retitled"'));
    const plain = cli(['check', 'a.prompts'], repo.root);
    assert.equal(plain.code, 0);
    assert.match(plain.stdout, /^a\.prompts:11:9: warning prompts\/unlogged-edit: `title` changed since HEAD, and no \[\[edits\]\] entry records it\n$/);
    const strict = cli(['check', '--strict-edits', 'a.prompts'], repo.root);
    assert.equal(strict.code, 1);
    assert.match(strict.stdout, /: error prompts\/unlogged-edit: /);
  } finally {
    repo.dispose();
  }
});
