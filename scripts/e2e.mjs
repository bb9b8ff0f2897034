// The end-to-end suite in a real VS Code, here and in CI: the VS Code server
// bundled in code-server (on Node 24), driven by Debian's Chromium through
// playwright-core. Installs and caches what it needs on first use, runs
// each pass of test/e2e/passes.mjs in a fresh window, and ends everything it
// started. `npm run test:e2e [-- --no-build] [-- --verbose]`;
// `--install-only` installs the toolchain and stops (CI does this first).
import { existsSync } from 'node:fs';
import { passes } from '../test/e2e/passes.mjs';
import { compiledSuite } from './e2e/paths.mjs';
import { run } from './e2e/processes.mjs';
import { runPass } from './e2e/runPass.mjs';
import { ensureToolchain, MissingPiece } from './e2e/toolchain.mjs';

const args = new Set(process.argv.slice(2));
// A pass that has not ended in 15 minutes hangs (the whole-suite pass takes a few minutes; under load, several).
const timeoutMs = Number(process.env.PACKS_E2E_TIMEOUT_S ?? 900) * 1000;

async function main() {
  const toolchain = await ensureToolchain();
  if (args.has('--install-only')) {
    process.stdout.write(`e2e toolchain ready: ${JSON.stringify(toolchain)}\n`);
    return 0;
  }
  if (!args.has('--no-build')) {
    await run(process.execPath, ['scripts/build.mjs']);
    await run('npx', ['tsc', '-b']);
  }
  if (!existsSync(compiledSuite)) {
    throw new MissingPiece(`The compiled suite ${compiledSuite} is missing: run \`npx tsc -b\` first.`);
  }
  const total = { passed: 0, failed: 0, skipped: 0 };
  let failedPasses = 0;
  // PACKS_E2E_PASS=<part of a name> runs only the passes it names (while working on one).
  const only = process.env.PACKS_E2E_PASS;
  for (const pass of passes.filter((p) => !only || p.name.includes(only))) {
    process.stdout.write(`\n-- e2e pass: ${pass.name}\n`);
    const started = Date.now();
    const { code, counts } = await runPass({ toolchain, pass, timeoutMs, verbose: args.has('--verbose') });
    process.stdout.write(`-- ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    if (code !== 0) failedPasses++;
    for (const key of Object.keys(total)) total[key] += counts?.[key] ?? 0;
    // A pass that died before reporting still counts as a failure.
    if (code !== 0 && !counts?.failed) total.failed++;
  }
  process.stdout.write(`\ne2e: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  return failedPasses === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`\nThe end-to-end run could not go ahead: ${e instanceof MissingPiece ? e.message : (e.stack ?? e.message)}\n`);
    process.exit(1);
  },
);
