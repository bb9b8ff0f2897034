// Where the end-to-end machinery keeps things: the repository, the cache of
// downloaded tools (outside tracked files), and fresh temporary state.
import { mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Tools (Node 24, code-server) live here; `.cache/` is gitignored. */
export const cacheDir = process.env.PACKS_E2E_CACHE
  ? path.resolve(process.env.PACKS_E2E_CACHE)
  : path.join(repoRoot, '.cache', 'e2e');

export const compiledSuite = path.join(repoRoot, 'out', 'test', 'e2e', 'suite', 'index.js');
/** The web suite, bundled for the browser by scripts/build.mjs. */
export const webSuite = path.join(repoRoot, 'out', 'web-test', 'index.js');
export const testWorkspace = path.join(repoRoot, 'test', 'e2e', 'workspace');

/** A new empty folder for one run's state (user data, extensions, XDG, browser profile). */
export function freshStateDir(label) {
  return mkdtempSync(path.join(os.tmpdir(), `packs-${label}-`));
}
