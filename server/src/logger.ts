// The server's log: the output channel the client shows (through
// `window/logMessage`). Every line goes through `redactSecrets` first: an
// error's message or stack may quote a document's text.

import type { Connection } from 'vscode-languageserver';
import { redactSecrets } from '../../src-shared/prompts/rules/redactText';
import type { Logger } from './errorBoundary';

export function connectionLogger(connection: Connection): Logger {
  return {
    error: (message) => connection.console.error(redactSecrets(message)),
    info: (message) => connection.console.info(redactSecrets(message)),
  };
}

