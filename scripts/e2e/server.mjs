// Starts the VS Code server bundled in code-server on a free loopback port,
// with every bit of its state (user data, extensions, server data, XDG
// folders, HOME) in one temporary folder, and waits until it answers HTTP.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import * as path from 'node:path';

/** A port that was free a moment ago: the OS picks it, we release it at once. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Environment for a server whose state stays in `stateDir`. */
export function isolatedEnv(stateDir, toolchain, extra = {}) {
  // TMPDIR too: VS Code leaves its git and IPC sockets there, and they must go with the folder.
  const dirs = { HOME: 'home', TMPDIR: 'tmp', XDG_CONFIG_HOME: 'xdg/config', XDG_DATA_HOME: 'xdg/data', XDG_CACHE_HOME: 'xdg/cache', XDG_STATE_HOME: 'xdg/state' };
  const env = { ...process.env };
  for (const [name, rel] of Object.entries(dirs)) {
    env[name] = path.join(stateDir, rel);
    mkdirSync(env[name], { recursive: true });
  }
  env.PATH = `${path.join(toolchain.nodeDir, 'bin')}${path.delimiter}${process.env.PATH}`;
  // The server must not adopt VS Code settings of a terminal it was started from.
  for (const name of Object.keys(env)) if (name.startsWith('VSCODE_')) delete env[name];
  return { ...env, ...extra };
}

async function waitForHttp(url, entry, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  let exit;
  void entry.exited.then((e) => (exit = e));
  for (;;) {
    if (exit) throw new Error(`${entry.name} exited (${exit.code ?? exit.signal}) before answering on ${url}; its log is above.`);
    try {
      const response = await fetch(url, { redirect: 'manual' });
      await response.body?.cancel();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`${entry.name} did not answer on ${url} within ${deadlineMs / 1000} s: ${e.message}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The raw VS Code server (`server-main.js`): the route for extension tests,
 * since only it accepts `--enable-smoke-test-driver`, which makes the web
 * workbench honour the extension-test parameters and report the verdict.
 */
export async function startVsCodeServer({ group, toolchain, stateDir, env = {}, log }) {
  const port = await freePort();
  const args = [
    path.join(toolchain.codeServerDir, 'lib', 'vscode', 'out', 'server-main.js'),
    '--host', '127.0.0.1',
    '--port', String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    '--enable-smoke-test-driver',
    '--disable-telemetry',
    // A fresh profile would leave the copied workspace in restricted mode, where hand-edit detection never runs git;
    // the pass that tests restricted mode (PACKS_E2E_RESTRICTED=1) wants exactly that.
    ...(env.PACKS_E2E_RESTRICTED === '1' ? [] : ['--disable-workspace-trust']),
    '--server-data-dir', path.join(stateDir, 'server'),
    '--user-data-dir', path.join(stateDir, 'user'),
    '--extensions-dir', path.join(stateDir, 'extensions'),
  ];
  const entry = group.start('vscode-server', toolchain.node, args, { env: isolatedEnv(stateDir, toolchain, env), log });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(origin, entry, 60_000);
  return { origin, port, entry };
}

/** Options of the `code-server` command that keep its state in `stateDir`. */
function codeServerStateArgs(stateDir) {
  return [
    '--config', path.join(stateDir, 'config.yaml'),
    '--user-data-dir', path.join(stateDir, 'user'),
    '--extensions-dir', path.join(stateDir, 'extensions'),
    '--disable-telemetry',
    '--disable-update-check',
  ];
}

/** Installs a `.vsix` into the extensions folder of `stateDir`, as a user would. */
export async function installVsix({ group, toolchain, stateDir, vsix, log }) {
  const entry = group.start(
    'code-server --install-extension',
    toolchain.node,
    [path.join(toolchain.codeServerDir, 'out', 'node', 'entry.js'), ...codeServerStateArgs(stateDir), '--install-extension', vsix],
    { env: isolatedEnv(stateDir, toolchain), log },
  );
  const { code, signal } = await entry.exited;
  if (code !== 0) throw new Error(`code-server --install-extension ${vsix} failed (${code ?? signal}); its log is above.`);
}

/** The `code-server` command serving the workbench as a user sees it, no password. */
export async function startCodeServer({ group, toolchain, stateDir, log }) {
  const port = await freePort();
  const args = [
    path.join(toolchain.codeServerDir, 'out', 'node', 'entry.js'),
    ...codeServerStateArgs(stateDir),
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
  ];
  const entry = group.start('code-server', toolchain.node, args, { env: isolatedEnv(stateDir, toolchain), log });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/healthz`, entry, 60_000);
  return { origin, port, entry };
}
