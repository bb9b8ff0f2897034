// Builds a disposable workspace: files copied into a temporary folder whose
// own name is hard (a space, non-ASCII), made a git repository whose HEAD is
// a baseline committed by a fixed test identity, so hand-edit detection has
// something to compare with and nothing depends on the user's git config.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';

export const testIdentity = {
  name: 'Packs E2E',
  email: 'e2e@packs-and-prompts.invalid',
  date: '2026-04-21T12:00:00Z',
};

function gitEnv() {
  return {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: testIdentity.name,
    GIT_AUTHOR_EMAIL: testIdentity.email,
    GIT_AUTHOR_DATE: testIdentity.date,
    GIT_COMMITTER_NAME: testIdentity.name,
    GIT_COMMITTER_EMAIL: testIdentity.email,
    GIT_COMMITTER_DATE: testIdentity.date,
  };
}

export function git(cwd, ...args) {
  return execFileSync('git', args, { cwd, env: gitEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Copies each `{ from, to }` (to: relative to the workspace root) into
 * `<parent>/<name>`, lets `before(root)` add files, and commits the result
 * as the baseline. Returns the workspace folder.
 */
export function prepareWorkspace({ parent, name = 'Workspace ü', copies, before, message = 'Baseline for the tests' }) {
  const root = path.join(parent, name);
  mkdirSync(root, { recursive: true });
  for (const { from, to = '.' } of copies) cpSync(from, path.join(root, to), { recursive: true });
  before?.(root);
  git(root, 'init', '-q', '-b', 'main');
  // What a hand-edit fix writes as `by` (`git config user.email`).
  git(root, 'config', 'user.email', testIdentity.email);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '--no-gpg-sign', '-m', message);
  return root;
}
