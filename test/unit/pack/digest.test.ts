// FORMATS.md A.7: FNV-1a 64 over the exact UTF-8 bytes of the source, as
// 16 lowercase hex digits; checked against published vectors and a BigInt
// reference over Node's own UTF-8 encoding.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { digest, digestBytes, digestWithSize } from '../../../src-shared/pack/digest';
import { estimateTokens, tokensOfCodePoints } from '../../../src-shared/pack/summary';
import { utf8Length } from '../../../src-shared/text/utf8';
import { refFnv } from './support/reference';

test('the empty source is the offset basis', () => {
  assert.equal(digest(''), 'cbf29ce484222325');
});

test('published FNV-1a 64 vectors', () => {
  assert.equal(digest('a'), 'af63dc4c8601ec8c');
  assert.equal(digest('foobar'), '85944171f73967e8');
});

test('agrees with a BigInt reference over Buffer bytes, for ASCII, multi-byte and astral text', () => {
  for (const text of ['%% loom-prompt-pack 1\n', 'café ✓ 日本語', '😀👩‍👩‍👧', 'x'.repeat(5000), '\u0000\u007f\u0080\u07ff\u0800\uffff']) {
    assert.equal(digest(text), refFnv(Buffer.from(text, 'utf8')), JSON.stringify(text.slice(0, 20)));
  }
});

test('lone surrogates are encoded as U+FFFD, as TextEncoder does', () => {
  for (const text of ['\ud800', 'a\udc00b', '\udbff\ud800', 'x\ud83d']) {
    assert.equal(digest(text), refFnv(new TextEncoder().encode(text)));
    assert.equal(digest(text), digest(text.replace(/[\ud800-\udfff]/g, '\ufffd')));
  }
});

test('the digest is over the raw source: CRLF and a byte-order mark change it', () => {
  const lf = '%% loom-prompt-pack 1\n%% version v\n';
  assert.notEqual(digest(lf.replace(/\n/g, '\r\n')), digest(lf));
  assert.notEqual(digest(`\uFEFF${lf}`), digest(lf));
  assert.equal(digest(`\uFEFF${lf}`), refFnv(Buffer.from(`\uFEFF${lf}`, 'utf8')));
});

test('digestBytes hashes raw bytes, invalid UTF-8 included', () => {
  const bytes = new Uint8Array([0xff, 0xfe, 0x41, 0xc3]);
  assert.equal(digestBytes(bytes), refFnv(bytes));
  assert.equal(digestBytes(Buffer.from('café', 'utf8')), digest('café'));
});

test('utf8Length counts bytes as TextEncoder would', () => {
  for (const text of ['', 'abc', 'é', '日本', '😀', '\ud800', 'a\udc00']) {
    assert.equal(utf8Length(text), new TextEncoder().encode(text).length, JSON.stringify(text));
  }
});

test('the digest with sizes walks once and says what digest, utf8Length and estimateTokens say', () => {
  const piece = fc.constantFrom('a', 'é', '✓', '日本', '😀', '\ud800', '\udc00', '\n', ' ', 'x'.repeat(70));
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 60 }).map((p) => p.join('')), (text) => {
      const figures = digestWithSize(text);
      assert.equal(figures.digest, refFnv(new TextEncoder().encode(text)));
      assert.equal(figures.bytes, utf8Length(text));
      assert.equal(tokensOfCodePoints(figures.codePoints), estimateTokens(text));
      assert.equal(figures.codePoints, [...text].length);
    }),
    { numRuns: 2000 },
  );
});
