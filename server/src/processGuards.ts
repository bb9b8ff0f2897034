// The last line of defence: an exception nothing caught, or a promise
// rejected with nobody waiting, is logged with its stack instead of ending
// the server (Node's default for both). Every handler already answers
// inside the error boundary (errorBoundary.ts); this catches what runs
// outside one, such as a timer's callback.

import { describeError, type Logger } from './errorBoundary';

export function logUncaughtErrors(logger: Logger, process: NodeJS.Process): void {
  process.on('uncaughtException', (e) => logger.error(`uncaught exception (the server goes on): ${describeError(e)}`));
  process.on('unhandledRejection', (reason) => logger.error(`unhandled rejection (the server goes on): ${describeError(reason)}`));
}
