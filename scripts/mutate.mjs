// A mutation pass: applies one-line changes to the source, one at a time,
// runs the narrowest test files for each and says which were caught (a test
// failed) and which survived (every test passed with the change in place).
//
//   node scripts/mutate.mjs scripts/mutants/<list>.json [--only=<part of an id>]
//
// A list is a JSON array of { "id", "file", "from", "to", "tests", "why" }:
// `from` must occur exactly once in `file` (a TypeScript source), `to`
// replaces it, `tests` are compiled test files (out/test/…), and `dist`
// (optional, true) says the tests run the built bundles (the command line's
// dist/cli.js, the server's dist/server.js) rather than out/. Run
// `npx tsc -b` first. Each mutant is compiled alone with esbuild over its
// file's output in out/ (seconds, not a whole type-check), or with `dist`
// the source is changed and the bundles built again, and everything is put
// back afterwards, whatever happens. The tests of each list entry first
// run without the change: a test set that fails already says nothing, and
// the entry is reported as such. Exit 0 when every mutant was caught.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { transformSync } from 'esbuild';

const [listPath, ...rest] = process.argv.slice(2);
if (!listPath) {
  process.stderr.write('usage: node scripts/mutate.mjs <list.json> [--only=<part of an id>]\n');
  process.exit(2);
}
const only = rest.find((a) => a.startsWith('--only='))?.slice('--only='.length);

/** Where tsc put a source file's JavaScript (tsconfig.base.json: outDir out, rootDir the repository). */
const outputOf = (file) => path.join('out', file.replace(/\.ts$/, '.js'));

function readList(file) {
  const list = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(list)) throw new Error(`${file}: expected a JSON array of mutants`);
  for (const [i, m] of list.entries()) {
    for (const key of ['id', 'file', 'from', 'to', 'why']) {
      if (typeof m[key] !== 'string') throw new Error(`${file}: mutant ${i + 1} has no string "${key}"`);
    }
    if (!Array.isArray(m.tests) || m.tests.length === 0 || !m.tests.every((t) => typeof t === 'string')) {
      throw new Error(`${file}: mutant ${m.id} needs "tests", a list of compiled test files`);
    }
  }
  return list;
}

function runTests(tests) {
  const r = spawnSync(process.execPath, ['--test', ...tests], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const failing = [...(r.stdout ?? '').matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((m) => m[1]);
  return { passed: r.status === 0, failing };
}

/** The source with the change, or why it cannot be applied. */
function mutated(m) {
  if (!existsSync(m.file)) return { problem: `${m.file} does not exist` };
  const source = readFileSync(m.file, 'utf8');
  const first = source.indexOf(m.from);
  if (first === -1) return { problem: `"${m.from}" is not in ${m.file}` };
  if (source.indexOf(m.from, first + 1) !== -1) return { problem: `"${m.from}" occurs more than once in ${m.file}` };
  return { text: source.slice(0, first) + m.to + source.slice(first + m.from.length) };
}

/** The mutant in out/ alone (the tests import the compiled sources). */
function inOutput(m, text) {
  const output = outputOf(m.file);
  const kept = `${output}.unmutated`;
  copyFileSync(output, kept);
  try {
    writeFileSync(output, transformSync(text, { loader: 'ts', format: 'cjs', target: 'node20', sourcefile: m.file }).code);
    return runTests(m.tests);
  } catch (e) {
    return { passed: false, failing: [`the mutant does not compile: ${e.message.split('\n')[0]}`] };
  } finally {
    copyFileSync(kept, output);
    rmSync(kept);
  }
}

/** The mutant in the source, the bundles built from it (the tests spawn dist/), then the source and bundles restored. */
function inBundles(m, text) {
  const source = readFileSync(m.file, 'utf8');
  const build = () => spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8' });
  try {
    writeFileSync(m.file, text);
    const built = build();
    if (built.status !== 0) return { passed: false, failing: [`the mutant does not build: ${(built.stderr ?? '').split('\n')[0]}`] };
    return runTests(m.tests);
  } finally {
    writeFileSync(m.file, source);
    build();
  }
}

const list = readList(listPath).filter((m) => !only || m.id.includes(only));
const baseline = new Map();
const results = [];
for (const m of list) {
  const missing = m.tests.filter((t) => !existsSync(t));
  const change = mutated(m);
  if (missing.length > 0 || change.problem) {
    results.push({ m, verdict: 'not run', detail: change.problem ?? `no ${missing.join(', ')} (run npx tsc -b)` });
    continue;
  }
  const key = m.tests.join(' ');
  if (!baseline.has(key)) baseline.set(key, runTests(m.tests));
  if (!baseline.get(key).passed) {
    results.push({ m, verdict: 'not run', detail: `the tests fail without the change: ${baseline.get(key).failing.join('; ')}` });
    continue;
  }
  const run = m.dist === true ? inBundles(m, change.text) : inOutput(m, change.text);
  results.push({ m, verdict: run.passed ? 'SURVIVED' : 'caught', detail: run.failing.slice(0, 3).join('; ') });
  process.stdout.write(`${run.passed ? 'SURVIVED' : 'caught  '}  ${m.id}\n`);
}

process.stdout.write('\n');
for (const { m, verdict, detail } of results) {
  process.stdout.write(`${verdict.padEnd(9)} ${m.id}: ${m.file}: ${m.why}${detail ? `\n          ${detail}` : ''}\n`);
}
const count = (v) => results.filter((r) => r.verdict === v).length;
process.stdout.write(`\n${count('caught')} caught, ${count('SURVIVED')} survived, ${count('not run')} not run, of ${results.length}\n`);
process.exit(count('SURVIVED') === 0 && count('not run') === 0 ? 0 : 1);
