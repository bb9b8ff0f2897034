// A strict flag that judges a file against HEAD (`--strict-edits`,
// `--strict-renders`) fails closed: when git cannot give the file as
// committed, the file is not checked, and this says why and what to do.
// No git at all is a reason only inside a work tree (a `.git` above the
// file): elsewhere there is no HEAD to judge against. git's own
// protections stay: a repository it refuses (dubious ownership) is named,
// with the `safe.directory` setting that trusts it, and never overruled.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { NoBaseline } from '../../src-node/git/repository';
import { refusedRepository } from '../../src-shared/prompts/handEdits/status';

/** Why `flag` could not judge `file` (an absolute path), or undefined when there is nothing to judge against. */
export function unreadableBaseline(off: NoBaseline, file: string, flag: string): string | undefined {
  const needs = `${flag} needs the file as committed at HEAD`;
  if (off.reason === 'noGit') return insideWorkTree(path.dirname(file)) ? `git is not installed (no \`git\` on PATH), and ${needs}: install git, or leave out ${flag}` : undefined;
  if (off.reason !== 'gitFailed') return undefined;
  const detail = off.detail ?? 'no message';
  const refused = refusedRepository(detail);
  if (refused !== undefined) {
    return `git refuses the repository: ${detail} (it belongs to another user), and ${needs}. If you trust the repository, add it to git's \`safe.directory\` setting (git config --global --add safe.directory '${refused}'), or run the check as its owner`;
  }
  return `git failed (${detail}), and ${needs}: run the check again, or leave out ${flag}`;
}

function insideWorkTree(dir: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return true;
    if (path.dirname(d) === d) return false;
  }
}
