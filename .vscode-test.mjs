// @vscode/test-cli's configuration: `npx vscode-test` runs the end-to-end
// suite in desktop VS Code where it can be downloaded (and the Extension
// Test Runner shows it in the Testing view). Offline, `npm test` runs the
// same suite in the browser VS Code instead (scripts/e2e.mjs). Build first:
// `npm run build && npx tsc -b`.
import { defineConfig } from '@vscode/test-cli';

export default defineConfig({
  label: 'end to end',
  files: 'out/test/e2e/suite/**/*.test.js',
  workspaceFolder: 'test/e2e/workspace',
  launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
  env: { PACKS_E2E_ACTIVATION_LANGUAGE: 'loom-pack' },
  mocha: { ui: 'tdd', timeout: 60_000 },
});
