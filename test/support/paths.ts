// Where things are, from a compiled test in out/test/**.

import * as path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const distDir = path.join(repoRoot, 'dist');
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures');
export const examplesDir = path.join(repoRoot, 'examples');
