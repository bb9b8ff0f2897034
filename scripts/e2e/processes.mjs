// Child processes that a script starts and must end: each runs in its own
// process group, so ending it ends whatever it spawned too (a VS Code server
// forks extension hosts and the language server). Only the groups started
// here are ever signalled, on success, failure, timeout and Ctrl-C alike.
import { spawn } from 'node:child_process';

/** How long a group gets between SIGTERM and SIGKILL. */
const graceMs = 3000;

export class ProcessGroup {
  #children = new Set();
  #onSignal = (signal) => {
    void this.stopAll().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };

  constructor() {
    process.once('SIGINT', this.#onSignal);
    process.once('SIGTERM', this.#onSignal);
  }

  /**
   * Starts `command` in a new process group. Its output goes to `log(line)`
   * line by line, prefixed with `name`.
   */
  start(name, command, args, { env, cwd, log } = {}) {
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      // A process that could not start may never emit 'exit'.
      child.once('error', (e) => {
        log?.(`${name}: could not start ${command}: ${e.message}`);
        resolve({ code: null, signal: e.code });
      });
    });
    const entry = { name, child, exited };
    this.#children.add(entry);
    void entry.exited.then(() => this.#children.delete(entry));
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop();
        for (const line of lines) log?.(`[${name}] ${line}`);
      });
    }
    return entry;
  }

  /** Ends every group still running: SIGTERM, then SIGKILL after a grace period. */
  async stopAll() {
    const running = [...this.#children];
    for (const { child } of running) signalGroup(child.pid, 'SIGTERM');
    await Promise.all(
      running.map(async ({ child, exited }) => {
        let timer;
        const late = new Promise((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
        if ((await Promise.race([exited, late])) === 'late') {
          signalGroup(child.pid, 'SIGKILL');
          await exited;
        }
        clearTimeout(timer);
      }),
    );
  }

  dispose() {
    process.off('SIGINT', this.#onSignal);
    process.off('SIGTERM', this.#onSignal);
  }
}

function signalGroup(pid, signal) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch (e) {
    // ESRCH: the group is already gone, which is what we wanted.
    if (e.code !== 'ESRCH') throw e;
  }
}

/**
 * Runs a command to completion with inherited output (`quietStdout`: its
 * standard output dropped, e.g. the file name `npm pack` prints); rejects
 * with `hint` on failure.
 */
export function run(command, args, { env, cwd, hint, quietStdout = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['inherit', quietStdout ? 'ignore' : 'inherit', 'inherit'] });
    child.once('error', (e) => reject(new Error(`could not run ${command}: ${e.message}${hint ? `\n${hint}` : ''}`)));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${code ?? signal})${hint ? `\n${hint}` : ''}`));
    });
  });
}
