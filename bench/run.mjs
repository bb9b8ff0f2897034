// `npm run bench`: builds the server bundle the protocol figures start,
// bundles the benchmark, then runs it with the garbage collector exposed (collected before each timed run) and room for
// the peers' 60 MB syntax trees. Arguments are passed on.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', absWorkingDir: root };

const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

// Three folders deep, as the compiled tests are: test/support/paths.ts finds the repository from there.
const main = path.join(root, 'out', 'bench', 'bundle', 'main.js');
await build({ ...common, entryPoints: ['bench/main.ts'], outfile: main });

const run = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=12288', main, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// The docs' page of the run's targets follows bench/results.json (a full run rewrites it).
if (run.status === 0) spawnSync(process.execPath, ['scripts/benchPage.mjs'], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
