// `npm run check-examples`: the command line on every bundled example, as a
// user would run it. Good packs must pass, deliberately broken ones must
// fail with the findings they exist to show; this script exits 0 only when
// each command exits as expected, so a broken example cannot pass quietly
// and a good one cannot break quietly.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join('dist', 'cli.js');
const environments = readdirSync(path.join(root, 'examples', 'environments'))
  .filter((f) => f.endsWith('.packenv.json'))
  .sort()
  .map((f) => path.join('examples', 'environments', f));

const steps = [
  { why: 'the loom-9 packs: the canonical one is clean, the reviewer drops sections on purpose (warnings)', args: ['check', path.join('examples', 'loom-9')], expect: 0 },
  { why: 'the legacy pack, under the profile it was written for', args: ['check', '--profile', 'loom-1', path.join('examples', 'loom-1')], expect: 0 },
  { why: 'a pack for the newest stored Loom, which names its profile (`%% # profile: loom-roster`): clean', args: ['check', path.join('examples', 'loom-roster')], expect: 0 },
  { why: "an operator's fork of Loom as a profile file, and a pack judged under it: clean", args: ['check', path.join('examples', 'fork')], expect: 0 },
  { why: 'the intermediate Loom releases the stored sources show, as profile files: valid', args: ['check', path.join('examples', 'releases')], expect: 0 },
  { why: 'a captured .prompts file, hand-redacted with its [[edits]] entry: clean', args: ['check', path.join('examples', 'prompts')], expect: 0 },
  { why: 'the rendered system prompt, for the CI environment file', args: ['render', path.join('examples', 'loom-9', 'coding-agent.pack'), '--env', environments[0]], expect: 0, newline: true },
  ...environments.map((env) => ({
    why: `the same pack for ${path.basename(env)}: size, digests and assessment`,
    args: ['render', path.join('examples', 'loom-9', 'coding-agent.pack'), '--env', env, '--json'],
    expect: 0,
    summarise: true,
  })),
  { why: 'broken on purpose (packs and a .prompts capture): every mistake once, at its line', args: ['check', path.join('examples', 'broken')], expect: 1 },
  { why: 'a corrupt pack does not render: upstream\'s report for its first mistake', args: ['render', path.join('examples', 'broken', 'corrupt.pack')], expect: 1 },
];

let failed = 0;
for (const step of steps) {
  process.stdout.write(`\n# ${step.why}\n$ node ${[cli, ...step.args].join(' ')}\n`);
  const r = spawnSync(process.execPath, [cli, ...step.args], { cwd: root, encoding: 'utf8', stdio: step.summarise ? ['ignore', 'pipe', 'inherit'] : 'inherit' });
  if (step.summarise && r.status === 0) {
    const out = JSON.parse(r.stdout);
    const problems = [...out.assess.corrupting, ...out.assess.shaping].map((p) => p.message);
    process.stdout.write(`${out.bytes} bytes, digest ${out.digest}, render digest ${out.renderDigest}, ${problems.length === 0 ? 'no problems' : problems.join('; ')}\n`);
  }
  if (step.newline) process.stdout.write('\n');
  if (r.status !== step.expect) {
    failed++;
    process.stdout.write(`!! expected exit ${step.expect}, got ${r.status ?? r.signal}\n`);
  }
}
process.stdout.write(failed === 0 ? '\nAll examples behave as documented.\n' : `\n${failed} example command(s) did not behave as documented.\n`);
process.exitCode = failed === 0 ? 0 : 1;
