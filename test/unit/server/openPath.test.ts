// The server's path from a large didOpen to its first answers (issue 31):
// a frame that arrives in many chunks is put together in time linear in
// its size; the file limits measure a document by offsets, never counting
// its lines; and the line table every position needs is built in slices
// of bounded size, ahead of the first request.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Message } from 'vscode-languageserver';
import { ChunkedTextDocument } from '../../../server/src/chunkedTextDocument';
import { FileLimits } from '../../../server/src/fileLimits';
import { ResyncingFrameReader } from '../../../server/src/frameReader';
import { finish } from '../../../src-shared/steps';
import { controlRunsInSteps } from '../../../src-shared/text/controlCharacters';
import { defaultSettings } from '../../../src-shared/settings';
import { growth } from '../../support/growth';
import { withMethodWrapped } from '../../support/methodSpy';

/** What a pipe delivers at a time. */
const pipeChunk = 64 * 1024;
/** Smaller pieces for the growth check: the joins it rules out then cost more at a size a run can afford. */
const testChunk = 16 * 1024;
const framesPerRun = 8;

function frameOf(bytes: number): Buffer {
  const body = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { text: 'x'.repeat(bytes) } });
  return Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

for (const [upFront, kind] of [[undefined, 'its buffer allocated at once'], [0, 'its buffer grown as it arrives, as past 256 MB']] as const) test(`frames that arrive in 16 KB chunks are put together in time linear in their size (each chunk was once joined onto all before it), ${kind}`, () => {
  const g = growth(frameOf, (frame) => {
    const input = new EventEmitter();
    const reader = new ResyncingFrameReader(input as unknown as NodeJS.ReadableStream, undefined, upFront);
    let received = 0;
    reader.listen(() => received++);
    // Several frames a run, so the linear reader's run is long enough to time at a size a string can hold.
    for (let k = 0; k < framesPerRun; k++) for (let at = 0; at < frame.length; at += testChunk) input.emit('data', frame.subarray(at, at + testChunk));
    assert.equal(received, framesPerRun);
  }, { start: 1 << 18, maxN: 1 << 23, minRunMs: 100 });
  assert.ok(g.timedEnough && g.ratio < 8, `${g.timings.map((t) => `${t.ms.toFixed(0)} ms at n=${t.n}`).join(', ')} (ratio ${g.ratio.toFixed(1)})`);
});

test('a frame split anywhere, with the next message in its last chunk, is read whole and so is the next', () => {
  const first = frameOf(300_000);
  const second = frameOf(10);
  const bytes = Buffer.concat([first, second]);
  for (const cut of [1, 7, 4096, pipeChunk, first.length - 1]) {
    const input = new EventEmitter();
    const reader = new ResyncingFrameReader(input as unknown as NodeJS.ReadableStream);
    const received: Message[] = [];
    reader.listen((m) => received.push(m));
    for (let at = 0; at < bytes.length; at += cut) input.emit('data', bytes.subarray(at, at + cut));
    const bodyOf = (frame: Buffer): unknown => JSON.parse(frame.toString().split('\r\n\r\n')[1]!);
    assert.deepEqual(received, [bodyOf(first), bodyOf(second)], `cut every ${cut} bytes`);
  }
});

/** About `bytes` of short lines. */
function linesOf(bytes: number): string {
  return Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => `line ${i} of a large document, some text`).join('\n');
}

test('the file limits measure a large document by offsets: no line of it is counted', () => {
  for (const languageId of ['loom-pack', 'spec-prompts']) {
    const doc = new ChunkedTextDocument('file:///w/large', languageId, 1, linesOf(4_000_000));
    assert.equal(finish(new FileLimits().refusalInSteps(doc, defaultSettings)), undefined);
    assert.equal(doc.countedCharacters, 0, languageId);
  }
});

test('the line table is built in slices of about 1 MB, and then a position costs no counting', () => {
  const text = linesOf(8_000_000);
  const doc = new ChunkedTextDocument('file:///w/large.prompts', 'spec-prompts', 1, text);
  const steps = doc.indexLinesInSteps();
  let before = 0;
  let slices = 0;
  let widest = 0;
  for (let r = steps.next(); ; r = steps.next()) {
    widest = Math.max(widest, doc.countedCharacters - before);
    before = doc.countedCharacters;
    if (r.done) break;
    slices++;
  }
  assert.ok(slices >= 4, `${slices} slices`);
  assert.ok(widest <= 1.1 * (1 << 20), `at most about 1 MB counted between two yields (${widest})`);
  assert.equal(doc.countedCharacters, text.length);
  const middle = text.indexOf('\n', text.length / 2) + 1;
  assert.deepEqual(doc.positionAt(middle), { line: text.slice(0, middle).split('\n').length - 1, character: 0 });
  assert.equal(doc.offsetAt({ line: doc.lineCount - 1, character: 0 }), text.lastIndexOf('\n') + 1);
  assert.equal(doc.countedCharacters, text.length, 'nothing counted again');
});

test('the line table grows no array of its own per chunk: its breaks are collected in one array and copied out at their size', () => {
  // 4 MB in 16 KB chunks, 400 lines each: an array grown by doubling from 16 slots was copied five times a chunk.
  const text = linesOf(4_000_000);
  const doc = new ChunkedTextDocument('file:///w/large.prompts', 'spec-prompts', 1, text);
  let copies = 0;
  withMethodWrapped(Object.getPrototypeOf(Int32Array.prototype) as object, 'set', (set, receiver, args) => (copies++, set.apply(receiver, args)), () => finish(doc.indexLinesInSteps()));
  const chunks = Math.ceil(text.length / (1 << 14));
  assert.ok(copies <= 8, `${copies} array copies for ${chunks} chunks`);
  assert.equal(doc.lineCount, text.split('\n').length);
  assert.deepEqual(doc.positionAt(text.length - 1), { line: doc.lineCount - 1, character: text.length - 1 - (text.lastIndexOf('\n') + 1) });
});

test('a pack\'s control characters are searched a megabyte a step, and a run a step\'s end cuts is one run', () => {
  const step = 1 << 20;
  // Runs at the start, across the first and second step boundaries, at the end.
  const text = `\x01\x02${'a'.repeat(step - 4)}\x03\x04\x05\x06${'b'.repeat(step - 3)}\x07\x08${'c'.repeat(10)}\x7f`;
  let steps = 0;
  const it = controlRunsInSteps(text);
  let r = it.next();
  for (; !r.done; r = it.next()) steps++;
  assert.equal(steps, 2, 'three megabyte pieces, two yields between them');
  const expected: { start: number; end: number }[] = [];
  // eslint-disable-next-line no-control-regex -- the forbidden set, searched in one piece as the reference
  for (const m of text.matchAll(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]+/g)) expected.push({ start: m.index, end: m.index + m[0].length });
  assert.deepEqual(r.value, expected);
  assert.equal(expected.length, 4);
});
