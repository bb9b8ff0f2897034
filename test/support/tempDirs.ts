// Temporary folders for tests that need files on disk, removed when the
// test process exits (each test file runs in its own process), however the
// tests ended: `npm test` leaves nothing in the temporary directory.

import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const made: string[] = [];

process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new folder under the temporary directory, named `<prefix><random>`, removed at exit. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
