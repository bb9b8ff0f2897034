// The server's reader of `Content-Length` frames on stdio, which never goes
// deaf. vscode-jsonrpc's reader waits for a short frame's missing bytes for
// ever, and after a frame that is cut or over-long it reads the next
// message's body as headers and stops there: one frame a byte short left the
// server alive and answering nothing. Here a frame whose body does not
// parse, headers without a usable length, or a body still incomplete after
// `stallMs` without a new byte, is dropped with a logged error, and reading
// starts again at the next `Content-Length:` after the bad frame's start,
// which is where the following message is when the bad one was too long.
// A large frame arrives in many chunks (64 KB each from a pipe): once its
// headers are read, each chunk is copied into the frame's own buffer as it
// comes, of its Content-Length from the start (memory is only touched as
// it fills) or, past `maxUpFront`, grown by doubling, so a length that lies
// costs only what arrives. Joining each chunk onto all that came before
// copied a 30 MB didOpen about 470 times, 4 s that held every message
// behind it; and a join of the whole frame at its end would be one more
// 30 MB copy in the tick that parses it (issue 31).

import { AbstractMessageReader, type DataCallback, Disposable, type Message, type MessageReader } from 'vscode-languageserver';

const headerEnd = Buffer.from('\r\n\r\n', 'ascii');
const lengthHeader = Buffer.from('Content-Length:', 'ascii');
/** A frame up to this size gets its whole buffer at once; a larger one's grows as it arrives (its length may lie). */
const maxUpFront = 256 * 1024 * 1024;
/** Headers longer than this are no LSP headers (they are a few dozen bytes). */
const maxHeaderBytes = 8 * 1024;

export class ResyncingFrameReader extends AbstractMessageReader implements MessageReader {
  /** Bytes not yet in a frame whose headers are read: at most a header and one chunk. */
  private buffer: Buffer = Buffer.alloc(0);
  /** The frame whose body is arriving, if any. */
  private filling: Filling | undefined;
  private callback: DataCallback | undefined;
  private stall: ReturnType<typeof setTimeout> | undefined;
  /** Where dropped frames are reported (the server's log, once the connection exists). */
  log: (message: string) => void = (message) => process.stderr.write(`${message}\n`);

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly stallMs = 10_000,
    /** A frame up to this size gets its whole buffer at once (a test lowers it to reach the growing path). */
    private readonly upFront = maxUpFront,
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
    this.clearStall();
    const frame = this.filling;
    if (!frame) {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.drain();
      return;
    }
    const taken = frame.add(chunk);
    if (!frame.whole) {
      this.armStall(frame.bodyBytes);
      return;
    }
    this.filling = undefined;
    this.buffer = chunk.subarray(taken);
    if (!this.deliver(frame.bytes, frame.bodyStart, frame.bodyBytes)) {
      this.buffer = Buffer.concat([frame.bytes, this.buffer]);
      this.drop(`a frame whose ${frame.bodyBytes}-byte body is not JSON`);
    }
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
        // The body is still arriving: what is here starts the frame's own buffer.
        this.filling = new Filling(this.buffer, bodyStart, length, this.upFront);
        this.buffer = Buffer.alloc(0);
        this.armStall(length);
        return;
      }
      if (!this.deliver(this.buffer, bodyStart, length)) {
        this.drop(`a frame whose ${length}-byte body is not JSON`);
        continue;
      }
      // An empty rest holds no reference to the frame's bytes.
      this.buffer = this.buffer.length === bodyStart + length ? Buffer.alloc(0) : this.buffer.subarray(bodyStart + length);
    }
  }

  /** Parses the body at `bodyStart` and hands the message on; false when it is not JSON. */
  private deliver(bytes: Buffer, bodyStart: number, length: number): boolean {
    let message: Message;
    try {
      message = JSON.parse(bytes.toString('utf8', bodyStart, bodyStart + length)) as Message;
    } catch {
      return false;
    }
    this.callback?.(message);
    return true;
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

  /** A frame still incomplete `stallMs` after its last byte is dropped, and reading goes on in what arrived of it. */
  private armStall(length: number): void {
    this.stall = setTimeout(() => {
      this.stall = undefined;
      if (this.filling) this.buffer = this.filling.received();
      this.filling = undefined;
      this.drop(`a frame whose Content-Length (${length} bytes) never arrived in ${this.stallMs / 1000} s`);
      this.drain();
    }, this.stallMs);
    // A frame waited for never keeps an ending process alive.
    this.stall.unref();
  }

  private clearStall(): void {
    if (this.stall !== undefined) clearTimeout(this.stall);
    this.stall = undefined;
  }
}

/** A frame's bytes (headers and body) as they arrive, in a buffer grown by doubling up to the frame's size. */
class Filling {
  private buffer: Buffer;
  private filled: number;
  private readonly size: number;

  constructor(
    start: Buffer,
    readonly bodyStart: number,
    readonly bodyBytes: number,
    upFront: number,
  ) {
    this.size = bodyStart + bodyBytes;
    this.buffer = Buffer.allocUnsafe(this.size <= upFront ? this.size : Math.max(2 * start.length, 1 << 20));
    start.copy(this.buffer);
    this.filled = start.length;
  }

  get whole(): boolean {
    return this.filled === this.size;
  }

  /** The frame's bytes, once whole. */
  get bytes(): Buffer {
    return this.buffer;
  }

  /** Copies what of `chunk` belongs to the frame; returns how many bytes that was. */
  add(chunk: Buffer): number {
    const taken = Math.min(chunk.length, this.size - this.filled);
    if (this.filled + taken > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(this.size, Math.max(2 * this.buffer.length, this.filled + taken)));
      this.buffer.copy(grown, 0, 0, this.filled);
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.filled, 0, taken);
    this.filled += taken;
    return taken;
  }

  /** What arrived of the frame. */
  received(): Buffer {
    return this.buffer.subarray(0, this.filled);
  }
}

function contentLength(headers: string): number | undefined {
  for (const line of headers.split('\r\n')) {
    const m = /^content-length:\s*(\d{1,12})\s*$/i.exec(line);
    if (m) return Number(m[1]);
  }
  return undefined;
}
