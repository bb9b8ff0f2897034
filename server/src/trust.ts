// Workspace trust as the client reports it: in `initializationOptions` at
// start, then `packs/workspaceTrusted` when the user grants it (VS Code
// never takes trust back without a reload). While the workspace is not
// trusted the server runs no program (git) and reads no file from disk:
// only the documents the editor sends. Features that do either ask
// `trusted` and start again when trust arrives.

import type { Connection, InitializeParams } from 'vscode-languageserver';
import { type HandEditInitializationOptions, workspaceTrustedNotification } from '../../src-shared/protocol/prompts';

export class WorkspaceTrust {
  private value = false;
  private readonly listeners: (() => void)[] = [];

  get trusted(): boolean {
    return this.value;
  }

  /** Reads the trust the client reported at start; no listener is told (nothing has been asked yet). */
  initialize(params: InitializeParams): void {
    this.value = (params.initializationOptions as HandEditInitializationOptions | undefined)?.workspaceTrusted === true;
  }

  set(trusted: boolean): void {
    if (trusted === this.value) return;
    this.value = trusted;
    for (const l of this.listeners) l();
  }

  /** Called after each change of trust after the start. */
  onDidChange(listener: () => void): void {
    this.listeners.push(listener);
  }
}

export function registerTrustSupport(connection: Connection, trust: WorkspaceTrust): void {
  connection.onNotification(workspaceTrustedNotification, () => trust.set(true));
}
