// Exact counts: the render counted in slices (cut where no tokenizer piece
// crosses) equals the whole text counted at once by gpt-tokenizer and by
// js-tiktoken (an independent port of OpenAI's tiktoken), for both
// encodings, on every example pack in every preset and on text made to
// break a cut: emoji, CJK, long runs of spaces, `%%` lines, `/` and
// whitespace after line breaks, special-token spellings. The shared prefix
// in tokens equals the first index where the two whole encodings differ.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from '../../../support/fastCheck';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kRanks from 'js-tiktoken/ranks/o200k_base';
import cl100kRanks from 'js-tiktoken/ranks/cl100k_base';
import { decode } from '../../../../src-shared/pack/decode';
import { environmentPresets } from '../../../../src-shared/pack/presets';
import { render } from '../../../../src-shared/pack/render';
import { profileOf } from '../../../../src-shared/pack/profiles';
import { countTokens, isCut, runToEnd, sharedTokens, tallyTokens } from '../../../../src-shared/pack/tokens/count';
import type { EncodingName } from '../../../../src-shared/pack/tokens/tokenizers';
import { loadEncoder } from '../../../../src-node/tokens/loadEncoder';
import { examplesDir } from '../../../support/paths';

const reference: Record<EncodingName, Tiktoken> = { o200k_base: new Tiktoken(o200kRanks), cl100k_base: new Tiktoken(cl100kRanks) };
// js-tiktoken's merge is quadratic in a long run of one piece (the 5,000 spaces below take it 2 to 3 s of CPU):
// each text is counted by it once, however many checks compare with it.
const referenceCounts = new Map<string, number>();
function referenceCount(name: EncodingName, text: string): number {
  const key = `${name}\0${text}`;
  let n = referenceCounts.get(key);
  if (n === undefined) referenceCounts.set(key, (n = reference[name].encode(text, [], []).length));
  return n;
}
const encodings: EncodingName[] = ['o200k_base', 'cl100k_base'];

function examplePacks(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.pack')) out.push({ file: path.relative(examplesDir, p), text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(examplesDir);
  return out;
}

const adversarial: Record<string, string> = {
  emoji: 'Say hi 👋🏽 then 👨‍👩‍👧‍👦 and 🇫🇷\n😀😀😀\n👍\n',
  cjk: '你好，世界。\n日本語のテキスト\n한국어 문장\n漢字\n中文',
  spaces: `a${' '.repeat(300)}b\n${' '.repeat(5000)}\n  \n\t\tc\n \n${' '.repeat(64)}d`,
  directives: '%% section identity\n%% # comment\n %% indented\n%%%% odd\n%%\n%% loom-prompt-pack 1',
  slashes: 'path:\n/usr/bin\n//\n./x\n.\n/\n?\n/ /',
  breaks: 'a\r\nb\r\n\r\nc\n\n\n\nd\u2028e\u00a0\nf\u3000g\n\u00a0h\n\u2003i',
  special: 'never <|endoftext|> nor\n<|im_start|>system\n<|endofprompt|>',
  digits: '12345678\n9\n001\n3.14159\n1,024\n',
  contractions: "it's\n'll\nI'M\n'd don't\n's",
};

test('every example pack, rendered in every preset, counts as the reference libraries count it, whole and in slices', () => {
  const packs = examplePacks();
  assert.ok(packs.length >= 5, 'the examples are found');
  for (const name of encodings) {
    const encode = loadEncoder(name);
    for (const { file, text } of packs) {
      const texts = [text];
      const d = decode(text);
      if (d.ok) for (const preset of environmentPresets) texts.push(render(d.pack, preset.environment, profileOf('loom-9')!));
      for (const t of texts) {
        const expected = referenceCount(name, t);
        assert.equal(encode(t).length, expected, `${name} ${file}: gpt-tokenizer`);
        assert.equal(countTokens(t, encode), expected, `${name} ${file}: in slices`);
        assert.equal(runToEnd(tallyTokens(t, encode, [], 1)).total, expected, `${name} ${file}: cut at every cut`);
      }
    }
  }
});

test('text made to break a cut counts the same in slices as whole', () => {
  for (const name of encodings) {
    const encode = loadEncoder(name);
    for (const [label, text] of Object.entries(adversarial)) {
      const all = Object.values(adversarial).join('\n');
      for (const t of [text, all, `${text}\n${text}`]) {
        const expected = referenceCount(name, t);
        assert.equal(encode(t).length, expected, `${name} ${label}: gpt-tokenizer`);
        assert.equal(runToEnd(tallyTokens(t, encode, [], 1)).total, expected, `${name} ${label}: cut at every cut`);
      }
    }
  }
});

test('a cut is a line start before neither whitespace nor `/`', () => {
  assert.equal(isCut('a\nb', 2), true);
  assert.equal(isCut('a\n b', 2), false);
  assert.equal(isCut('a\n/b', 2), false);
  assert.equal(isCut('a\n\nb', 2), false);
  assert.equal(isCut('a\n\u3000b', 2), false);
  assert.equal(isCut('ab', 1), false);
  assert.equal(isCut('a\nb', 0), false);
});

const pieces = ['a', 'B', ' ', '  ', '\n', '\r\n', '\t', '/', '.', "'s", '%%', '😀', '你好', '\u00a0', '1', '234', '<|endoftext|>', 'word', ' the', '\n\n'];
const textOf = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((xs) => xs.join(''));

test('random text of the awkward pieces counts the same in slices as whole (both encodings)', () => {
  for (const name of encodings) {
    const encode = loadEncoder(name);
    fc.assert(fc.property(textOf, (t) => runToEnd(tallyTokens(t, encode, [], 1)).total === encode(t).length), { numRuns: 300 });
  }
});

function firstDifferentToken(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

test('the shared prefix in tokens is where the two whole encodings first differ', () => {
  const encode = loadEncoder('o200k_base');
  fc.assert(
    fc.property(textOf, textOf, textOf, (start, a, b) => {
      const head = `${start}${a}`;
      const current = `${start}${b}`;
      const tally = runToEnd(tallyTokens(current, encode, [], 1));
      return sharedTokens(head, current, tally, encode) === firstDifferentToken(encode(head), encode(current));
    }),
    { numRuns: 300 },
  );
});

test('tokens per section add up to the whole when each section starts at a cut', () => {
  const encode = loadEncoder('o200k_base');
  const text = 'Identity line one.\nMore of it.\n\nConduct: be kind 😀.\n\nTools\n  indented\n';
  const sections = [
    { start: 0, section: 'identity' },
    { start: text.indexOf('Conduct'), section: 'conduct' },
    { start: text.indexOf('Tools'), section: 'tools' },
  ];
  const t = runToEnd(tallyTokens(text, encode, sections));
  assert.equal(t.total, encode(text).length);
  assert.deepEqual(
    t.sections.map((s) => s.section),
    ['identity', 'conduct', 'tools'],
  );
  assert.equal(
    t.sections.reduce((n, s) => n + s.tokens, 0),
    t.total,
  );
  assert.equal(t.sections[1]!.tokens, encode(text.slice(sections[1]!.start, sections[2]!.start)).length);
});
