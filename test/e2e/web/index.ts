// The web suite's entry point, loaded by VS Code's web worker extension host
// as `extensionTestsPath` (bundled for the browser: dist/test/web/index.js).
// The extension under test runs there as a web extension, its language
// server in a web worker: what vscode.dev and github.dev run.

import 'mocha/mocha.js';

/** The runner prints only lines with this mark (scripts/e2e/runPass.mjs). */
const reportMarker = '[e2e] ';

interface BrowserMocha {
  setup(options: { ui: string; reporter: string; timeout: number; color: boolean }): void;
  run(done: (failures: number) => void): { stats?: { passes?: number; pending?: number } };
}

/** `console.log`'s `%s`/`%d` substitution, which the reporter's lines use. */
function format([first, ...rest]: unknown[]): string {
  if (typeof first !== 'string') return [first, ...rest].map(String).join(' ');
  const text = first.replace(/%[sdj%]/g, (m) => (m === '%%' ? '%' : rest.length > 0 ? String(rest.shift()) : m));
  return [text, ...rest.map(String)].join(' ');
}

export async function run(): Promise<void> {
  const mocha = (globalThis as unknown as { mocha: BrowserMocha }).mocha;
  const Mocha = (globalThis as unknown as { Mocha: { reporters: { Base: { consoleLog: (...data: unknown[]) => void } } } }).Mocha;
  Mocha.reporters.Base.consoleLog = (...data: unknown[]) => console.log(reportMarker + format(data));
  mocha.setup({ ui: 'tdd', reporter: 'spec', timeout: 60_000, color: false });
  // Loaded after setup: mocha's globals exist only from here on.
  await import('./web.test.js');
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const { passes = 0, pending = 0 } = runner.stats ?? {};
      console.log(`${reportMarker}e2e: ${passes} passed, ${failures} failed, ${pending} skipped`);
      if (failures > 0) reject(new Error(`${failures} web test(s) failed`));
      else if (passes === 0) reject(new Error('no web test ran'));
      else resolve();
    });
  });
}
