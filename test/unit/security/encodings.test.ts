// Encodings and control characters are findings (issue 13). The walk that
// finds invalid UTF-8 agrees with the decoders that replace (Node's Buffer
// and the WHATWG TextDecoder) on every byte string: the same subparts, each
// on its own U+FFFD; its findings sit inside the text. A control character
// in a `.prompts` file is a TOML error exactly where Python's tomllib (what
// the capture tool reads files with) rejects it, in every place a character
// can stand; in a pack it is an error at its position.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fc from '../../support/fastCheck';
import { invalidUtf8Findings } from '../../../src-shared/encodingFindings';
import { checkPack } from '../../../src-shared/pack/check';
import { checkPrompts } from '../../../src-shared/prompts/rules/check';
import { describeInvalid, invalidUtf8 } from '../../../src-shared/text/invalidUtf8';
import { defaultSettings } from '../../../src-shared/settings';
import { Bounds } from '../fuzz/support/inside';
import { fuzzParameters } from '../fuzz/support/budget';
import { minimalValid } from '../../support/promptsFixtures';

/** Bytes that hit every branch: ASCII, lead bytes of each length, their bounds, continuations, cut-off ends. */
const utf8ish = fc.array(
  fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xbf }), fc.constantFrom(0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff), fc.integer({ min: 0, max: 0xff })),
  { maxLength: 64 },
);

test('invalid UTF-8: the same subparts as the replacing decoders, each on its U+FFFD, and none in valid text', () => {
  const fatal = new TextDecoder('utf-8', { fatal: true });
  fc.assert(
    fc.property(utf8ish, (list) => {
      const bytes = Uint8Array.from(list);
      const text = Buffer.from(bytes).toString('utf8');
      assert.equal(new TextDecoder().decode(bytes), text, 'the two decoders agree');
      const found = invalidUtf8(bytes);
      let valid = true;
      try {
        fatal.decode(bytes);
      } catch {
        valid = false;
      }
      assert.equal(found.length === 0, valid);
      for (const s of found) assert.equal(text[s.textOffset], '\ufffd');
      const replacements = [...text].filter((c) => c === '\ufffd').length;
      const encodedReplacements = Buffer.from(bytes).toString('latin1').split('\xef\xbf\xbd').length - 1;
      assert.equal(found.length, replacements - encodedReplacements, 'every U+FFFD not in the file is one subpart');
      const bounds = new Bounds(text);
      bounds.findings(invalidUtf8Findings(bytes, text, 'prompts'), 'invalidUtf8Findings');
    }),
    fuzzParameters(2000),
  );
});

test('what an invalid subpart is said to be', () => {
  const say = (...b: number[]) => invalidUtf8(Uint8Array.from(b)).map(describeInvalid);
  assert.deepEqual(say(0x61, 0xff), ['0xff never starts a UTF-8 character']);
  assert.deepEqual(say(0x80), ['0x80 continues a character that never started']);
  assert.deepEqual(say(0xe2, 0x82, 0x41), ['0xe2 0x82 starts a character that the next byte does not continue']);
  assert.deepEqual(say(0xed, 0xa0, 0x80), ['0xed starts a character that the next byte does not continue', '0xa0 continues a character that never started', '0x80 continues a character that never started'], 'a surrogate is no character');
  assert.deepEqual(say(0xf0, 0x9f, 0x98, 0x80, 0xc3, 0xa9), [], 'an emoji and an é');
});

/** The places a character can stand in a `.prompts` file, each a whole file around it. */
const places: Readonly<Record<string, (c: string) => string>> = {
  comment: (c) => `# a${c}b\n${minimalValid}`,
  basic: (c) => minimalValid.replace('"Hello"', `"He${c}llo"`),
  literal: (c) => minimalValid.replace('"Hello"', `'He${c}llo'`),
  multilineBasic: (c) => minimalValid.replace('"Hello"', `"""He${c}llo"""`),
  multilineLiteral: (c) => minimalValid.replace('"Hello"', `'''He${c}llo'''`),
  afterValue: (c) => minimalValid.replace('"Hello"', `"Hello"${c}`),
};

const python = spawnSync('python3', ['-c', 'import tomllib'], { encoding: 'utf8' });
const noTomllib = python.error || python.status !== 0 ? 'python3 with tomllib (3.11+) is not installed: the differential against the capture tool\'s reader is skipped' : false;

test("a control character is a TOML error exactly where Python's tomllib rejects it", { skip: noTomllib }, () => {
  const characters = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f, 0x80, 0x85, 0x9f, 0xa0, 0x2028, 0xfeff].map((c) => String.fromCharCode(c));
  const cases = Object.entries(places).flatMap(([place, make]) => characters.map((c) => ({ place, c, text: make(c) })));
  const script = `
import json, sys, tomllib
out = []
for text in json.load(sys.stdin):
    try:
        tomllib.loads(text); out.append(True)
    except tomllib.TOMLDecodeError:
        out.append(False)
print(json.dumps(out))
`;
  const r = spawnSync('python3', ['-c', script], { input: JSON.stringify(cases.map((k) => k.text)), encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const accepted = JSON.parse(r.stdout) as boolean[];
  const disagreements = cases.flatMap((k, i) => {
    const ours = !checkPrompts(k.text, defaultSettings.prompts).some((f) => f.code === 'prompts/toml-syntax');
    return ours === accepted[i] ? [] : [`${k.place} U+${k.c.charCodeAt(0).toString(16).padStart(4, '0')}: tomllib ${accepted[i] ? 'accepts' : 'rejects'}, we ${ours ? 'accept' : 'reject'}`];
  });
  assert.deepEqual(disagreements, []);
});

test('a control character in a pack is an error at its position, a run of them one error; tab and line ends are text', () => {
  const head = '%% loom-prompt-pack 1\n%% version v1\n%% section identity\n';
  const controls = (text: string) => checkPack(text, defaultSettings.pack).filter((f) => f.code === 'pack/control-character');
  const [one] = controls(`${head}a\x1b[2Jb\n`);
  assert.deepEqual(one?.range, { start: { line: 3, character: 1 }, end: { line: 3, character: 2 } });
  assert.equal(one?.severity, 'error');
  assert.match(one?.message ?? '', /^control character U\+001B \(ESC\): a prompt pack is text/);
  const [run] = controls(`${head}\0\0\0x\n`);
  assert.match(run?.message ?? '', /^3 control characters, the first U\+0000 \(NUL\)/);
  assert.equal(controls(`\ufeff${head}a\tb\r\n\x7f`).length, 1, 'DEL only');
  assert.equal(controls(`${head}%% x\0\n`).length, 1, 'on a corrupt line too');
});
