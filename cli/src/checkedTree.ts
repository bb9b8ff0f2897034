// The tree a command checks: for each path it was given, the repository
// holding it (the nearest folder holding `.git`), else the folder given, or
// a file's own folder. A file the repository names (a pack's `%% # profile:`
// path, a link the walk finds) is read only when its real path, links
// resolved, lies inside the tree: a hostile repository must not make a CI
// job read `/etc/passwd`, `/proc/self/environ` or `../creds.json` and print
// what it found. The refusal is the same whether the target exists or not.

import * as fs from 'node:fs';
import * as path from 'node:path';

export class CheckedTree {
  private readonly roots: readonly string[];

  /** `paths`: what the command was given, files and folders. */
  constructor(paths: readonly string[]) {
    const roots = new Set<string>();
    for (const p of paths) {
      const real = realPath(p);
      if (real === undefined) continue;
      const folder = isDirectory(real) ? real : path.dirname(real);
      roots.add(repositoryOf(folder) ?? folder);
    }
    this.roots = [...roots];
  }

  /** Whether `file` exists and its real path lies inside the tree. */
  contains(file: string): boolean {
    const real = realPath(file);
    return real !== undefined && this.roots.some((root) => real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
  }
}

function realPath(p: string): string | undefined {
  try {
    return fs.realpathSync(p);
  } catch {
    // Missing or unreadable: outside the tree as far as anyone may learn.
    return undefined;
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function repositoryOf(folder: string): string | undefined {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}
