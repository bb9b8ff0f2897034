// A minimal LSP client for protocol tests: starts the bundled server
// (dist/server.js) over stdio and speaks JSON-RPC to it, as an editor would;
// or over Node's IPC channel, as VS Code's client starts it (the bench's
// memory figure for that transport).

import { fork, spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  IPCMessageReader,
  IPCMessageWriter,
  type MessageReader,
  type MessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-languageserver/node';
import type { Diagnostic, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { serverEnv, serverExecArgv } from '../../src-shared/protocol/common';
import { distDir } from './paths';

export interface SessionOptions {
  /** What `workspace/configuration` answers for our section. */
  readonly settings?: unknown;
  readonly rootPath?: string;
  /** Sent as `initializationOptions` (e.g. whether the workspace is trusted). */
  readonly initializationOptions?: unknown;
  /** Added to the server's environment after `serverEnv` (e.g. the test hooks). */
  readonly env?: Readonly<Record<string, string>>;
  /** Sent as `initialize`'s `trace` (`verbose`: the server may say the most it ever says). */
  readonly trace?: 'off' | 'messages' | 'verbose';
  /** Node options for the server process; by default those the desktop client starts it with. */
  readonly execArgv?: readonly string[];
  /** `stdio` by default; `ipc` as VS Code's client starts the server (then `sent` holds only what it printed). */
  readonly transport?: 'stdio' | 'ipc';
}

/** Session options for a trusted workspace: the settings that could hide a finding apply only then (src-shared/settings.ts). */
export const trusted = { initializationOptions: { workspaceTrusted: true } } as const;

export class LspSession {
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: Array<{ uri: string; test: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }> = [];
  private versions = new Map<string, number>();
  private ended = false;
  stderr = '';
  /** Everything the server wrote to stdout: every message it sent, as bytes on the wire. */
  sent = '';
  /** The server's `window/logMessage` lines, as the client's output channel shows them. */
  readonly logs: string[] = [];
  /** What the server asked the user to read (`window/showMessage`), in order. */
  readonly shownMessages: { type: number; message: string }[] = [];

  private constructor(
    readonly process: ChildProcess,
    readonly connection: MessageConnection,
    private settings: unknown,
  ) {}

  /** What the server answered to `initialize`. */
  initialized!: InitializeResult;

  static async start(options: SessionOptions = {}): Promise<LspSession> {
    const execArgv = [...(options.execArgv ?? serverExecArgv)];
    const env = { ...process.env, ...serverEnv, ...options.env };
    const server = path.join(distDir, 'server.js');
    let child: ChildProcess;
    let reader: MessageReader;
    let writer: MessageWriter;
    if (options.transport === 'ipc') {
      child = fork(server, ['--node-ipc'], { execArgv, env, silent: true });
      reader = new IPCMessageReader(child);
      writer = new IPCMessageWriter(child);
    } else {
      child = spawn(process.execPath, [...execArgv, server, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env });
      const stdout = new StreamMessageReader(child.stdout!);
      // No partial-message timer: vscode-jsonrpc re-arms it every 10 s for as long as a message stays cut short, and a
      // server stopped in the middle of one (a large file's diagnostics) kept the test process alive for good.
      stdout.partialMessageTimeout = 0;
      reader = stdout;
      writer = new StreamMessageWriter(child.stdin!);
    }
    const connection = createMessageConnection(reader, writer);
    const session = new LspSession(child, connection, options.settings ?? {});
    child.stderr!.on('data', (d: Buffer) => (session.stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => (session.sent += d.toString()));
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => session.onDiagnostics(p));
    connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => session.settings));
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onNotification('window/logMessage', (p: { message: string }) => session.logs.push(p.message));
    connection.onNotification('window/showMessage', (p: { type: number; message: string }) => session.shownMessages.push(p));
    connection.listen();
    const rootUri = options.rootPath ? pathToFileURL(options.rootPath).href : null;
    session.initialized = await connection.sendRequest<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: rootUri ? [{ uri: rootUri, name: 'root' }] : null,
      initializationOptions: options.initializationOptions,
      ...(options.trace && { trace: options.trace }),
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true },
        textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true } },
      },
    });
    await connection.sendNotification('initialized', {});
    return session;
  }

  setSettings(settings: unknown): void {
    this.settings = settings;
    void this.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
  }

  async open(uri: string, languageId: string, text: string): Promise<void> {
    this.versions.set(uri, 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Replaces the whole text; returns the new version. */
  replace(uri: string, text: string): Promise<number> {
    return this.edit(uri, [{ text }]);
  }

  /** Applies ranged changes (LSP incremental sync); returns the new version. */
  async edit(uri: string, contentChanges: readonly unknown[]): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
    return version;
  }

  async save(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** The next published diagnostics for `uri` that satisfy `test` (or the current ones, if they already do). */
  waitForDiagnostics(uri: string, test: (p: PublishDiagnosticsParams) => boolean = () => true, timeoutMs = 30_000): Promise<Diagnostic[]> {
    const current = this.diagnostics.get(uri);
    if (current && test(current)) return Promise.resolve(current.diagnostics);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms; stderr: ${this.stderr}`)), timeoutMs);
      this.waiters.push({
        uri,
        test,
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p.diagnostics);
        },
      });
    });
  }

  /** Diagnostics published for `uri` at `version`. */
  diagnosticsAt(uri: string, version: number): Promise<Diagnostic[]> {
    return this.waitForDiagnostics(uri, (p) => p.version === version);
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest<R>(method, params);
  }

  /**
   * The LSP ending as an editor does it: `shutdown`, whose answer is
   * returned, then `exit`, and the process's own exit (code or signal). Each
   * step has a hang deadline of 30 s; nothing is killed here, so a server
   * that does not exit by itself fails the caller's assertion.
   */
  async shutdown(): Promise<{ answer: unknown; code: number | null; signal: NodeJS.Signals | null }> {
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      if (this.process.exitCode !== null || this.process.signalCode !== null) resolve({ code: this.process.exitCode, signal: this.process.signalCode });
      else this.process.once('exit', (code, signal) => resolve({ code, signal }));
    });
    const answer = await withDeadline(this.connection.sendRequest('shutdown'), 'the answer to shutdown');
    await this.connection.sendNotification('exit');
    const { code, signal } = await withDeadline(exited, 'the process to exit after the exit notification');
    this.ended = true;
    this.connection.dispose();
    return { answer, code, signal };
  }

  /** Ends the session whatever state the server is in (for a test's `finally`): a clean ending is `shutdown`'s to prove. */
  async stop(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      this.connection.sendNotification('exit').catch(() => undefined);
    } finally {
      this.connection.dispose();
      this.process.kill();
    }
  }

  private onDiagnostics(p: PublishDiagnosticsParams): void {
    this.diagnostics.set(p.uri, p);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const w = this.waiters[i]!;
      if (w.uri === p.uri && w.test(p)) {
        this.waiters.splice(i, 1);
        w.resolve(p);
      }
    }
  }
}

export function withDeadline<T>(promise: Promise<T>, what: string, ms = 30_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s waiting for ${what}`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
