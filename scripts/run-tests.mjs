// The one test command (`npm test`): build, type-check, then every suite.
// Suites are folders of compiled `*.test.js` files under out/test; the
// end-to-end suite in a real VS Code runs last through its own script.
//
// `npm test -- PATTERN…` runs only the test files whose path under test/
// contains one of the patterns (`npm test -- outline`, `npm test --
// unit/fuzz/replay`): build and type-check first (the tests run compiled),
// no lint, and the end-to-end suite only when a pattern names it (`e2e`;
// PACKS_E2E_PASS and PACKS_E2E_GREP narrow it, see scripts/e2e.mjs).
// Each stage's time is printed at the end, on the clock and in CPU time (all
// of its processes': on a busy machine the clock's figure says more about
// the machine than about the tests).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import * as path from 'node:path';

/** The suites the Node test runner runs, in the order they run. */
const nodeSuites = ['unit', 'grammar', 'protocol'];

/**
 * How many test files run at once: twice the cores (four on two). Most
 * protocol files wait on a server process (its debounce, its answers) far
 * more than they compute, so two files a core keep the cores busy; Node's
 * own default is one fewer than the cores (one, on two), which left a core
 * idle while a file waited. More than that only makes the CPU-bound files
 * (the fuzz replay, the token counts) share a core longer.
 */
const concurrency = Number(process.env.PACKS_TEST_CONCURRENCY ?? 2 * availableParallelism());

/**
 * The files that take longest, started first, so that the last file to end
 * is a short one (on two cores the stage ends soon after its longest file
 * does). Paths under out/test; CPU seconds measured one file at a time on
 * 2 December 2026 (docs/building.md). A file not listed starts after these,
 * in path order.
 */
const slowFirst = [
  'unit/fuzz/replay.test.js', // 31 s: the growth of each kept input, timed in CPU time
  'unit/pack/tokens/count.test.js', // 20 s: the reference tokenizer on 5,000 spaces
  'unit/cli/checkTokens.test.js', // 10 s: command line runs with the tokenizers loaded
  'protocol/scheduling.test.js', // 9 s, 18 on the clock: a large file validated while edits arrive
  'unit/cli/npmPackage.test.js', // 9 s: npm pack and install
  'protocol/robustnessSecrets.test.js', // 8 s, 22 on the clock
  'unit/cli/gate.test.js', // 8 s
  'unit/pack/profileFile.test.js', // 5 s: a growth check
  'protocol/robustnessHugeFiles.test.js', // 4 s, 12 on the clock
  'protocol/packRender.test.js', // 6 s
  'unit/l10n.test.js', // 5 s: the string extractor
  'unit/cli/preCommit.test.js', // 4 s, 10 on the clock: pre-commit and a build
];

/** This process's children's CPU seconds so far (those waited for, and theirs), where the system says. */
function childrenCpuSeconds() {
  try {
    // /proc/self/stat: fields 16 and 17 (cutime, cstime) in clock ticks, after the parenthesised name.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

// Node 20's test runner takes files, not folders: list them ourselves.
function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.test.js'))
    .map((f) => path.join(dir, f))
    .sort();
}

/** The slow files first (in `slowFirst`'s order), then the rest as they came. */
function longestFirst(files) {
  const rank = (f) => {
    const i = slowFirst.indexOf(path.relative('out/test', f).replaceAll('\\', '/'));
    return i === -1 ? slowFirst.length : i;
  };
  return files.map((f, i) => ({ f, i, r: rank(f) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.f);
}

const timings = [];

function step(title, command, args, env = process.env) {
  process.stdout.write(`\n== ${title}\n`);
  const started = Date.now();
  const cpuBefore = childrenCpuSeconds();
  const r = spawnSync(command, args, { stdio: 'inherit', env });
  const cpuAfter = childrenCpuSeconds();
  timings.push({ title, seconds: (Date.now() - started) / 1000, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore });
  if (r.status !== 0) {
    printTimings();
    process.stderr.write(`\n${title} failed (exit ${r.status ?? r.signal}).\n`);
    process.exit(r.status || 1);
  }
}

function printTimings() {
  if (timings.length === 0) return;
  const load = loadavg().map((l) => l.toFixed(2)).join(', ');
  process.stdout.write(`\n== time per stage: on the clock, and the CPU time of its processes (${availableParallelism()} cores, load average now ${load})\n`);
  for (const t of timings) process.stdout.write(`${t.seconds.toFixed(1).padStart(7)} s ${t.cpu === undefined ? '' : `${t.cpu.toFixed(1).padStart(7)} s CPU`}  ${t.title}\n`);
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
const allFiles = longestFirst(nodeSuites.flatMap((s) => testFiles(`out/test/${s}`)));
const stale = slowFirst.filter((f) => !allFiles.some((a) => path.relative('out/test', a).replaceAll('\\', '/') === f));
if (stale.length > 0) process.stdout.write(`\nscripts/run-tests.mjs lists slow files that are not there (moved or gone?): ${stale.join(', ')}\n`);
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
