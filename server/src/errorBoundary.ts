// One error boundary for every handler: a failure is logged with its stack
// and answered with a neutral value, never taking the server down.

import { ResponseError, LSPErrorCodes, type CancellationToken } from 'vscode-languageserver';

export interface Logger {
  error(message: string): void;
  /** Something worth a line in the output channel that is not a failure (optional: test fakes need not hear it). */
  info?(message: string): void;
}

export function guard<P extends unknown[], R>(
  logger: Logger,
  name: string,
  neutral: R,
  handler: (...params: P) => R | Promise<R>,
): (...params: P) => Promise<R> {
  return async (...params: P) => {
    try {
      return await handler(...params);
    } catch (e) {
      if (e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled) throw e;
      logger.error(`${name} failed: ${describeError(e)}`);
      return neutral;
    }
  };
}

/** An error as a log line: its stack when it has one. */
export function describeError(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}

export function cancelled(token: CancellationToken | undefined): boolean {
  return token?.isCancellationRequested === true;
}
