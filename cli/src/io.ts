// Where the commands write: the process's streams in the shipped command
// line, anything in a test.

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}
