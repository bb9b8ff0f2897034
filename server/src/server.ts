// The language server in Node (the desktop and remote extension hosts, the
// protocol tests): git, the disk and the process, around the composition
// every host shares (serverMain.ts).

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { nodeSpawner } from '../../src-node/git/command';
import { loadEncoder } from '../../src-node/tokens/loadEncoder';
import { diskWorkspaceFiles } from './diskWorkspaceFiles';
import { BaselineStore } from './prompts/handEditsBaselines';
import { logUncaughtErrors } from './processGuards';
import { startServer } from './serverMain';

startServer(createConnection(ProposedFeatures.all), {
  baselines: (trust) => new BaselineStore(nodeSpawner, trust),
  workspaceFiles: diskWorkspaceFiles,
  readFileBytes: async (uri) => (uri.startsWith('file:') ? readFile(fileURLToPath(uri)) : undefined),
  guardUncaught: (logger) => logUncaughtErrors(logger, process),
  env: process.env,
  pid: process.pid,
  memory: () => process.memoryUsage(),
  loadEncoder: async (name) => loadEncoder(name),
});
