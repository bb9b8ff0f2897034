// The language server in the browser (vscode.dev, github.dev): a web
// worker speaking LSP over its message port, around the composition every
// host shares (serverMain.ts). No process runs here, so there is no git
// (hand edits and the render against HEAD say so in the status bar) and no
// disk to walk (workspace-wide features see the open documents).

import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { noBaselines } from './prompts/noBaselines';
import { startServer } from './serverMain';
import { noWorkspaceFiles } from './workspaceFiles';
import { importEncoder } from './pack/importEncoder';

// In a dedicated worker the global object is the port to the extension;
// its DOM type is not in the server's (Node-typed) lib, hence `never`.
const port = globalThis as never;

startServer(createConnection(new BrowserMessageReader(port), new BrowserMessageWriter(port)), {
  baselines: () => noBaselines,
  workspaceFiles: () => noWorkspaceFiles,
  readFileBytes: () => Promise.resolve(undefined),
  guardUncaught: () => undefined,
  env: {},
  pid: 0,
  memory: () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
  loadEncoder: importEncoder,
});
