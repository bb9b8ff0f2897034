// A `git` put first on PATH for the servers a test starts: it logs each
// call (and can hold `cat-file` until a gate file exists), then runs the
// real git, so a protocol test sees exactly which git calls the server made.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Puts a `git` first on PATH (for servers started from now until `restore`)
 * that logs each call and runs the real git; with `gate`, a `cat-file`
 * call first waits until the file `gate` exists.
 */
export function loggingGit(gate?: string): { log: string; restore(): void } {
  const log = path.join(mkdtempSync(path.join(os.tmpdir(), 'packs-git-log-')), 'calls');
  const bin = mkdtempSync(path.join(os.tmpdir(), 'packs-git-bin-'));
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const wait = gate ? `case "$*" in *cat-file*) while [ ! -f '${gate}' ]; do sleep 0.02; done;; esac\n` : '';
  writeFileSync(path.join(bin, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\n${wait}exec '${realGit}' "$@"\n`);
  chmodSync(path.join(bin, 'git'), 0o755);
  const savedPath = process.env['PATH'];
  process.env['PATH'] = `${bin}${path.delimiter}${savedPath ?? ''}`;
  return {
    log,
    restore() {
      process.env['PATH'] = savedPath;
      rmSync(path.dirname(log), { recursive: true, force: true });
      rmSync(bin, { recursive: true, force: true });
    },
  };
}

/** Polls until `file` holds `text`, failing after ten seconds. */
export async function untilLogged(file: string, text: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(existsSync(file) && readFileSync(file, 'utf8').includes(text))) {
    assert.ok(Date.now() < deadline, `${file} never logged ${text}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
