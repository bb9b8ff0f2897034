// What a folder walk finds, as the editor would check it (issue 27): a
// symlinked `prompts/` folder is followed and its files really checked (a
// link back up is no loop, a link out of the folder fails the run instead
// of a silent skip), `session.PROMPTS` is a capture, a `node_modules`
// inside `prompts/` is read, and the summary counts only the files whose
// rules ran.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promptsFile } from '../../support/bundleFixtures';
import { distDir } from '../../support/paths';

function cli(args: string[], dir: string) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.signal, null, 'the check finished');
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, all: `${r.stdout}${r.stderr}` };
}

function folder(files: Record<string, string>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'packs-walk-')));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

/** A capture with an unknown key: an error only a real check finds. */
const broken = (branch: string, id: string) => promptsFile(branch, [{ id }]).replace('[[sessions]]', 'colour = "red"\n\n[[sessions]]');

test('a symlinked prompts/ folder is followed and its files checked; a link back up is no loop', () => {
  const root = folder({ 'shared/main.prompts': broken('main', 'a') });
  try {
    fs.symlinkSync(path.join(root, 'shared'), path.join(root, 'prompts'));
    fs.symlinkSync('..', path.join(root, 'shared', 'up'));
    const r = cli(['check', '.'], root);
    assert.equal(r.code, 1, r.all);
    assert.match(r.stdout, /^prompts\/main\.prompts:\d+:1: error prompts\/unknown-key: /m);
    // Reached twice (shared/ and the prompts link) but checked once, by the first path the sorted walk meets.
    assert.match(r.stderr, /^1 file checked: /m);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a link to a folder outside the walked folder is refused, exit 2, naming it: never a silent skip', () => {
  const root = folder({ 'repo/prompts/main.prompts': promptsFile('main', [{ id: 'a' }]), 'outside/other.prompts': broken('main', 'b') });
  try {
    fs.symlinkSync(path.join(root, 'outside'), path.join(root, 'repo', 'prompts', 'linked'));
    const r = cli(['check', 'prompts'], path.join(root, 'repo'));
    assert.equal(r.code, 2, r.all);
    assert.match(r.stderr, /prompts\/linked: a link to a folder outside prompts .*not followed: name that folder to check it/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('extensions in any case, and node_modules inside prompts/ (skipped only outside it)', () => {
  const root = folder({
    'prompts/session.PROMPTS': broken('main', 'a'),
    'prompts/node_modules/kept.prompts': broken('feature/kept', 'b'),
    'node_modules/dep/skipped.prompts': broken('main', 'c'),
  });
  try {
    const r = cli(['check', '.'], root);
    assert.equal(r.code, 1, r.all);
    assert.match(r.stdout, /^prompts\/session\.PROMPTS:\d+:1: error prompts\/unknown-key: /m);
    assert.match(r.stdout, /^prompts\/node_modules\/kept\.prompts:\d+:1: error prompts\/unknown-key: /m);
    assert.doesNotMatch(r.stdout, /skipped\.prompts/);
    assert.match(r.stderr, /^2 files checked: /m);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the summary counts the files whose rules ran: a file over the size limit is "not checked", not "checked"', () => {
  const root = folder({ 'a.prompts': promptsFile('main', [{ id: 'a' }]), 'b.prompts': promptsFile('main', [{ id: 'b' }]) + ' '.repeat(2 * 1024 * 1024) });
  try {
    const r = cli(['check', '--max-file-size-mb', '1', '.'], root);
    assert.equal(r.code, 2, r.all);
    assert.match(r.stderr, /^1 file checked, 1 not checked: 1 error, 0 warnings\.$/m);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
