// The language server in Node (the desktop and remote extension hosts, the
// protocol tests): git, the disk and the process, around the composition
// every host shares (serverMain.ts).

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createConnection, ProposedFeatures, StreamMessageWriter } from 'vscode-languageserver/node';
import { ResyncingFrameReader } from './frameReader';
import { testHooksVariable } from './testHooks';
import { nodeSpawner } from '../../src-node/git/command';
import { loadEncoder } from '../../src-node/tokens/loadEncoder';
import { diskWorkspaceFiles } from './diskWorkspaceFiles';
import { BaselineStore } from './prompts/handEditsBaselines';
import { logUncaughtErrors } from './processGuards';
import { startServer } from './serverMain';

// On stdio, frames are read by a reader that drops a broken one and reads on (frameReader.ts); IPC has no frames.
const frames = process.argv.includes('--stdio') ? new ResyncingFrameReader(process.stdin, stallMs(process.env)) : undefined;
const connection = frames ? createConnection(ProposedFeatures.all, frames, new StreamMessageWriter(process.stdout)) : createConnection(ProposedFeatures.all);
if (frames) frames.log = (message) => connection.console.error(message);

startServer(connection, {
  baselines: (trust) => new BaselineStore(nodeSpawner, trust),
  workspaceFiles: diskWorkspaceFiles,
  readFileBytes: async (uri) => (uri.startsWith('file:') ? readFile(fileURLToPath(uri)) : undefined),
  guardUncaught: (logger) => logUncaughtErrors(logger, process),
  env: process.env,
  pid: process.pid,
  memory: () => process.memoryUsage(),
  loadEncoder: async (name) => loadEncoder(name),
});

/** How long a frame may wait for its missing bytes; a test (with the test hooks on) may shorten it. */
function stallMs(env: NodeJS.ProcessEnv): number {
  const asked = Number(env['PACKS_AND_PROMPTS_FRAME_STALL_MS']);
  return env[testHooksVariable] === '1' && asked > 0 ? asked : 10_000;
}
