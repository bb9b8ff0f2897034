// Real, throwaway git repositories for hand-edit tests: `git init` in a
// fresh folder under the system temp folder (whose name has a space and
// non-ASCII), a fixed identity passed with `-c` on each commit, and the
// repository's own `user.email` set, so nothing depends on the machine's
// git configuration.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const testAuthor = 'tester@example.com';

export class TempRepo {
  private constructor(readonly root: string) {}

  /** A new folder; a repository in it unless `init` is false. */
  static create(init = true): TempRepo {
    const parent = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'packs-hand-edits-')));
    const root = path.join(parent, 'repo ü');
    mkdirSync(root);
    const repo = new TempRepo(root);
    if (init) {
      repo.git('init', '-q', '-b', 'main');
      repo.git('config', 'user.email', testAuthor);
    }
    return repo;
  }

  git(...args: string[]): string {
    return execFileSync('git', ['-c', 'user.email=committer@example.com', '-c', 'user.name=Committer', ...args], {
      cwd: this.root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_DATE: '2026-04-21T12:00:00Z', GIT_COMMITTER_DATE: '2026-04-21T12:00:00Z' },
    });
  }

  /** Writes `text` at `rel` (a `/`-separated path); returns its absolute path. */
  write(rel: string, text: string): string {
    const file = this.path(rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  }

  path(rel: string): string {
    return path.join(this.root, ...rel.split('/'));
  }

  commitAll(message = 'capture'): void {
    this.git('add', '-A');
    this.git('commit', '-q', '--no-gpg-sign', '-m', message);
  }

  dispose(): void {
    rmSync(path.dirname(this.root), { recursive: true, force: true });
  }
}
