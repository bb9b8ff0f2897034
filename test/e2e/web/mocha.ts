// `import { suite, test } from 'mocha'` in the web bundle: mocha's browser
// build defines its interface as globals once `mocha.setup` has run, so
// these forward to them at call time (the bundler points `mocha` here).

type Mocha = typeof import('mocha');
const globals = globalThis as unknown as Pick<Mocha, 'suite' | 'test' | 'suiteSetup' | 'suiteTeardown' | 'setup' | 'teardown'>;

export const suite = ((...args: Parameters<Mocha['suite']>) => globals.suite(...args)) as Mocha['suite'];
export const test = ((...args: Parameters<Mocha['test']>) => globals.test(...args)) as Mocha['test'];
export const suiteSetup = ((...args: Parameters<Mocha['suiteSetup']>) => globals.suiteSetup(...args)) as Mocha['suiteSetup'];
export const suiteTeardown = ((...args: Parameters<Mocha['suiteTeardown']>) => globals.suiteTeardown(...args)) as Mocha['suiteTeardown'];
export const setup = ((...args: Parameters<Mocha['setup']>) => globals.setup(...args)) as Mocha['setup'];
export const teardown = ((...args: Parameters<Mocha['teardown']>) => globals.teardown(...args)) as Mocha['teardown'];
