// Bundles the extension client, the language server and the command line
// into dist/ (CommonJS, node platform, `vscode` external), and the rendered
// preview's and the Session Review's page scripts for the browser (an IIFE, no Node). Type-checking
// is separate: `tsc -b`.
import { copyFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { build, context } from 'esbuild';
import { cliBundle } from './cliBundle.mjs';

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

const browser = { platform: 'browser', target: 'es2022', mainFields: ['browser', 'module', 'main'] };

// vscode-languageclient has no `browser` field (vscode-languageserver has
// one): its package root is the Node client, so the browser bundle takes the
// package's own browser entry, which exports the same API.
const languageClientForBrowser = {
  name: 'language-client-for-browser',
  setup(b) {
    b.onResolve({ filter: /^vscode-languageclient$/ }, (args) => b.resolve('vscode-languageclient/browser', { kind: args.kind, resolveDir: args.resolveDir }));
  },
};

const entries = [
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js' },
  { entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' },
  { ...cliBundle, outfile: 'dist/cli.js' },
  { entryPoints: ['client/src/preview/webview/main.ts'], outfile: 'dist/preview.js', platform: 'browser', format: 'iife', target: 'es2022', external: [] },
  { entryPoints: ['client/src/review/webview/main.ts'], outfile: 'dist/review.js', platform: 'browser', format: 'iife', target: 'es2022', external: [] },
  // The web extension (vscode.dev, github.dev): the client in the web worker
  // extension host, the server in a web worker of its own. Platform
  // `browser`, so a Node built-in anywhere in their imports fails the build.
  { entryPoints: ['client/src/browserExtension.ts'], outfile: 'dist/web/client.js', ...browser, format: 'cjs', plugins: [languageClientForBrowser] },
  { entryPoints: ['server/src/browserServer.ts'], outfile: 'dist/web/server.js', ...browser, format: 'iife', external: [] },
];

// The tokenizers' encoders, each a chunk of its own that the server and the
// command line load on the first count (src-node/tokens/loadEncoder.ts), and
// the browser server with importScripts (a global per encoding), so their
// ranks (1 to 2.4 MB each) stay out of the activation.
for (const name of ['o200k_base', 'cl100k_base']) {
  entries.push({ entryPoints: [`src-node/tokens/${name}.ts`], outfile: `dist/tokenizers/${name}.js`, sourcemap: false });
  entries.push({ entryPoints: [`src-node/tokens/${name}.ts`], outfile: `dist/web/tokenizers/${name}.js`, ...browser, format: 'iife', globalName: `packsTokenizer_${name}`, external: [], sourcemap: false });
}

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

// The web suite (test/e2e/web), for VS Code's web worker extension host:
// bundled for the browser into out/, never into the package. Its `mocha`
// import is mocha's browser build, through globals (test/e2e/web/mocha.ts).
const browserMocha = {
  name: 'browser-mocha',
  setup(b) {
    b.onResolve({ filter: /^mocha$/ }, () => ({ path: path.resolve('test/e2e/web/mocha.ts') }));
  },
};
entries.push({ entryPoints: ['test/e2e/web/index.ts'], outfile: 'out/web-test/index.js', ...browser, format: 'cjs', plugins: [browserMocha] });

// The codicon font and its stylesheet, for the Session Review's glyphs, copied
// from the @vscode/codicons package into dist/codicons/: the page loads them
// from the extension under its policy (font-src and style-src the webview's
// own source, nothing remote), and the .vsix carries this copy, so the
// package is a devDependency like the other build inputs. Its licences
// (CC-BY-4.0 for the icons, MIT for the code) go along.
const codicons = 'node_modules/@vscode/codicons';
mkdirSync('dist/codicons', { recursive: true });
for (const [from, to] of [['dist/codicon.css', 'codicon.css'], ['dist/codicon.ttf', 'codicon.ttf'], ['LICENSE', 'LICENSE'], ['LICENSE-CODE', 'LICENSE-CODE']]) {
  copyFileSync(path.join(codicons, from), path.join('dist/codicons', to));
}

if (watch) {
  for (const e of entries) await (await context({ ...common, ...e, plugins: [watchReport] })).watch();
} else {
  await Promise.all(entries.map((e) => build({ ...common, ...e })));
}
