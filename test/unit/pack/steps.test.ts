// A large pack's passes run in steps the server can slice (diagnostics.ts):
// the structure count, the decoder, the line index, the digest, the
// placeholders and the check each yield after a bounded piece of work, so
// none holds the event loop for the whole file; run to the end at once they
// give what the one-piece functions give.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkDecodedInSteps, checkPack } from '../../../src-shared/pack/check';
import { decodeAll, decodeAllInSteps } from '../../../src-shared/pack/decode';
import { digest, digestInSteps } from '../../../src-shared/pack/digest';
import { structureRefusal, structureRefusalInSteps } from '../../../src-shared/fileLimits';
import { defaultSettings } from '../../../src-shared/settings';
import { finish, type Steps, unitsPerStep } from '../../../src-shared/steps';
import { LineIndex } from '../../../src-shared/text/lineIndex';
import { utf8Length, utf8LengthInSteps } from '../../../src-shared/text/utf8';
import { buildPackModel, buildPackModelInSteps } from '../../../server/src/pack/model';

const lines = 100_000;
const sectionEvery = 500;
const body = Array.from({ length: lines }, (_, i) => (i % sectionEvery === 0 ? `%% section s_${i}` : `body line ${i} with {bad_${i % 7}} and über 😀`));
const text = ['%% loom-prompt-pack 1', '%% version 1', ...body, ''].join('\n');

/** How many times `steps` yields on the way to its value, and the value. */
function run<R>(steps: Steps<R>): { yields: number; value: R } {
  let yields = 0;
  for (;;) {
    const r = steps.next();
    if (r.done) return { yields, value: r.value };
    yields++;
  }
}

test('each pass over a large pack yields after a bounded piece of it, and ends with what the one-piece pass gives', () => {
  const byLines = Math.floor(lines / unitsPerStep) - 1;
  const structure = run(structureRefusalInSteps(text, 'pack'));
  assert.ok(structure.yields >= byLines, `structure count: ${structure.yields} yields`);
  assert.deepEqual(structure.value, structureRefusal(text, 'pack'));
  const decoded = run(decodeAllInSteps(text));
  assert.ok(decoded.yields >= byLines, `decode: ${decoded.yields} yields`);
  assert.deepEqual(decoded.value, decodeAll(text));
  const index = run(LineIndex.inSteps(text));
  assert.ok(index.yields >= Math.floor(lines / (unitsPerStep * 16)), `line index: ${index.yields} yields`);
  assert.equal(index.value.lineCount, new LineIndex(text).lineCount);
  const hashed = run(digestInSteps(text));
  assert.ok(hashed.yields >= Math.floor(text.length / (64 * 1024)) - 1, `digest: ${hashed.yields} yields`);
  assert.equal(hashed.value.digest, digest(text));
  const bytes = run(utf8LengthInSteps(text));
  assert.ok(bytes.yields >= Math.floor(text.length / (1024 * 1024)) - 1, `UTF-8 length: ${bytes.yields} yields`);
  assert.equal(bytes.value, utf8Length(text));
  const sections = lines / sectionEvery;
  const checked = run(checkDecodedInSteps(decoded.value, defaultSettings.pack));
  assert.ok(checked.yields >= sections, `check: ${checked.yields} yields for ${sections} sections`);
  assert.deepEqual(checked.value, checkPack(text, defaultSettings.pack));
  const model = run(buildPackModelInSteps(text));
  assert.ok(model.yields >= byLines + sections, `model: ${model.yields} yields`);
  assert.deepEqual(model.value, buildPackModel(text));
});

test('a step never cuts a surrogate pair: a pair across every step boundary counts and hashes as a whole', () => {
  // 😀 is a pair; at odd offsets one straddles each 64 K and 1 M boundary.
  const pairs = `a${'😀'.repeat(600_000)}`;
  assert.equal(finish(utf8LengthInSteps(pairs)), utf8Length(pairs));
  assert.equal(finish(utf8LengthInSteps(pairs)), 1 + 4 * 600_000);
  assert.equal(finish(digestInSteps(pairs)).bytes, 1 + 4 * 600_000);
  assert.equal(finish(digestInSteps(pairs)).codePoints, 1 + 600_000);
});
