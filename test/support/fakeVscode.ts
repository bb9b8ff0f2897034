// Just enough of the `vscode` module for a client class to run in Node: a
// test imports this first (before the class), and `require('vscode')`
// then answers this object. Events are real emitters, so a test fires what
// VS Code would; what the class asks of the workbench (`openTextDocument`)
// answers from `fakeVscode.documents`. Anything else a class reaches for is
// missing on purpose: the test that needs it adds it here.

import Module from 'node:module';

type Listener<T> = (e: T) => unknown;

export class EventEmitter<T> {
  private readonly listeners = new Set<Listener<T>>();
  readonly event = (listener: Listener<T>): { dispose(): void } => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) l(e);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

/** A `vscode.Uri` as far as a client class reads one. */
export function fakeUri(text: string): { readonly path: string; toString(): string } {
  return { path: new URL(text).pathname, toString: () => text };
}

const events = {
  didChangeTextDocument: new EventEmitter<unknown>(),
  didChangeConfiguration: new EventEmitter<unknown>(),
  didChangeTextEditorSelection: new EventEmitter<unknown>(),
};

export const fakeVscode = {
  events,
  /** The open documents' versions by URI, as `openTextDocument` answers them. */
  documents: new Map<string, { version: number }>(),
  EventEmitter,
  l10n: { t: (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) },
  workspace: {
    onDidChangeTextDocument: events.didChangeTextDocument.event,
    onDidChangeConfiguration: events.didChangeConfiguration.event,
    openTextDocument: async (uri: { toString(): string }) => {
      const document = fakeVscode.documents.get(uri.toString());
      if (!document) throw new Error(`no document ${uri.toString()}`);
      return { uri, version: document.version };
    },
  },
  window: { onDidChangeTextEditorSelection: events.didChangeTextEditorSelection.event },
  commands: { executeCommand: async () => undefined },
};

type Load = (this: unknown, request: string, parent: unknown, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };
const load = loader._load;
loader._load = function (request, parent, isMain) {
  return request === 'vscode' ? fakeVscode : load.call(this, request, parent, isMain);
};
