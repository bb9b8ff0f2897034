// FORMATS.md A.1: how a pack's lines decode, and where the model says each
// part of the source is (directive lines, names, bodies), for LF, CRLF and
// byte-order-marked input.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { decode, decodeAll } from '../../../src-shared/pack/decode';
import { contentOf, type Pack } from '../../../src-shared/pack/model';
import { range } from '../../../src-shared/text/range';

const head = '%% loom-prompt-pack 1\n%% version test-1\n';

function ok(text: string): Pack {
  const d = decode(text);
  assert.ok(d.ok, d.ok ? '' : `unexpected corruption: ${d.report.subject}: ${d.report.expected}`);
  return d.pack;
}

const sections = (text: string) => contentOf(ok(text)).sections;

test('decode reads the version and the sections in file order', () => {
  const p = ok(`${head}%% section conduct\nterse\n%% section identity\nhello`);
  assert.equal(p.version, 'test-1');
  assert.deepEqual(contentOf(p).sections, [
    { name: 'conduct', body: 'terse' },
    { name: 'identity', body: 'hello' },
  ]);
});

test('a body is kept verbatim: braces, quotes, backslashes, indentation after the first line', () => {
  const body = '{ "a": 1 }\nback\\slash\n  indented\n\t%% indented directive is text';
  assert.deepEqual(sections(`${head}%% section identity\n${body}`), [{ name: 'identity', body }]);
});

test('a body is trimmed at both ends, which removes the first line\'s indentation and surrounding blank lines', () => {
  assert.deepEqual(sections(`${head}%% section identity\n\n   \n   hello\n  world  \n\n\n%% section conduct\nx`), [
    { name: 'identity', body: 'hello\n  world' },
    { name: 'conduct', body: 'x' },
  ]);
});

test('trimming uses upstream\'s whitespace: NEL and the Unicode separators go, a no-break space stays', () => {
  assert.deepEqual(sections(`${head}%% section a\n\u2028\u0085\u000b hi \u2029\n%% section b\n\u00a0x\u00a0`), [
    { name: 'a', body: 'hi' },
    { name: 'b', body: '\u00a0x\u00a0' },
  ]);
});

test('comment directives are skipped, before and inside a body, in both spellings', () => {
  assert.deepEqual(sections(`${head}%% # a note\n%%# tight\n%% section identity\nhi\n%% # inside\nthere\n%%#again\n`), [
    { name: 'identity', body: 'hi\nthere' },
  ]);
});

test('blank lines outside sections are allowed, and a directive needs no space after %%', () => {
  assert.deepEqual(sections(`\n   \n${head}\n\t\n%%section identity\nhi`), [{ name: 'identity', body: 'hi' }]);
});

test('a pack with zero sections decodes', () => {
  assert.deepEqual(sections(head), []);
  assert.deepEqual(sections('%% loom-prompt-pack 1\n%% version v'), []);
});

test('the header number is read as upstream\'s int.parse reads it: a sign and leading zeros are allowed', () => {
  for (const n of ['1', '+1', '01', '+0001']) assert.ok(decode(`%% loom-prompt-pack ${n}\n%% version v`).ok, n);
  for (const n of ['-1', '1.0', '0x1', '１', '']) assert.ok(!decode(`%% loom-prompt-pack ${n}\n%% version v`).ok, n);
});

test('version ids and section names: 1-64 characters from their alphabets', () => {
  assert.ok(decode(`%% loom-prompt-pack 1\n%% version a.b-c_9\n%% section ${'a'.repeat(64)}\nx`).ok);
  assert.ok(decode(`%% loom-prompt-pack 1\n%% version ${'v'.repeat(64)}`).ok);
  assert.ok(!decode(`%% loom-prompt-pack 1\n%% version ${'v'.repeat(65)}`).ok);
  assert.ok(!decode(`${head}%% section ${'a'.repeat(65)}`).ok);
  assert.ok(!decode(`${head}%% section a.b`).ok);
});

test('fragments are the sections whose name starts with _', () => {
  const p = ok(`${head}%% section identity\nx\n%% section _network_open\ny`);
  assert.deepEqual(
    p.sections.map((s) => s.isFragment),
    [false, true],
  );
});

test('CRLF input decodes exactly like LF input', () => {
  const lf = `${head}%% section identity\n  hi\n\nthere\n%% # c\n%% section conduct\nterse\n`;
  assert.deepEqual(contentOf(ok(lf.replace(/\n/g, '\r\n'))), contentOf(ok(lf)));
  assert.deepEqual(sections(`${head}%% section a\r\nx\r\n`), [{ name: 'a', body: 'x' }]);
});

test('only one carriage return per line is a line ending; another is content', () => {
  assert.deepEqual(sections(`${head}%% section a\nx\r\r\ny`), [{ name: 'a', body: 'x\r\ny' }]);
});

test('a byte-order mark at the start is ignored', () => {
  const text = `${head}%% section identity\nhi`;
  assert.deepEqual(contentOf(ok(`\uFEFF${text}`)), contentOf(ok(text)));
  assert.ok(!decode(`x\n\uFEFF${text}`).ok, 'only at the very start');
});

test('the model keeps the header, version and section positions', () => {
  const text = [
    '%% loom-prompt-pack 1', // 0
    '%% # about', // 1
    '%% version  test-2 ', // 2
    '', // 3
    '%% section identity', // 4
    '', // 5
    '  You are an agent.', // 6
    '%% # aside', // 7
    'Be good.  ', // 8
    '', // 9
    '%% section   _frag', // 10
  ].join('\n');
  const p = ok(text);
  assert.equal(p.headerLine, 0);
  assert.equal(p.versionLine, 2);
  assert.deepEqual(p.versionRange, range(2, 12, 2, 18));
  const [identity, frag] = p.sections;
  assert.equal(identity!.directiveLine, 4);
  assert.deepEqual(identity!.directiveRange, range(4, 0, 4, 19));
  assert.deepEqual(identity!.nameRange, range(4, 11, 4, 19));
  assert.deepEqual(identity!.bodyRange, range(5, 0, 9, 0));
  assert.deepEqual(identity!.contentRange, range(6, 2, 8, 8));
  assert.deepEqual(identity!.skippedLines, [7]);
  assert.equal(identity!.body, 'You are an agent.\nBe good.');
  assert.deepEqual(frag!.nameRange, range(10, 13, 10, 18));
  assert.deepEqual(frag!.bodyRange, range(10, 18, 10, 18), 'no lines after the directive: empty at its end');
  assert.deepEqual(frag!.contentRange, frag!.bodyRange);
});

test('positions are right for CRLF input: a line ends before its "\\r"', () => {
  const p = ok('%% loom-prompt-pack 1\r\n%% version v\r\n%% section a\r\n x \r\ny\r\n');
  const [a] = p.sections;
  assert.deepEqual(a!.nameRange, range(2, 11, 2, 12));
  assert.deepEqual(a!.directiveRange, range(2, 0, 2, 12));
  assert.deepEqual(a!.contentRange, range(3, 1, 4, 1));
  assert.deepEqual(a!.bodyRange, range(3, 0, 5, 0));
  assert.deepEqual(p.versionRange, range(1, 11, 1, 12));
});

test('positions count a byte-order mark as the first character of line 0, as the text given holds it', () => {
  const p = decodeAll('\uFEFF%% loom-prompt-pack 2\n%% version v');
  assert.deepEqual(p.corruptions[0]!.range, range(0, 1, 0, 22));
  assert.equal(p.corruptions[0]!.context, '2');
});

test('a pack with corrupt lines still yields its well-formed sections, for the editor', () => {
  const r = decodeAll(`${head}%% section identity\nhi\n%% section Bad\nx\n%% section conduct\nterse`);
  assert.equal(r.corruptions.length, 1);
  assert.deepEqual(contentOf(r.pack).sections, [
    { name: 'identity', body: 'hi' },
    { name: 'conduct', body: 'terse' },
  ]);
});

test('decode is total on strange input', () => {
  for (const t of ['', '\n', '\r', '%', '%%', '%%%', '\uFEFF', '\uD800', '%% section \uD800', '{'.repeat(1000), '\u0000']) {
    decode(t);
    decodeAll(t);
  }
  assert.equal(decode(undefined as unknown as string).ok, false);
});
