// The language server in Node (the desktop and remote extension hosts, the
// protocol tests): git, the disk and the process, around the composition
// every host shares (serverMain.ts).

import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { nodeSpawner } from '../../src-node/git/command';
import { diskWorkspaceFiles } from './diskWorkspaceFiles';
import { BaselineStore } from './prompts/handEditsBaselines';
import { logUncaughtErrors } from './processGuards';
import { startServer } from './serverMain';

startServer(createConnection(ProposedFeatures.all), {
  baselines: (trust) => new BaselineStore(nodeSpawner, trust),
  workspaceFiles: diskWorkspaceFiles,
  guardUncaught: (logger) => logUncaughtErrors(logger, process),
  env: process.env,
  pid: process.pid,
  memory: () => process.memoryUsage(),
});
