// One run of the compiled suite inside the browser workbench: a VS Code
// server with the repository as the extension under development, a fresh
// copy of the test workspace, and Chromium loading the workbench with the
// extension-test parameters. The verdict arrives through
// `codeAutomationExit`; the server's own exit code says nothing.
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import { launchBrowser } from './browser.mjs';
import { compiledSuite, freshStateDir, repoRoot, testWorkspace, webSuite } from './paths.mjs';
import { ProcessGroup } from './processes.mjs';
import { startVsCodeServer } from './server.mjs';
import { prepareWorkspace } from './workspace.mjs';

const extensionId = 'packs-and-prompts.packs-and-prompts';

function writeUserSettings(stateDir, settings) {
  const dir = path.join(stateDir, 'user', 'User');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
}

/** The prefix test/e2e/suite/index.ts puts on the lines of its report. */
const reportMarker = '[e2e] ';

function remoteUri(port, absPath) {
  return `vscode-remote://127.0.0.1:${port}${absPath.split(path.sep).map(encodeURIComponent).join('/')}`;
}

function testUrl(origin, port, workspace, web) {
  const payload = web
    ? [
        // Runs the extension and the suite in the browser's web worker extension host.
        ['extensionDevelopmentPath', remoteUri(port, repoRoot)],
        ['extensionDevelopmentKind', 'web'],
        ['extensionTestsPath', remoteUri(port, webSuite)],
      ]
    : [
        ['extensionDevelopmentPath', remoteUri(port, repoRoot)],
        ['extensionTestsPath', remoteUri(port, compiledSuite)],
      ];
  const query = new URLSearchParams({ folder: workspace, payload: JSON.stringify(payload) });
  return `${origin}/?${query}`;
}

function tail(file, lines) {
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/** The suite's closing line (test/e2e/suite/index.ts). */
const summaryPattern = /^e2e: (\d+) passed, (\d+) failed, (\d+) skipped$/;

/**
 * Runs one pass; resolves with the suite's exit code (0: every test passed)
 * and its counts, when it got as far as reporting them.
 */
export async function runPass({ toolchain, pass, timeoutMs, verbose }) {
  const stateDir = freshStateDir('e2e');
  const logFile = path.join(stateDir, 'server.log');
  const logStream = createWriteStream(logFile);
  const log = (line) => {
    logStream.write(`${line}\n`);
    if (verbose) process.stdout.write(`${line}\n`);
  };
  const group = new ProcessGroup();
  let context;
  let code;
  let counts;
  try {
    const workspace = prepareWorkspace({ parent: stateDir, copies: [{ from: testWorkspace }] });
    // The web pass: the extension under development runs where vscode.dev
    // runs it. The browser workbench takes the kind from the user's
    // `remote.extensionKind` (the payload's extensionDevelopmentKind is
    // read by the desktop only).
    if (pass.web) writeUserSettings(stateDir, { 'remote.extensionKind': { [extensionId]: ['web'] } });
    const server = await startVsCodeServer({ group, toolchain, stateDir, env: pass.env, log });
    context = await launchBrowser({ toolchain, stateDir });
    const page = context.pages()[0] ?? (await context.newPage());
    let timer;
    const verdict = new Promise((resolve) => {
      void page.exposeFunction('codeAutomationExit', (exitCode) => resolve(exitCode));
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const text = Array.isArray(args) ? format(...args) : String(args);
      log(`[${type}] ${text}`);
      // Only the suite's report goes to the terminal; the rest (the
      // workbench's offline noise among it) stays in the log file.
      if (!text.startsWith(reportMarker)) return;
      const line = text.slice(reportMarker.length);
      if (!verbose) process.stdout.write(`${line}\n`);
      const m = summaryPattern.exec(line);
      if (m) counts = { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3]) };
    });
    await page.goto(testUrl(server.origin, server.port, workspace, pass.web === true));
    code = await verdict;
    clearTimeout(timer);
    if (code === 'timeout') {
      process.stderr.write(`\nThe pass "${pass.name}" did not finish within ${timeoutMs / 1000} s.\n`);
      code = 1;
    }
    return { code, counts };
  } finally {
    await context?.close();
    await group.stopAll();
    group.dispose();
    await new Promise((resolve) => logStream.end(resolve));
    if (code === 0) {
      rmSync(stateDir, { recursive: true, force: true });
    } else {
      process.stderr.write(`\nLast lines of the server and extension-host log (${logFile}; state kept in ${stateDir}):\n${tail(logFile, 40)}\n`);
    }
  }
}
