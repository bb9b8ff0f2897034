// Requests for tests only, registered when the server starts with
// PACKS_AND_PROMPTS_TEST_HOOKS=1 (the extension never sets it): a handler
// that throws, a rejected promise nobody waits for, an exception thrown in
// a timer. A protocol test uses them to prove that a failure is logged with
// its stack and answered neutrally, and that the server goes on.

import type { Connection } from 'vscode-languageserver/node';
import { guard, type Logger } from './errorBoundary';

export const testHooksVariable = 'PACKS_AND_PROMPTS_TEST_HOOKS';

/** Test -> server request: fail the way `kind` says, with `message`. */
export const failRequest = 'packs/test/fail';

export interface FailParams {
  readonly kind: 'throw' | 'unhandledRejection' | 'uncaughtException';
  readonly message: string;
}

export function registerTestHooks(connection: Connection, logger: Logger, env: Readonly<Record<string, string | undefined>>): void {
  if (env[testHooksVariable] !== '1') return;
  connection.onRequest(
    failRequest,
    guard(logger, failRequest, null, (params: FailParams): string => {
      const error = new Error(params.message);
      if (params.kind === 'throw') throw error;
      if (params.kind === 'unhandledRejection') void Promise.reject(error);
      else setTimeout(() => {
        throw error;
      }, 0);
      return params.kind;
    }),
  );
}
