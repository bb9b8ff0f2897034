// The one test command (`npm test`): build, type-check, then every suite.
// Suites are folders of compiled `*.test.js` files under out/test; the
// end-to-end suite in a real VS Code runs last through its own script.
//
// `npm test -- PATTERN…` runs only the test files whose path under test/
// contains one of the patterns (`npm test -- outline`, `npm test --
// unit/fuzz/replay`): build and type-check first (the tests run compiled),
// no lint, and the end-to-end suite only when a pattern names it (`e2e`;
// PACKS_E2E_PASS and PACKS_E2E_GREP narrow it, see scripts/e2e.mjs).
// Each stage's time is printed at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';

/** The suites the Node test runner runs, in the order they run. */
const nodeSuites = ['unit', 'grammar', 'protocol'];

/**
 * How many test files run at once. Most protocol files wait on a server
 * process (its debounce, its answers) far more than they compute, so two
 * cores keep four files busy; Node's own default is one fewer than the cores.
 */
const concurrency = Number(process.env.PACKS_TEST_CONCURRENCY ?? 4);

// Node 20's test runner takes files, not folders: list them ourselves.
function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.test.js'))
    .map((f) => path.join(dir, f))
    .sort();
}

const timings = [];

function step(title, command, args, env = process.env) {
  process.stdout.write(`\n== ${title}\n`);
  const started = Date.now();
  const r = spawnSync(command, args, { stdio: 'inherit', env });
  timings.push({ title, seconds: (Date.now() - started) / 1000 });
  if (r.status !== 0) {
    printTimings();
    process.stderr.write(`\n${title} failed (exit ${r.status ?? r.signal}).\n`);
    process.exit(r.status || 1);
  }
}

function printTimings() {
  if (timings.length === 0) return;
  process.stdout.write('\n== time per stage (wall clock)\n');
  for (const t of timings) process.stdout.write(`${t.seconds.toFixed(1).padStart(7)} s  ${t.title}\n`);
}

const patterns = process.argv.slice(2).filter((a) => a !== '--');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const matches = (file) => patterns.some((p) => file.replaceAll('\\', '/').includes(p));

step('build', process.execPath, ['scripts/build.mjs']);
step('type-check (tsc -b)', npx, ['tsc', '-b']);
if (patterns.length === 0) {
  // The layer rules (what may import what) and the type-aware bug rules.
  step('lint (eslint)', npx, ['eslint', '.']);
}
const allFiles = nodeSuites.flatMap((s) => testFiles(`out/test/${s}`));
const files = patterns.length === 0 ? allFiles : allFiles.filter((f) => matches(path.relative('out/test', f)));
const wantsE2e = patterns.length === 0 || patterns.some((p) => p.startsWith('e2e'));
if (files.length > 0) {
  step(`${patterns.length === 0 ? 'unit, grammar and protocol tests' : `${files.length} test file(s) matching ${patterns.join(', ')}`}`, process.execPath, [
    '--test',
    `--test-concurrency=${concurrency}`,
    ...files,
  ]);
} else if (!wantsE2e) {
  process.stderr.write(`\nNo test file under out/test/{${nodeSuites.join(',')}} matches ${patterns.join(', ')}.\n`);
  process.exit(1);
}
// The slow one last: a real VS Code in a browser (first run installs its
// toolchain into .cache/). PACKS_E2E=skip leaves it out, and says so.
if (!wantsE2e) {
  process.stdout.write('\n== end-to-end tests in a real VS Code: not selected by the pattern\n');
} else if (process.env.PACKS_E2E === 'skip') {
  process.stdout.write('\n== end-to-end tests in a real VS Code: SKIPPED (PACKS_E2E=skip)\n');
} else {
  step('end-to-end tests in a real VS Code', process.execPath, ['scripts/e2e.mjs', '--no-build']);
}
printTimings();
