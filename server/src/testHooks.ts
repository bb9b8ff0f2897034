// Requests for tests only, registered when the server starts with
// PACKS_AND_PROMPTS_TEST_HOOKS=1 (the extension never sets it): a handler
// that throws, a rejected promise nobody waits for, an exception thrown in
// a timer. A protocol test uses them to prove that a failure is logged with
// its stack and answered neutrally, and that the server goes on. And a hold
// on a document's next validation at the end of its first slice, so a test
// of scheduling (requests answered meanwhile, edits that cancel it) sees the
// validation under way on any machine, fast or slow, instead of racing it.

import type { Connection } from 'vscode-languageserver';
import { guard, type Logger } from './errorBoundary';

export const testHooksVariable = 'PACKS_AND_PROMPTS_TEST_HOOKS';

/** Test -> server request: fail the way `kind` says, with `message`. */
export const failRequest = 'packs/test/fail';

export interface FailParams {
  readonly kind: 'throw' | 'unhandledRejection' | 'uncaughtException';
  readonly message: string;
}

/** Registers the hooks when the environment asks for them; returns the validation hold for scheduling (undefined otherwise). */
export function registerTestHooks(connection: Connection, logger: Logger, env: Readonly<Record<string, string | undefined>>): ValidationHold | undefined {
  if (env[testHooksVariable] !== '1') return undefined;
  const holds = new ValidationHolds();
  connection.onRequest(holdValidationRequest, (params: HoldParams) => holds.arm(params.uri));
  connection.onRequest(releaseValidationRequest, guard(logger, releaseValidationRequest, false, (params: HoldParams) => holds.release(params.uri)));
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
  return holds;
}

/** Test -> server request: hold the next validation of `uri` when it gives the event loop back after its first slice; answered then. */
export const holdValidationRequest = 'packs/test/holdValidation';

/** Test -> server request: let the held validation of `uri` go on. */
export const releaseValidationRequest = 'packs/test/releaseValidation';

export interface HoldParams {
  readonly uri: string;
}

/** Where the held validation stopped: the version it checks and the slices it has run. */
export interface HeldValidation {
  readonly version: number;
  readonly yields: number;
}

/** What validation scheduling asks at each slice: whether to end the slice now, and what to wait on before the next one. */
export interface ValidationHold {
  wanted(uri: string): boolean;
  at(uri: string, held: HeldValidation): Promise<void>;
}

class ValidationHolds implements ValidationHold {
  private readonly armed = new Map<string, (held: HeldValidation) => void>();
  private readonly releases = new Map<string, () => void>();

  arm(uri: string): Promise<HeldValidation> {
    return new Promise((resolve) => this.armed.set(uri, resolve));
  }

  release(uri: string): boolean {
    const release = this.releases.get(uri);
    this.releases.delete(uri);
    release?.();
    return release !== undefined;
  }

  wanted(uri: string): boolean {
    return this.armed.has(uri);
  }

  at(uri: string, held: HeldValidation): Promise<void> {
    const answer = this.armed.get(uri)!;
    this.armed.delete(uri);
    return new Promise((resolve) => {
      this.releases.set(uri, resolve);
      answer(held);
    });
  }
}
