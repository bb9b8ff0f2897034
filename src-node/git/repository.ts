// The git questions hand-edit detection and render discipline ask: which
// repository holds a file (and where its HEAD and refs live, to watch
// them), which blob the file is at HEAD, that blob's bytes, the user's
// email, and which files of a kind the repository tracks. Each is a small
// program that yields the git calls it needs and reads their answers, so
// one definition runs asynchronously in the server and synchronously in
// the command line, and tests step through it with canned answers.

import * as path from 'node:path';
import type { OffReason } from '../../src-shared/prompts/handEdits/status';
import { type AsyncSpawner, blobOutput, type GitLimits, type GitOutcome, gitSpawn, smallOutput, type SyncSpawner } from './command';

export interface GitCall {
  /** The subcommand and its arguments (the safety options are added when it runs). */
  readonly args: readonly string[];
  readonly cwd: string;
  readonly limits: GitLimits;
}

export type GitProgram<T> = Generator<GitCall, T, GitOutcome>;

export interface NoBaseline {
  readonly kind: 'off';
  readonly reason: OffReason;
  readonly detail?: string;
}

export interface Repository {
  /** The working tree's root. */
  readonly root: string;
  /** Where HEAD is (`.git`, or `.git/worktrees/<name>` for a linked worktree). */
  readonly gitDir: string;
  /** Where refs and packed-refs are. */
  readonly commonDir: string;
  /** The branch HEAD points at (`refs/heads/main`), undefined when detached. */
  readonly headRef: string | undefined;
  /**
   * Options before the subcommand that name the repository, for one the
   * user pointed at with GIT_DIR and GIT_WORK_TREE (`--git-dir=…`,
   * `--work-tree=…`: given on the command line, so the environment stays
   * clean); absent for one git finds from the file's folder.
   */
  readonly location?: readonly string[];
}

/** A repository the user named (the command line's GIT_DIR and GIT_WORK_TREE), as absolute paths. */
export interface PointedRepository {
  readonly gitDir: string;
  readonly workTree: string;
}

/** The global options that make git use `pointed` whatever the working folder. */
export function locationOptions(pointed: PointedRepository): string[] {
  return [`--git-dir=${pointed.gitDir}`, `--work-tree=${pointed.workTree}`];
}

export async function runAsync<T>(program: GitProgram<T>, spawner: AsyncSpawner): Promise<T> {
  let step = program.next();
  while (!step.done) {
    const call = step.value;
    step = program.next(await spawner(gitSpawn(call.args, call.cwd, call.limits)));
  }
  return step.value;
}

export function runSync<T>(program: GitProgram<T>, spawner: SyncSpawner): T {
  let step = program.next();
  while (!step.done) {
    const call = step.value;
    step = program.next(spawner(gitSpawn(call.args, call.cwd, call.limits)));
  }
  return step.value;
}

/** The repository whose working tree holds `dir` (or, given `pointed`, that one). */
export function* findRepository(dir: string, pointed?: PointedRepository): GitProgram<Repository | NoBaseline> {
  const location = pointed ? locationOptions(pointed) : [];
  const where = yield { args: [...location, 'rev-parse', '--path-format=absolute', '--show-toplevel', '--git-dir', '--git-common-dir'], cwd: dir, limits: smallOutput };
  if (where.kind !== 'exited' || where.code !== 0) return failure(where, notRepository);
  // Three paths, a line each: a folder name holding a line break would shift them, so anything else is refused.
  const lines = where.stdout.toString('utf8').split('\n');
  const [root, gitDir, commonDir] = lines;
  if (lines.length > 4 || (lines.length === 4 && lines[3] !== '')) return { kind: 'off', reason: 'gitFailed', detail: "the repository's path holds a line break" };
  if (!root || !gitDir || !commonDir) return { kind: 'off', reason: 'gitFailed', detail: 'rev-parse gave no repository' };
  const head = yield { args: [...location, 'symbolic-ref', '--quiet', 'HEAD'], cwd: root, limits: smallOutput };
  const headRef = head.kind === 'exited' && head.code === 0 ? head.stdout.toString('utf8').trim() || undefined : undefined;
  return { root, gitDir, commonDir, headRef, ...(pointed && { location }) };
}

/** A revision the user named, resolved once to a commit. */
export interface BaseCommit {
  readonly kind: 'commit';
  readonly oid: string;
}

/**
 * The commit `rev` names in `repository` (`A...B`: their merge base, as
 * `git diff A...B` takes it; `A...` is `A...HEAD`). `unresolved` when git
 * cannot find it (a typo, or a shallow clone without it; `shallow` says
 * which), else why git failed.
 */
export function* resolveRevision(
  repository: Repository,
  rev: string,
): GitProgram<BaseCommit | { readonly kind: 'unresolved'; readonly shallow: boolean } | NoBaseline> {
  const location = repository.location ?? [];
  const range = /^(.+?)\.\.\.(.*)$/.exec(rev);
  const asked: GitCall = range
    ? { args: [...location, 'merge-base', '--end-of-options', range[1]!, range[2] || 'HEAD'], cwd: repository.root, limits: smallOutput }
    : { args: [...location, 'rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], cwd: repository.root, limits: smallOutput };
  const answer = yield asked;
  if (answer.kind === 'exited' && answer.code === 0) {
    const oid = answer.stdout.toString('utf8').trim();
    if (/^[0-9a-f]{40,64}$/.test(oid)) return { kind: 'commit', oid };
  }
  if (answer.kind !== 'exited') return failure(answer, () => undefined);
  const shallow = yield { args: [...location, 'rev-parse', '--is-shallow-repository'], cwd: repository.root, limits: smallOutput };
  return { kind: 'unresolved', shallow: shallow.kind === 'exited' && shallow.code === 0 && shallow.stdout.toString('utf8').trim() === 'true' };
}

/** The blob `file` is at `rev` (HEAD, or a commit id; asked from the file's own folder, so no path is made relative by hand). */
export function* headBlob(file: string, rev = 'HEAD', location: readonly string[] = []): GitProgram<{ readonly kind: 'blob'; readonly oid: string } | NoBaseline> {
  const listed = yield { args: [...location, 'ls-tree', '-z', '--full-name', rev, '--', path.basename(file)], cwd: path.dirname(file), limits: smallOutput };
  if (listed.kind !== 'exited' || listed.code !== 0) return failure(listed, noCommit);
  // `<mode> SP <type> SP <object> TAB <path> NUL`; nothing when HEAD has no such file.
  const entry = /^\d+ (\w+) ([0-9a-f]{40,64})\t/.exec(listed.stdout.toString('utf8'));
  if (!entry || entry[1] !== 'blob') return { kind: 'off', reason: 'untracked' };
  return { kind: 'blob', oid: entry[2]! };
}

/** The bytes of a blob, as text. */
export function* blobText(root: string, oid: string, location: readonly string[] = []): GitProgram<{ readonly kind: 'text'; readonly text: string } | NoBaseline> {
  if (!/^[0-9a-f]{40,64}$/.test(oid)) return { kind: 'off', reason: 'gitFailed', detail: 'not an object id' };
  // `cat-file blob` runs no filter and no textconv.
  const read = yield { args: [...location, 'cat-file', 'blob', oid], cwd: root, limits: blobOutput };
  if (read.kind !== 'exited' || read.code !== 0) return failure(read, () => undefined);
  return { kind: 'text', text: read.stdout.toString('utf8') };
}

/** A file's text as committed at HEAD, with the blob it came from (content-addressed: equal ids, equal text). */
export interface HeadText {
  readonly kind: 'text';
  readonly text: string;
  readonly oid: string;
  readonly repository: Repository;
}

/** The three steps in one, for a caller that keeps nothing between files (the command line). */
export function* headFileText(file: string): GitProgram<HeadText | NoBaseline> {
  const repository = yield* findRepository(path.dirname(file));
  if ('kind' in repository) return repository;
  return yield* headTextIn(repository, file);
}

/** The version of `file` at `rev` (HEAD, or a commit id from resolveRevision) in a repository already found. */
export function* headTextIn(repository: Repository, file: string, rev = 'HEAD'): GitProgram<HeadText | NoBaseline> {
  const blob = yield* headBlob(file, rev, repository.location);
  if (blob.kind === 'off') return blob;
  const read = yield* blobText(repository.root, blob.oid, repository.location);
  if (read.kind === 'off') return read;
  return { kind: 'text', text: read.text, oid: blob.oid, repository };
}

/** The index of a big repository lists many files; a name list this long is still small. */
const listOutput: GitLimits = { timeoutMs: 10_000, maxOutputBytes: 32 * 1024 * 1024 };

/** Absolute paths of the files tracked in the repository whose names end with `suffix` (from the index: no working-tree walk). */
export function* trackedFiles(root: string, suffix: string, location: readonly string[] = []): GitProgram<string[] | NoBaseline> {
  const listed = yield { args: [...location, 'ls-files', '-z', '--cached', '--full-name'], cwd: root, limits: listOutput };
  if (listed.kind !== 'exited' || listed.code !== 0) return failure(listed, () => undefined);
  return listed.stdout
    .toString('utf8')
    .split('\0')
    .filter((name) => name.endsWith(suffix))
    .map((name) => path.join(root, ...name.split('/')));
}

/** `git config user.email` for the repository, if set. */
export function* userEmail(root: string): GitProgram<string | undefined> {
  const r = yield { args: ['config', '--get', 'user.email'], cwd: root, limits: smallOutput };
  const email = r.kind === 'exited' && r.code === 0 ? r.stdout.toString('utf8').trim() : '';
  return email === '' ? undefined : email;
}

function notRepository(stderr: string): OffReason | undefined {
  return /not a git repository|must be run in a work tree/i.test(stderr) ? 'notInRepository' : undefined;
}

function noCommit(stderr: string): OffReason | undefined {
  return /not a valid object name|not a tree object|bad revision|unknown revision/i.test(stderr) ? 'noCommit' : undefined;
}

/** Why a call that did not succeed means no baseline: a reason its message names, else "git failed" with its first line. */
function failure(outcome: GitOutcome, known: (stderr: string) => OffReason | undefined): NoBaseline {
  if (outcome.kind === 'missing') return { kind: 'off', reason: 'noGit' };
  if (outcome.kind === 'failed') return { kind: 'off', reason: 'gitFailed', detail: outcome.message };
  const reason = known(outcome.stderr);
  if (reason) return { kind: 'off', reason };
  // git may warn before it fails ("lazy fetching disabled"): the fatal line says why.
  const lines = outcome.stderr.split('\n').filter((l) => l.trim() !== '');
  const first = lines.find((l) => /^(fatal|error): /.test(l)) ?? lines[0] ?? `exit ${outcome.code}`;
  return { kind: 'off', reason: 'gitFailed', detail: first.replace(/^(fatal|error): /, '') };
}
