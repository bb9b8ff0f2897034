// The command line's `check` on one `.prompts` file, as a user runs it: a
// fresh `node dist/cli.js check FILE`, its whole CPU time (Node's start,
// loading the bundle, reading, checking, printing) taken in the child when
// it exits; and, for the same price of a start and a read, a fresh node
// that reads the file and parses it with smol-toml. Issue 31's target
// compares the two.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { median } from './measure';

export interface CliFigures {
  readonly input: string;
  /** Median CPU ms of the `check` process. */
  readonly checkCpuMs: number;
  /** Median CPU ms of a process that reads the file and runs smol-toml's parse on it. */
  readonly smolTomlCpuMs: number;
  readonly runs: number;
  /** The exit code of the first `check` (0: no error among its findings). */
  readonly exitCode: number | null;
}

/** Loaded into each child with --require: writes the process's CPU time to the file the environment names, at exit. */
const reporter = `process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeFileSync(process.env.BENCH_CPU_FILE, String((u.user + u.system) / 1000)); });\n`;

export function cliFigures(input: string, text: string, runs: number, root: string): CliFigures {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cli-'));
  try {
    const file = path.join(dir, 'input.prompts');
    const preload = path.join(dir, 'cpuAtExit.cjs');
    const cpuFile = path.join(dir, 'cpu.txt');
    fs.writeFileSync(file, text);
    fs.writeFileSync(preload, reporter);
    const smolScript = path.join(dir, 'smol.cjs');
    fs.writeFileSync(smolScript, `require(${JSON.stringify(require.resolve('smol-toml'))}).parse(require('node:fs').readFileSync(process.argv[2], 'utf8'));\n`);
    const cpuOf = (args: readonly string[]): { cpuMs: number; status: number | null } => {
      const run = spawnSync(process.execPath, ['--require', preload, ...args], { cwd: root, env: { ...process.env, BENCH_CPU_FILE: cpuFile }, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
      return { cpuMs: Number(fs.readFileSync(cpuFile, 'utf8')), status: run.status };
    };
    const check: number[] = [];
    const smol: number[] = [];
    let exitCode: number | null = null;
    // Interleaved, after one untimed run of each (the file in the page cache, the bundle read once).
    cpuOf([path.join(root, 'dist', 'cli.js'), 'check', file]);
    cpuOf([smolScript, file]);
    for (let i = 0; i < runs; i++) {
      const c = cpuOf([path.join(root, 'dist', 'cli.js'), 'check', file]);
      if (i === 0) exitCode = c.status;
      check.push(c.cpuMs);
      smol.push(cpuOf([smolScript, file]).cpuMs);
    }
    return { input, checkCpuMs: median(check), smolTomlCpuMs: median(smol), runs, exitCode };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
