// The command line's esbuild options, one set for the repository's
// dist/cli.js (scripts/build.mjs) and the npm package's (scripts/cliPackage.mjs):
// a Node script with its shebang and the manifest's version written in.
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

export const cliBundle = {
  entryPoints: ['cli/src/cli.ts'],
  banner: { js: '#!/usr/bin/env node' },
  define: { PACKS_AND_PROMPTS_VERSION: JSON.stringify(version) },
};
