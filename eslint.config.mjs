// ESLint keeps the layers honest and catches the bugs types alone miss.
// Layers (ARCHITECTURE.md): src-shared/ is the pure core (no Node built-in,
// no vscode, no LSP package); src-node/ is the Node-side code the server and
// the command line share; the server, the client and the command line are
// three front ends that never reach into one another.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', ...builtinModules.filter((m) => !m.startsWith('_')).flatMap((m) => [m, `${m}/*`])];
const noNode = { group: nodeBuiltins, message: 'The pure core and the webview do no I/O: take what you need as a parameter (see src-node/ for the Node side).' };
const noVscode = { group: ['vscode', 'vscode-languageclient', 'vscode-languageclient/*', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageserver-textdocument'], message: 'Only the client imports vscode and only the server imports the LSP packages.' };
const front = (name) => ({ group: [`**/${name}/src`, `**/${name}/src/**`], message: `Front ends do not reach into ${name}/src: move what both need into src-shared/ (pure) or src-node/ (Node).` });
const noNodeLayer = { group: ['**/src-node', '**/src-node/**'], message: 'src-node/ is for the server and the command line, not for this layer.' };
const noVscodeApi = { group: ['vscode', 'vscode-languageclient', 'vscode-languageclient/*'], message: 'The server runs outside VS Code: no vscode API.' };
const oneHost = { group: ['vscode-languageserver/node', 'vscode-languageserver/browser'], message: "Import 'vscode-languageserver': the server's modules run in Node and in the browser; only server.ts and browserServer.ts pick a host." };
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', '.cache/**', 'node_modules/**', 'test/fixtures/**', 'test/e2e/workspace/**', 'examples/**', '**/*.mjs', '**/*.js'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] }],
      }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // `xs[i]!` documents that an index is in range; the rule would strip
      // hundreds of them because noUncheckedIndexedAccess is off.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // An async method that implements an async interface need not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON (the manifest, CLI output) as `any` on purpose and
    // print diagnostic codes whatever their shape.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  // Properties run from the suite's fixed seed (test/support/fastCheck.ts sets it), never from the clock's.
  {
    files: ['test/**/*.ts'],
    ignores: ['test/support/fastCheck.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'fast-check', importNames: ['default', 'assert'], message: "Import fc from test/support/fastCheck: it fixes the seed (PACKS_FC_SEED)." }] }] },
  },
  { files: ['src-shared/**/*.ts'], rules: restrict(noNode, noVscode, noNodeLayer, front('server'), front('client'), front('cli')) },
  { files: ['src-node/**/*.ts'], rules: restrict(noVscode, front('server'), front('client'), front('cli')) },
  { files: ['server/**/*.ts'], rules: restrict(noVscodeApi, front('client'), front('cli')) },
  // The composition runs in Node and in a web worker: only the two entry points pick a host's LSP package.
  { files: ['server/src/**/*.ts'], ignores: ['server/src/server.ts', 'server/src/browserServer.ts'], rules: restrict(noVscodeApi, oneHost, front('client'), front('cli')) },
  { files: ['cli/**/*.ts'], rules: restrict(noVscode, front('server'), front('client')) },
  { files: ['client/**/*.ts'], rules: restrict({ group: ['vscode-languageserver', 'vscode-languageserver/*'], message: 'The client speaks to the server only through vscode-languageclient.' }, noNodeLayer, front('server'), front('cli')) },
  { files: ['client/src/preview/webview/**/*.ts'], rules: restrict(noNode, noVscode, noNodeLayer, front('server'), front('cli')) },
);
