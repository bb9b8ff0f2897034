// Running git safely. Only the program `git`, never through a shell, with
// an argument list we build (paths after `--`, taken literally), a time
// limit and an output cap, and with every option that would let a
// repository's configuration run a program turned off: no fsmonitor, no
// hooks, no pager, no prompts, and no transport at all, so an object a
// partial clone lacks is missing (git fails, the baseline is unavailable)
// instead of fetched through a promisor remote's `uploadpack`, an `ext::`
// command or `core.sshCommand`. `protocol.allow=never` alone is not enough:
// a repository's `protocol.ext.allow=always` outranks it, while the
// environment's empty `GIT_ALLOW_PROTOCOL` overrides every `protocol.*`
// setting, and git 2.44+ also honours `GIT_NO_LAZY_FETCH`. Each git runs
// as its own process group, and a time-out or an output over the cap ends
// the whole group, helpers included. The environment keeps nothing that would
// point git at another repository or inject configuration, and `git` is
// looked up on PATH's absolute folders only and started by its full path,
// so a `git` inside the repository (the working folder) never runs. The
// spawner is injected: Node's `spawn` in the server, `spawnSync` in the
// command line, a fake in tests that check the argument lists.

import { spawn, spawnSync, type SpawnSyncOptionsWithBufferEncoding } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import * as path from 'node:path';

/** Options before the subcommand, on every call. */
export const safetyOptions: readonly string[] = [
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '--no-pager',
  '--literal-pathspecs',
  '--no-replace-objects',
  '-c',
  'protocol.allow=never',
];

/**
 * Variables kept from the environment git inherits, of those starting with
 * `GIT_`: which configuration files to read, nothing else (GIT_DIR,
 * GIT_CONFIG_PARAMETERS, GIT_EXEC_PATH and the like are dropped).
 */
const keptGitVariables = new Set(['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG_NOSYSTEM']);

const fixedVariables: Readonly<Record<string, string>> = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  // Set and empty: no transport is allowed, whatever `protocol.<name>.allow` the repository sets.
  GIT_ALLOW_PROTOCOL: '',
  // git 2.44+: a missing object is never fetched from a promisor remote.
  GIT_NO_LAZY_FETCH: '1',
  // Messages we recognise ("not a git repository") in one language.
  LC_ALL: 'C',
};

export interface GitLimits {
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
}

/** Small answers (rev-parse, ls-tree, config). */
export const smallOutput: GitLimits = { timeoutMs: 5_000, maxOutputBytes: 64 * 1024 };

/** A committed `.prompts` file: large files exist, but not this large. */
export const blobOutput: GitLimits = { timeoutMs: 20_000, maxOutputBytes: 128 * 1024 * 1024 };

/** Everything a spawner needs to start one git process. */
export interface GitSpawn extends GitLimits {
  readonly command: 'git';
  /** The whole argument list: the safety options, then the subcommand's. */
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
}

export type GitOutcome =
  | { readonly kind: 'exited'; readonly code: number; readonly stdout: Buffer; readonly stderr: string }
  /** git is not installed (or not on PATH). */
  | { readonly kind: 'missing' }
  /** Timed out, output over the cap, the working directory gone, or a signal. */
  | { readonly kind: 'failed'; readonly message: string };

export type AsyncSpawner = (spawn: GitSpawn) => Promise<GitOutcome>;
export type SyncSpawner = (spawn: GitSpawn) => GitOutcome;

export function gitSpawn(subcommand: readonly string[], cwd: string, limits: GitLimits, inherited: NodeJS.ProcessEnv = process.env): GitSpawn {
  return { command: 'git', args: [...safetyOptions, ...subcommand], cwd, env: gitEnvironment(inherited), ...limits };
}

export function gitEnvironment(inherited: NodeJS.ProcessEnv): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(inherited)) {
    if (value === undefined) continue;
    if (name.startsWith('GIT_') && !keptGitVariables.has(name)) continue;
    env[name] = value;
  }
  return { ...env, ...fixedVariables };
}

/**
 * The `git` program to start: the first executable `git` (`git.exe` on
 * Windows) in an absolute folder of the environment's PATH. An empty or
 * relative PATH entry means the working folder, which is the repository
 * (Windows also searches the working folder first whatever PATH says), so
 * those are skipped and the program is started by its absolute path.
 */
export function gitProgram(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | undefined {
  const windows = platform === 'win32';
  const pathName = windows ? Object.keys(env).find((k) => k.toUpperCase() === 'PATH') : 'PATH';
  const search = (pathName && env[pathName]) || '';
  const separator = windows ? ';' : ':';
  const file = windows ? 'git.exe' : 'git';
  const absolute = (folder: string) => (windows ? path.win32.isAbsolute(folder) : path.posix.isAbsolute(folder));
  for (const folder of search.split(separator)) {
    if (folder === '' || !absolute(folder)) continue;
    const candidate = windows ? path.win32.join(folder, file) : path.posix.join(folder, file);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch (e) {
    // Not there, or not ours to run: look in the next folder.
    if (e instanceof Error && 'code' in e) return false;
    throw e;
  }
}

/** A process group of its own (POSIX only: on Windows `detached` means a new console). */
const ownGroup = process.platform !== 'win32';

/** Ends every process of the group `pid` leads (git, and any helper or fetch it started). */
export function endGroup(pid: number | undefined): void {
  if (!ownGroup || pid === undefined || pid <= 0) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already empty (EPERM cannot be: the group is ours). Nothing left to end.
  }
}

export const nodeSpawner: AsyncSpawner = (s) =>
  new Promise((resolve) => {
    const program = gitProgram(s.env);
    if (!program) {
      resolve({ kind: 'missing' });
      return;
    }
    const child = spawn(program, s.args, { cwd: s.cwd, env: s.env, shell: false, windowsHide: true, detached: ownGroup, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled: GitOutcome | undefined;
    const finish = (outcome: GitOutcome) => {
      if (settled) return;
      settled = outcome;
      clearTimeout(timer);
      resolve(outcome);
    };
    const stop = (message: string) => {
      endGroup(child.pid);
      child.kill('SIGKILL');
      finish({ kind: 'failed', message });
    };
    const timer = setTimeout(() => stop(`git timed out after ${s.timeoutMs / 1000} s`), s.timeoutMs);
    child.stdout.on('data', (d: Buffer) => {
      size += d.length;
      if (size > s.maxOutputBytes) stop(`git's output passed ${s.maxOutputBytes} bytes`);
      else chunks.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4096) stderr += d.toString('utf8');
    });
    child.on('error', (e: NodeJS.ErrnoException) => finish(spawnError(e, s)));
    child.on('close', (code, signal) => {
      if (code === null) finish({ kind: 'failed', message: `git was stopped by ${signal ?? 'a signal'}` });
      else finish({ kind: 'exited', code, stdout: Buffer.concat(chunks), stderr });
    });
  });

export const nodeSyncSpawner: SyncSpawner = (s) => {
  const program = gitProgram(s.env);
  if (!program) return { kind: 'missing' };
  // `detached` makes the process group in spawnSync too (Node reads it for both; only spawn's types declare it).
  const options: SpawnSyncOptionsWithBufferEncoding & { readonly detached: boolean } = {
    cwd: s.cwd,
    env: s.env,
    shell: false,
    windowsHide: true,
    detached: ownGroup,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: s.timeoutMs,
    maxBuffer: s.maxOutputBytes,
    killSignal: 'SIGKILL',
  };
  const r = spawnSync(program, s.args, options);
  // spawnSync ends only git itself on a time-out or at the cap: whatever it started goes with its group.
  if (r.error || r.status === null) endGroup(r.pid);
  if (r.error) {
    const e = r.error as NodeJS.ErrnoException;
    if (e.code === 'ETIMEDOUT') return { kind: 'failed', message: `git timed out after ${s.timeoutMs / 1000} s` };
    if (e.code === 'ENOBUFS') return { kind: 'failed', message: `git's output passed ${s.maxOutputBytes} bytes` };
    return spawnError(e, s);
  }
  if (r.status === null) return { kind: 'failed', message: `git was stopped by ${r.signal ?? 'a signal'}` };
  return { kind: 'exited', code: r.status, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
};

/** Node says ENOENT both for a missing program and a missing working directory: tell them apart. */
function spawnError(e: NodeJS.ErrnoException, s: GitSpawn): GitOutcome {
  if (e.code === 'ENOENT' && !existsSync(s.cwd)) return { kind: 'failed', message: `the folder ${s.cwd} does not exist` };
  if (e.code === 'ENOENT') return { kind: 'missing' };
  return { kind: 'failed', message: `git could not start in ${s.cwd}: ${e.message}` };
}
