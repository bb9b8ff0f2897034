// npm's `prepare`: builds dist/ after `npm ci`, and when the package is
// installed from git (the pre-commit framework installs a node hook with
// `npm install -g git+file://…`). In that global install npm prepares the
// clone with `npm_config_global` still set, so its own install of the
// development dependencies goes to the global prefix and the build finds
// no esbuild (an npm bug); they are installed here first, locally.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.npm_config_global === 'true' && !existsSync('node_modules/esbuild')) {
  const env = { ...process.env, npm_config_global: 'false', npm_config_location: 'project' };
  const install = spawnSync('npm', ['install', '--include=dev', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts'], { stdio: 'inherit', env });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
process.exit(build.status ?? 1);
