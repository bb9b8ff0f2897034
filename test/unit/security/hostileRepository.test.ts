// Git run on a hostile repository never runs a program the repository
// names: every read of HEAD the server and the command line make (the
// baseline store, the repository and blob programs, the tracked-file list,
// `check` end to end) on files with awkward names, while a `.git/config`
// points fsmonitor, hooks, pager, filters (applied by .gitattributes),
// textconv, an external diff and more at a trap. The trap is shown to be
// live first: a plain `git status` and `git diff` spring it.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeSpawner, nodeSyncSpawner } from '../../../src-node/git/command';
import { findRepository, headFileText, runSync, trackedFiles } from '../../../src-node/git/repository';
import { BaselineStore } from '../../../server/src/prompts/handEditsBaselines';
import { committed } from '../../support/handEditFixtures';
import { hostileRepo, lazyFetchAttacks, lazyFetchRepo } from '../../support/hostileRepo';
import { testAuthor } from '../../support/gitRepos';
import { distDir } from '../../support/paths';

test('the trap is live: plain git status and git diff in the repository run its programs', () => {
  const h = hostileRepo();
  try {
    const seen = h.controlRun();
    assert.match(seen, /trap\.sh 2 /, 'git status asks the fsmonitor');
    assert.match(seen, /trap\.sh clean/, 'git status runs the clean filter .gitattributes names');
    assert.match(seen, /trap\.sh command /, 'git diff runs the diff driver .gitattributes names');
  } finally {
    h.dispose();
  }
});

test("the server's baseline store reads HEAD for names with spaces, a leading dash and a line break, and springs nothing", async () => {
  const h = hostileRepo();
  try {
    const store = new BaselineStore(nodeSpawner, { trusted: true });
    for (const file of h.prompts) {
      const baseline = await store.baseline(pathToFileURL(file).href);
      assert.equal(baseline.kind, 'baseline', `${JSON.stringify(file)}: ${baseline.kind === 'off' ? baseline.reason : ''}`);
    }
    const head = await store.headText(pathToFileURL(h.pack).href);
    assert.equal(head.kind, 'text');
    assert.match(head.kind === 'text' ? head.text : '', /You are an agent\./);
    assert.equal(await store.authorFor(pathToFileURL(h.prompts[0]!).href), testAuthor);
    assert.equal(h.sprung(), undefined);
  } finally {
    h.dispose();
  }
});

test('the command line programs read HEAD and list tracked files, and spring nothing', () => {
  const h = hostileRepo();
  try {
    for (const file of h.prompts) {
      const head = runSync(headFileText(file), nodeSyncSpawner);
      assert.equal(head.kind, 'text', JSON.stringify(head));
      assert.equal(head.kind === 'text' ? head.text : '', committed);
    }
    const listed = runSync(trackedFiles(h.repo.root, '.packenv.json'), nodeSyncSpawner);
    assert.deepEqual(listed, [h.environment]);
    assert.equal(h.sprung(), undefined);
  } finally {
    h.dispose();
  }
});

test('`check` on the whole repository judges every file against HEAD, and springs nothing', () => {
  const h = hostileRepo();
  try {
    const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'check', h.repo.root], { encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
    // A name holding a line break is printed escaped (`new\nline.prompts`).
    for (const file of h.prompts) assert.ok(r.stdout.includes(`${file.replace(/\n/g, '\\n')}:15:10: warning prompts/unlogged-edit`), `${JSON.stringify(file)} judged against HEAD:\n${r.stdout}${r.stderr}`);
    assert.match(r.stdout, /agent pack\.pack:2:1: warning pack\/render-changed-version-unchanged/);
    assert.equal(h.sprung(), undefined);
  } finally {
    h.dispose();
  }
});

test('a repository whose path holds a line break is no repository to read from (rev-parse prints a path a line)', () => {
  const parent = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'packs-line-break-')));
  try {
    const root = path.join(parent, 'a\nb');
    mkdirSync(root);
    execFileSync('git', ['init', '-q', root]);
    const found = runSync(findRepository(root), nodeSyncSpawner);
    assert.deepEqual(found, { kind: 'off', reason: 'gitFailed', detail: "the repository's path holds a line break" });
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

for (const attack of lazyFetchAttacks) {
  test(`a partial clone whose missing blob a fetch through ${attack} would bring: the command line fetches nothing, runs nothing, and fails closed`, () => {
    const h = lazyFetchRepo(attack);
    try {
      assert.notEqual(h.controlRun(), '', `a plain git cat-file runs the ${attack} trap`);
      const head = runSync(headFileText(h.prompts), nodeSyncSpawner);
      assert.equal(head.kind, 'off', JSON.stringify(head));
      const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1' };
      const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'check', ...args], { cwd: h.repo.root, encoding: 'utf8', env });
      const plain = cli('prompts', 'packs');
      // The pack's own findings are errors (exit 1); no file goes unchecked without a strict flag.
      assert.equal(plain.status, 1, plain.stdout + plain.stderr);
      assert.match(plain.stdout, /lazy\.prompts:1:1: information prompts\/hand-edits-unchecked: Hand edits off: git failed \(/);
      const strict = cli('--strict-edits', '--strict-renders', 'prompts', 'packs');
      assert.equal(strict.status, 2, strict.stdout + strict.stderr);
      assert.match(strict.stderr, /lazy\.prompts: not checked: git failed .*--strict-edits needs/);
      assert.match(strict.stderr, /lazy\.pack: not checked: git failed .*--strict-renders needs/);
      assert.equal(h.sprung(), undefined, `a program the repository names ran through ${attack}`);
    } finally {
      h.dispose();
    }
  });
}
