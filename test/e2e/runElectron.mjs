// The end-to-end suite in desktop VS Code through @vscode/test-electron, for
// machines that can download VS Code (a laptop, a public CI). Same suite and
// passes as the browser route (scripts/e2e.mjs), which is the one that works
// offline. `npm run test:e2e:electron`; PACKS_E2E_VSCODE_VERSION picks the
// VS Code version (default: stable), PACKS_E2E_VSCODE_EXECUTABLE an
// installed one instead of a download.
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { cacheDir, compiledSuite, freshStateDir, repoRoot, testWorkspace } from '../../scripts/e2e/paths.mjs';
import { prepareWorkspace } from '../../scripts/e2e/workspace.mjs';
import { passes } from './passes.mjs';

async function runPass(pass) {
  const stateDir = freshStateDir('electron');
  try {
    const workspace = prepareWorkspace({ parent: stateDir, copies: [{ from: testWorkspace }] });
    await runTests({
      ...(process.env.PACKS_E2E_VSCODE_EXECUTABLE
        ? { vscodeExecutablePath: process.env.PACKS_E2E_VSCODE_EXECUTABLE }
        : { version: process.env.PACKS_E2E_VSCODE_VERSION ?? 'stable', cachePath: path.join(cacheDir, 'vscode-test') }),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: compiledSuite,
      extensionTestsEnv: pass.env,
      launchArgs: [
        workspace,
        '--disable-extensions',
        // The restricted-mode pass leaves trust on: a fresh profile does not trust the workspace.
        ...(pass.env.PACKS_E2E_RESTRICTED === '1' ? [] : ['--disable-workspace-trust']),
        `--user-data-dir=${path.join(stateDir, 'user')}`,
        `--extensions-dir=${path.join(stateDir, 'extensions')}`,
      ],
    });
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}

let passed = 0;
let failed = 0;
// The web pass needs a web worker extension host, which desktop VS Code has not; the reload pass relies on the
// browser workbench running the suite again in the reloaded page.
for (const pass of passes.filter((p) => !p.web && !p.reload)) {
  process.stdout.write(`\n-- e2e pass (electron): ${pass.name}\n`);
  try {
    await runPass(pass);
    passed++;
  } catch (e) {
    failed++;
    const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|getaddrinfo/.test(String(e?.message ?? e));
    process.stderr.write(
      offline
        ? `Could not download VS Code (${e.message}). This route needs the VS Code update service; offline, run \`npm run test:e2e\` (the browser route) or set PACKS_E2E_VSCODE_EXECUTABLE to an installed VS Code.\n`
        : `The pass failed: ${e?.message ?? e}\n`,
    );
    if (offline) break;
  }
}
process.stdout.write(`\ne2e passes (electron): ${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
