// A repository a hostile workspace could ship: every git setting that runs
// a program (fsmonitor, hooks, pager, editor, filters with .gitattributes
// applying them to our files, textconv, an external diff, credential and
// gpg helpers, ...) points at a trap script that writes a marker file, and
// the files we read have awkward names (spaces, a leading `-`, a line
// break). Each file is committed, then edited, so reading HEAD's version
// shows in the findings. `controlRun` proves the trap is armed: a plain
// `git status` and `git diff` spring it. `lazyFetchRepo` is a partial
// clone whose missing blobs a fetch would bring through a program of the
// repository's choosing.

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import * as path from 'node:path';
import { TempRepo } from './gitRepos';
import { committed, withLines } from './handEditFixtures';

const pack = (body: string) => `%% loom-prompt-pack 1\n%% version v1\n%% section identity\n${body}\n`;

export interface HostileRepo {
  readonly repo: TempRepo;
  /** Written by the trap: one line per program git was made to run. */
  readonly marker: string;
  /** Absolute paths of the `.prompts` files, each edited by hand since HEAD. */
  readonly prompts: readonly string[];
  /** A pack whose render changed since HEAD under the same version. */
  readonly pack: string;
  readonly environment: string;
  /** What the trap recorded, or undefined if it never ran. */
  sprung(): string | undefined;
  /** Runs plain git the way a user would, which must spring the trap; clears the marker after. */
  controlRun(): string;
  dispose(): void;
}

const hookNames = ['pre-commit', 'post-checkout', 'post-merge', 'pre-push', 'post-index-change', 'reference-transaction', 'fsmonitor-watchman', 'post-rewrite', 'pre-auto-gc'];

export function hostileRepo(): HostileRepo {
  const repo = TempRepo.create();
  const outside = path.dirname(repo.root);
  const marker = path.join(outside, 'sprung');
  const trap = path.join(outside, 'trap.sh');
  writeFileSync(trap, `#!/bin/sh\nprintf '%s\\n' "$0 $*" >> '${marker}'\ncat >/dev/null 2>&1 || true\nexit 0\n`);
  chmodSync(trap, 0o755);
  const hooks = path.join(outside, 'hooks');
  mkdirSync(hooks);
  for (const h of hookNames) {
    writeFileSync(path.join(hooks, h), `#!/bin/sh\nexec '${trap}' hook ${h} "$@"\n`);
    chmodSync(path.join(hooks, h), 0o755);
  }

  const names = ['prompts/feature x.prompts', 'prompts/-dash.prompts', 'prompts/new\nline.prompts'];
  const prompts = names.map((n) => repo.write(n, committed));
  const packFile = repo.write('packs/agent pack.pack', pack('You are an agent.'));
  const environment = repo.write('envs/ci.packenv.json', JSON.stringify({ name: 'ci', workspace: '/w', platform: 'linux', shell: 'bash', tools: [], available_tools: [], enforcement: 'FullyEnforced', network: { posture: 'blocked' }, protected_paths: [], repository_guidance: null }));
  repo.write('.gitattributes', '*.prompts filter=x diff=x\n*.pack filter=x diff=x\n*.json filter=x diff=x\n');
  repo.commitAll();
  for (const p of prompts) writeFileSync(p, withLines(14, 1, '  text = "Add a login form with errors."'));
  writeFileSync(packFile, pack('You are a careful agent.'));

  // Armed only now: committing above ran git with these off.
  appendFileSync(
    path.join(repo.root, '.git', 'config'),
    [
      '[core]',
      `\tfsmonitor = ${trap}`,
      `\thooksPath = ${hooks}`,
      `\tpager = ${trap}`,
      `\teditor = ${trap}`,
      `\taskPass = ${trap}`,
      `\tsshCommand = ${trap}`,
      `\tgitProxy = ${trap}`,
      `\talternateRefsCommand = ${trap}`,
      '[filter "x"]',
      `\tclean = ${trap} clean`,
      `\tsmudge = ${trap} smudge`,
      '[diff "x"]',
      `\ttextconv = ${trap} textconv`,
      `\tcommand = ${trap} command`,
      '[diff]',
      `\texternal = ${trap} external`,
      '[credential]',
      `\thelper = !${trap} credential`,
      '[gpg]',
      `\tprogram = ${trap}`,
      '[sequence]',
      `\teditor = ${trap}`,
      '[pager]',
      `\tstatus = ${trap}`,
      `\tdiff = ${trap}`,
      `\tshow = ${trap}`,
      '[uploadpack]',
      `\tpackObjectsHook = ${trap}`,
      '',
    ].join('\n'),
  );

  return {
    repo,
    marker,
    prompts,
    pack: packFile,
    environment,
    sprung: () => (existsSync(marker) ? readFileSync(marker, 'utf8') : undefined),
    controlRun() {
      // As a user's git would run here: the repository's configuration in force, a pager allowed.
      const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_PAGER_IN_USE: '' };
      for (const args of [['status'], ['diff', 'HEAD'], ['-p', 'diff', 'HEAD', '--', 'packs']]) {
        execFileSync('git', args, { cwd: repo.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      }
      const seen = existsSync(marker) ? readFileSync(marker, 'utf8') : '';
      rmSync(marker, { force: true });
      return seen;
    },
    dispose: () => repo.dispose(),
  };
}

/** The three ways a partial clone's lazy fetch of a missing object would run a program the repository names. */
export const lazyFetchAttacks = ['uploadpack', 'ext', 'sshCommand'] as const;
export type LazyFetchAttack = (typeof lazyFetchAttacks)[number];

export interface LazyFetchRepo {
  readonly repo: TempRepo;
  readonly attack: LazyFetchAttack;
  /** A `.prompts` file and a pack, each edited since HEAD, whose blobs at HEAD are missing from the object store. */
  readonly prompts: string;
  readonly pack: string;
  sprung(): string | undefined;
  /** Runs a plain `git cat-file` of the missing blob, as a user's git would, which must spring the trap; clears the marker after. */
  controlRun(): string;
  dispose(): void;
}

/**
 * A partial clone (`extensions.partialClone`, a promisor remote) whose
 * blobs at HEAD for a `.prompts` file and a pack were never fetched, so
 * reading them makes git fetch from the remote: through its `uploadpack`
 * program (a local path URL), an `ext::` command (allowed by the
 * repository's `protocol.ext.allow=always`), or `core.sshCommand` (an
 * `ssh://` URL). Each runs a trap that writes a marker file.
 */
export function lazyFetchRepo(attack: LazyFetchAttack): LazyFetchRepo {
  const repo = TempRepo.create();
  const outside = path.dirname(repo.root);
  const marker = path.join(outside, 'sprung');
  const trap = path.join(outside, 'trap.sh');
  writeFileSync(trap, `#!/bin/sh\nprintf '%s\\n' "$0 $*" >> '${marker}'\nexit 1\n`);
  chmodSync(trap, 0o755);
  const prompts = repo.write('prompts/lazy.prompts', committed);
  const packFile = repo.write('packs/lazy.pack', pack('You are an agent.'));
  repo.commitAll();
  const blobs = [repo.git('rev-parse', 'HEAD:prompts/lazy.prompts').trim(), repo.git('rev-parse', 'HEAD:packs/lazy.pack').trim()];
  for (const oid of blobs) rmSync(path.join(repo.root, '.git', 'objects', oid.slice(0, 2), oid.slice(2)));
  writeFileSync(prompts, withLines(14, 1, '  text = "Add a login form with errors."'));
  writeFileSync(packFile, pack('You are a careful agent.'));
  const remote: Readonly<Record<LazyFetchAttack, readonly string[]>> = {
    uploadpack: [`\turl = ${path.join(outside, 'upstream')}`, `\tuploadpack = ${trap}`],
    ext: [`\turl = "ext::${trap} %S"`],
    sshCommand: ['\turl = ssh://example.invalid/upstream'],
  };
  appendFileSync(
    path.join(repo.root, '.git', 'config'),
    [
      '[core]',
      '\trepositoryformatversion = 1',
      ...(attack === 'sshCommand' ? [`\tsshCommand = ${trap}`] : []),
      '[extensions]',
      '\tpartialClone = origin',
      '[remote "origin"]',
      '\tpromisor = true',
      ...remote[attack],
      ...(attack === 'ext' ? ['[protocol "ext"]', '\tallow = always'] : []),
      '',
    ].join('\n'),
  );
  return {
    repo,
    attack,
    prompts,
    pack: packFile,
    sprung: () => (existsSync(marker) ? readFileSync(marker, 'utf8') : undefined),
    controlRun() {
      const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1' };
      // The fetch fails (the trap is no upload-pack), so git does too: what matters is that it ran the trap.
      spawnSync('git', ['cat-file', 'blob', blobs[0]!], { cwd: repo.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const seen = existsSync(marker) ? readFileSync(marker, 'utf8') : '';
      rmSync(marker, { force: true });
      return seen;
    },
    dispose: () => repo.dispose(),
  };
}
