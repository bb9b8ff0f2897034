// Asks the client to report changes to the files of a glob
// (`workspace/didChangeWatchedFiles`), when it supports being asked.

import { type Connection, DidChangeWatchedFilesNotification } from 'vscode-languageserver';
import { describeError, type Logger } from './errorBoundary';

export function clientFileWatcher(connection: Connection, supported: () => boolean, logger: Logger): (glob: string) => void {
  return (glob) => {
    if (!supported()) return;
    void connection.client
      .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: glob }] })
      .catch((e: unknown) => logger.error(`watching ${glob} failed: ${describeError(e)}`));
  };
}
