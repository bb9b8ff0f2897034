// Where `check` finds each file's baseline, and why a strict flag could not
// judge against it. The baseline is the file's content at one revision,
// `--base REV` (default HEAD), resolved once per repository to a commit
// (`A...B`: their merge base); the file judged is the one in the working
// tree. A file absent at that commit is new: a first capture. The
// repository is the one git finds from the file's folder, or the one the
// user pointed at with GIT_DIR (and GIT_WORK_TREE, else the working
// folder), passed to git as `--git-dir`/`--work-tree` options so the
// environment git runs in stays clean; a file outside that work tree has no
// baseline.
//
// A strict flag that judges a file against its baseline (`--strict-edits`,
// `--strict-renders`) fails closed: when git cannot give the file as
// committed, or the base cannot be resolved, or the committed version does
// not parse, the file is not checked, and a sentence says why and what to
// do. No git at all is a reason only inside a work tree (a `.git` above the
// file): elsewhere there is no commit to judge against. git's own
// protections stay: a repository it refuses (dubious ownership) is named,
// with the `safe.directory` setting that trusts it, and never overruled.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { nodeSyncSpawner, type SyncSpawner } from '../../src-node/git/command';
import { type BaseCommit, findRepository, type HeadText, headTextIn, locationOptions, type NoBaseline, type PointedRepository, type Repository, resolveRevision, runSync } from '../../src-node/git/repository';
import { refusedRepository } from '../../src-shared/prompts/handEdits/status';
import { type ParsedArgs, stringOption, UsageError } from './args';

export const defaultBase = 'HEAD';

/** The base could not be resolved to a commit in the file's repository. */
export interface UnresolvedBase {
  readonly kind: 'unresolved';
  readonly base: string;
  readonly shallow: boolean;
  readonly repository: Repository;
}

/** A file's baseline: its text at the base commit, why there is none, or a base git cannot find. */
export type Committed = (HeadText & { readonly commit: string }) | NoBaseline | UnresolvedBase;

/** Every file's baseline in one run: repositories and the base's commit looked up once each. */
export class Baselines {
  private readonly repositories = new Map<string, Repository | NoBaseline>();
  private readonly commits = new Map<string, BaseCommit | UnresolvedBase | NoBaseline>();

  constructor(
    /** The revision `--base` named, as the user wrote it (`HEAD` by default): messages name it so. */
    readonly base: string = defaultBase,
    private readonly spawner: SyncSpawner = nodeSyncSpawner,
    private readonly pointed?: PointedRepository,
  ) {}

  /** The options that name the repository GIT_DIR points at, on every git call in it ([] when git finds it). */
  get location(): readonly string[] {
    return this.pointed ? locationOptions(this.pointed) : [];
  }

  /** The repository `file` (absolute) belongs to. */
  repositoryOf(file: string): Repository | NoBaseline {
    const dir = path.dirname(file);
    let found = this.repositories.get(dir);
    if (!found) {
      found = this.pointed && !within(this.pointed.workTree, file) ? outsidePointed(this.pointed) : runSync(findRepository(dir, this.pointed), this.spawner);
      this.repositories.set(dir, found);
    }
    return found;
  }

  /** `file` (absolute) as committed at the base. */
  committed(file: string): Committed {
    const repository = this.repositoryOf(file);
    if ('kind' in repository) return repository;
    const commit = this.commitIn(repository);
    if (commit.kind !== 'commit') return commit;
    const text = runSync(headTextIn(repository, file, commit.oid), this.spawner);
    return text.kind === 'text' ? { ...text, commit: commit.oid } : text;
  }

  /** The commit a baseline came from, named for a message: `HEAD (commit 1a2b…)`, `origin/main (commit 3c4d…)`. */
  nameOf(committed: HeadText & { readonly commit: string }): string {
    if (committed.commit !== defaultBase) return commitName(this.base, committed.commit);
    const head = runSync(resolveRevision(committed.repository, defaultBase), this.spawner);
    return head.kind === 'commit' ? commitName(this.base, head.oid) : this.base;
  }

  private commitIn(repository: Repository): BaseCommit | UnresolvedBase | NoBaseline {
    // HEAD is read as it always was: a repository without a commit is no failure, just nothing to judge against.
    if (this.base === defaultBase) return { kind: 'commit', oid: defaultBase };
    let commit = this.commits.get(repository.root);
    if (!commit) {
      const resolved = runSync(resolveRevision(repository, this.base), this.spawner);
      commit = resolved.kind === 'unresolved' ? { kind: 'unresolved', base: this.base, shallow: resolved.shallow, repository } : resolved;
      this.commits.set(repository.root, commit);
    }
    return commit;
  }
}

/** `--base REV` (default HEAD), read in this one place for every command that compares with a commit (check, render --json). */
export function baseOption(args: ParsedArgs): string {
  const base = stringOption(args, 'base') ?? defaultBase;
  if (base.startsWith('-')) throw new UsageError(`--base takes a revision (a branch, a tag, a commit, or A...B for their merge base), not ${base}`);
  return base;
}

/** The run's baselines: the base `--base` names, in the repository GIT_DIR points at or the one git finds. */
export function baselinesFor(args: ParsedArgs, env: NodeJS.ProcessEnv = process.env): Baselines {
  return new Baselines(baseOption(args), nodeSyncSpawner, pointedRepository(env));
}

/** The repository GIT_DIR (and GIT_WORK_TREE) point at, as absolute paths, or undefined when GIT_DIR is not set. */
export function pointedRepository(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): PointedRepository | undefined {
  const gitDir = env.GIT_DIR;
  if (gitDir === undefined || gitDir === '') return undefined;
  // Without GIT_WORK_TREE, git takes the working folder as the work tree.
  return { gitDir: path.resolve(cwd, gitDir), workTree: path.resolve(cwd, env.GIT_WORK_TREE || '.') };
}

function within(folder: string, file: string): boolean {
  const rel = path.relative(folder, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function outsidePointed(pointed: PointedRepository): NoBaseline {
  return { kind: 'off', reason: 'gitFailed', detail: `GIT_DIR names ${pointed.gitDir}, whose work tree ${pointed.workTree} does not hold the file` };
}

/** The commit a baseline came from, as messages name it: `HEAD`, or `origin/main (commit 1a2b3c4d5e6f)`. */
export function commitName(base: string, commit: string): string {
  return commit === base ? base : `${base} (commit ${commit.slice(0, 12)})`;
}

/** Why `flag` could not judge `file` (an absolute path), or undefined when there is nothing to judge against. */
export function unreadableBaseline(off: NoBaseline | UnresolvedBase, file: string, flag: string, base: string = defaultBase): string | undefined {
  const needs = `${flag} needs the file as committed at ${base}`;
  if (off.kind === 'unresolved') return unresolvedBase(off, flag);
  if (off.reason === 'noGit') return insideWorkTree(path.dirname(file)) ? `git is not installed (no \`git\` on PATH), and ${needs}: install git, or leave out ${flag}` : undefined;
  if (off.reason !== 'gitFailed') return undefined;
  const detail = off.detail ?? 'no message';
  const refused = refusedRepository(detail);
  if (refused !== undefined) {
    return `git refuses the repository: ${detail} (it belongs to another user), and ${needs}. If you trust the repository, add it to git's \`safe.directory\` setting (git config --global --add safe.directory '${refused}'), or run the check as its owner`;
  }
  return `git failed (${detail}), and ${needs}: run the check again, or leave out ${flag}`;
}

/** `--base REV` names nothing git has here: say what to fetch. */
export function unresolvedBase(off: UnresolvedBase, flag: string): string {
  const shallow = off.shallow ? 'the clone is shallow and does not hold it' : 'a typo, or a branch or commit not fetched';
  const branch = /^(?:refs\/remotes\/)?([\w.-]+)\/(.+?)(?:\.\.\..*)?$/.exec(off.base);
  const fetch = branch ? `git fetch ${branch[1]} ${branch[2]}` : `git fetch origin ${off.base.replace(/\.\.\..*$/, '')}`;
  const deepen = off.shallow ? ', and enough history for it: `git fetch --unshallow`, or `fetch-depth: 0` in actions/checkout, `GIT_DEPTH: 0` in GitLab CI' : '';
  return `--base ${off.base} is no commit git can find in the repository at ${off.repository.root} (${shallow}), and ${flag} needs the file as committed there: fetch it first (\`${fetch}\`${deepen})`;
}

/** The committed version did not parse (or decode): under a strict flag, the file is not checked, naming the commit (`Baselines.nameOf`). */
export function unparseableBaseline(commit: string, flag: string, what: string): string {
  return `its version at ${commit} ${what}, so ${flag} has nothing to judge it against: fix the file and commit the fix without ${flag} (the commit that fixes it has no good baseline either)`;
}

function insideWorkTree(dir: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return true;
    if (path.dirname(d) === d) return false;
  }
}
