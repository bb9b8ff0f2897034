// The one test command (`npm test`): build, type-check, then every suite.
// Suites are folders of compiled `*.test.js` files under out/test; the
// end-to-end suite in a real VS Code runs last through its own script.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';

// Node 20's test runner takes files, not folders: list them ourselves.
function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.test.js'))
    .map((f) => path.join(dir, f))
    .sort();
}

function step(title, command, args) {
  process.stdout.write(`\n== ${title}\n`);
  const r = spawnSync(command, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write(`\n${title} failed (exit ${r.status ?? r.signal}).\n`);
    process.exit(r.status || 1);
  }
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
step('build', process.execPath, ['scripts/build.mjs']);
step('type-check (tsc -b)', npx, ['tsc', '-b']);
// The layer rules (what may import what) and the type-aware bug rules.
step('lint (eslint)', npx, ['eslint', '.']);
const files = ['unit', 'grammar', 'protocol'].flatMap((s) => testFiles(`out/test/${s}`));
step('unit, grammar and protocol tests', process.execPath, ['--test', ...files]);
// The slow one last: a real VS Code in a browser (first run installs its
// toolchain into .cache/). PACKS_E2E=skip leaves it out, and says so.
if (process.env.PACKS_E2E === 'skip') {
  process.stdout.write('\n== end-to-end tests in a real VS Code: SKIPPED (PACKS_E2E=skip)\n');
} else {
  step('end-to-end tests in a real VS Code', process.execPath, ['scripts/e2e.mjs', '--no-build']);
}
