// The server's reader of `Content-Length` frames on stdio, which never goes
// deaf. vscode-jsonrpc's reader waits for a short frame's missing bytes for
// ever, and after a frame that is cut or over-long it reads the next
// message's body as headers and stops there: one frame a byte short left the
// server alive and answering nothing. Here a frame whose body does not
// parse, headers without a usable length, or a body still incomplete after
// `stallMs` without a new byte, is dropped with a logged error, and reading
// starts again at the next `Content-Length:` after the bad frame's start,
// which is where the following message is when the bad one was too long.

import { AbstractMessageReader, type DataCallback, Disposable, type Message, type MessageReader } from 'vscode-languageserver';

const headerEnd = Buffer.from('\r\n\r\n', 'ascii');
const lengthHeader = Buffer.from('Content-Length:', 'ascii');
/** Headers longer than this are no LSP headers (they are a few dozen bytes). */
const maxHeaderBytes = 8 * 1024;

export class ResyncingFrameReader extends AbstractMessageReader implements MessageReader {
  private buffer: Buffer = Buffer.alloc(0);
  private callback: DataCallback | undefined;
  private stall: ReturnType<typeof setTimeout> | undefined;
  /** Where dropped frames are reported (the server's log, once the connection exists). */
  log: (message: string) => void = (message) => process.stderr.write(`${message}\n`);

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly stallMs = 10_000,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer) => this.onData(chunk);
    this.input.on('data', onData);
    this.input.on('error', (e: Error) => this.fireError(e));
    this.input.on('close', () => this.fireClose());
    return Disposable.create(() => {
      this.input.off('data', onData);
      this.clearStall();
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    this.clearStall();
    this.drain();
  }

  private drain(): void {
    for (;;) {
      const end = this.buffer.indexOf(headerEnd);
      if (end === -1) {
        if (this.buffer.length > maxHeaderBytes) this.drop('headers without an end');
        else return;
        continue;
      }
      const length = contentLength(this.buffer.toString('ascii', 0, end));
      if (length === undefined) {
        this.drop('headers without a valid Content-Length');
        continue;
      }
      const bodyStart = end + headerEnd.length;
      if (this.buffer.length < bodyStart + length) {
        this.stall = setTimeout(() => {
          this.stall = undefined;
          this.drop(`a frame whose Content-Length (${length} bytes) never arrived in ${this.stallMs / 1000} s`);
          this.drain();
        }, this.stallMs);
        // A frame waited for never keeps an ending process alive.
        this.stall.unref();
        return;
      }
      const body = this.buffer.toString('utf8', bodyStart, bodyStart + length);
      let message: Message;
      try {
        message = JSON.parse(body) as Message;
      } catch {
        this.drop(`a frame whose ${length}-byte body is not JSON`);
        continue;
      }
      this.buffer = this.buffer.subarray(bodyStart + length);
      this.callback?.(message);
    }
  }

  /** Drops the frame at the buffer's start: up to the next `Content-Length:` after it, or all but a header's start. */
  private drop(what: string): void {
    this.clearStall();
    const next = this.buffer.indexOf(lengthHeader, 1);
    // At least one byte, so reading always moves on; without a next header, all but what may be the start of one.
    const dropped = next === -1 ? Math.min(this.buffer.length, Math.max(1, this.buffer.length - lengthHeader.length)) : next;
    this.log(`Dropped ${what} (${dropped} bytes), reading on at the next message.`);
    this.buffer = this.buffer.subarray(dropped);
  }

  private clearStall(): void {
    if (this.stall !== undefined) clearTimeout(this.stall);
    this.stall = undefined;
  }
}

function contentLength(headers: string): number | undefined {
  for (const line of headers.split('\r\n')) {
    const m = /^content-length:\s*(\d{1,12})\s*$/i.exec(line);
    if (m) return Number(m[1]);
  }
  return undefined;
}
