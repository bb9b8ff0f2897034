// Bundles the extension client, the language server and the command line
// into dist/ (CommonJS, node platform, `vscode` external), and the rendered
// preview's page script for the browser (an IIFE, no Node). Type-checking
// is separate: `tsc -b`.
import { build, context } from 'esbuild';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  sourcemap: production ? false : 'linked',
  minify: production,
  external: ['vscode'],
  logLevel: 'warning',
};

const entries = [
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js' },
  { entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' },
  { entryPoints: ['cli/src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['client/src/preview/webview/main.ts'], outfile: 'dist/preview.js', platform: 'browser', format: 'iife', target: 'es2022', external: [] },
];

// In watch mode each rebuild says when it starts and ends, in the words the
// `$esbuild-watch` problem matcher (.vscode/tasks.json) waits for.
const watchReport = {
  name: 'watch-report',
  setup(b) {
    b.onStart(() => console.log('[watch] build started'));
    b.onEnd((r) => {
      for (const m of r.errors) console.error(`✘ [ERROR] ${m.text}\n\n    ${m.location?.file}:${m.location?.line}:${m.location?.column}:`);
      console.log('[watch] build finished');
    });
  },
};

if (watch) {
  for (const e of entries) await (await context({ ...common, ...e, plugins: [watchReport] })).watch();
} else {
  await Promise.all(entries.map((e) => build({ ...common, ...e })));
}
