// docs/bench-results.md, written from bench/results.json: the last full
// run's machine, load and every target, met or missed. The bench writes
// both (bench/run.mjs); `node scripts/benchPage.mjs --check` exits 1 when
// the page is not what the results say, and a unit test runs it, so the
// figures the docs quote from a run never drift from that run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsFile = path.join(root, 'bench', 'results.json');
const pageFile = path.join(root, 'docs', 'bench-results.md');

const cell = (s) => String(s).replace(/\|/g, '\\|');

export function benchPage(results) {
  const m = results.machine;
  const load = m.loadAverage ? ` (load average ${m.loadAverage.before} before, ${m.loadAverage.after} after)` : '';
  return [
    '# Benchmark results',
    '',
    '<!-- Written by `npm run bench` from bench/results.json (scripts/benchPage.mjs); do not edit by hand. -->',
    '',
    `\`${results.command}\`, ${results.date}, on ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, ${m.os}, Node ${m.node}${load}.`,
    `How each figure is taken, and what it means: [performance.md](performance.md).`,
    '',
    '| target | measured | |',
    '|---|---|---|',
    ...results.targets.map((t) => `| ${cell(t.target)} | ${cell(t.measured)} | ${t.met ? 'met' : 'missed'} |`),
    '',
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) {
  const page = benchPage(JSON.parse(readFileSync(resultsFile, 'utf8')));
  if (process.argv.includes('--check')) {
    const current = existsSync(pageFile) ? readFileSync(pageFile, 'utf8') : '';
    if (current !== page) {
      process.stderr.write('docs/bench-results.md is not what bench/results.json says: run `node scripts/benchPage.mjs`.\n');
      process.exit(1);
    }
  } else {
    writeFileSync(pageFile, page);
  }
}
