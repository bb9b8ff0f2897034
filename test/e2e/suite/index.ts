// The suite's entry point, loaded by VS Code as `extensionTestsPath` in both
// routes (test-electron, and the browser against the VS Code server). It
// runs every `*.test.js` beside it with mocha's `suite`/`test` interface.

import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';

/**
 * Marks the suite's report among the workbench's own log lines, which share
 * the one console channel in the browser route; the runner prints only these.
 */
const reportMarker = '[e2e] ';

function report(...data: unknown[]): void {
  console.log(reportMarker + format(...data));
}

/** Files that must run first, in this order: activation is only observable in a fresh window. */
const firstFiles = ['activation.test.js'];

function testFiles(): string[] {
  const all = readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort();
  return [...firstFiles.filter((f) => all.includes(f)), ...all.filter((f) => !firstFiles.includes(f))];
}

export function run(): Promise<void> {
  Mocha.reporters.Base.consoleLog = report;
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 180_000, reporter: 'spec' });
  // A pass of the runner may narrow the run (see scripts/e2e/passes.mjs).
  const grep = process.env['PACKS_E2E_GREP'];
  if (grep) mocha.grep(new RegExp(grep));
  for (const file of testFiles()) mocha.addFile(path.join(__dirname, file));
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const { passes = 0, pending = 0 } = runner.stats ?? {};
      report(`e2e: ${passes} passed, ${failures} failed, ${pending} skipped`);
      if (failures > 0) reject(new Error(`${failures} end-to-end test(s) failed`));
      else if (passes === 0) reject(new Error('no end-to-end test ran'));
      else resolve();
    });
  });
}
