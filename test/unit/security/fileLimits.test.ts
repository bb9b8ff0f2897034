// The files the checkers do not read, with limits small enough to reach:
// over the size limit (ASCII, and UTF-8 that only its bytes put over), bytes
// that were never text (a stray NUL is no such thing), a structure past
// anything real, counted as the checkers see it (never header-looking lines
// in strings or braces in bodies); the one finding each gets (a warning, an
// error for binary); the cap on published problems; the setting as the
// manifest contributes it and settings resolve it (a workspace cannot raise
// it in restricted mode); the server's counting kept per document until its
// length moves; and the command line giving the same finding as an error,
// reading only regular files (a FIFO or a link to /dev/zero named `.pack`
// never hangs it).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { binaryProbeLength, capFindings, maxFileSizeSetting, promptsTablesAtMost, refusalFinding, refusalOf, structureLimits, textFacts } from '../../../src-shared/fileLimits';
import * as scanner from '../../../src-shared/prompts/toml/scanner';
import { parsePrompts, parsePromptsWithinInSteps, type PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { finish } from '../../../src-shared/steps';
import { generatePrompts } from '../../support/promptsGenerator';
import type { Finding } from '../../../src-shared/finding';
import { defaultSettings, resolveSettings } from '../../../src-shared/settings';
import { FileLimits } from '../../../server/src/fileLimits';
import { distDir } from '../../support/paths';
import { minimalValid } from '../../support/promptsFixtures';
import { readManifest } from '../../support/manifest';
import { withMethodWrapped } from '../../support/methodSpy';

const mb = 1024 * 1024;
/** A limit of exactly `bytes` bytes, in the setting's megabytes. */
const limitOf = (bytes: number) => bytes / mb;

test('over the size limit: by length for ASCII, by UTF-8 bytes when the characters are wider', () => {
  assert.equal(refusalOf(textFacts('a'.repeat(1000)), 'prompts', limitOf(1000)), undefined);
  assert.deepEqual(refusalOf(textFacts('a'.repeat(1001)), 'prompts', limitOf(1000)), { kind: 'tooLarge', limitMB: limitOf(1000) });
  // 400 characters of two bytes each: 800 bytes, under; 501: 1002 bytes, over, though only 501 characters long.
  assert.equal(refusalOf(textFacts('é'.repeat(400)), 'prompts', limitOf(1000)), undefined);
  assert.equal(refusalOf(textFacts('é'.repeat(501)), 'pack', limitOf(1000))?.kind, 'tooLarge');
  assert.equal(refusalOf(textFacts('😀'.repeat(250)), 'pack', limitOf(1000)), undefined, '250 emoji are 1000 bytes');
  assert.equal(refusalOf(textFacts('😀'.repeat(251)), 'pack', limitOf(1000))?.kind, 'tooLarge');
});

test('binary: a NUL in the first 8 KB among many control or undecodable characters; a stray NUL, or one after 8 KB, is text', () => {
  const junk = '\0\x01\x02\ufffd\x1b'.repeat(200);
  assert.deepEqual(refusalOf(textFacts(`${'a'.repeat(binaryProbeLength - junk.length)}${junk}`), 'pack', 50), { kind: 'binary' });
  assert.equal(refusalOf(textFacts(`${'a'.repeat(binaryProbeLength)}${junk}`), 'pack', 50), undefined);
  assert.equal(refusalOf(textFacts(`# a\0b\n${'a'.repeat(2000)}`), 'prompts', 50), undefined, 'one NUL: checked, and reported where it is');
  assert.equal(refusalOf(textFacts('\0'.repeat(9) + 'a'.repeat(100)), 'pack', 50), undefined, 'fewer than one in ten');
  assert.equal(refusalOf(textFacts('\0'.repeat(12) + 'a'.repeat(100)), 'pack', 50)?.kind, 'binary');
  assert.deepEqual(refusalOf(textFacts(`${junk}${'a'.repeat(2000)}`), 'prompts', limitOf(1000)), { kind: 'binary' }, 'binary is said before too large');
});

test('too complex: real top-level tables of a .prompts file, real directives and placeholders of a pack, past their limits', () => {
  const sessions = (n: number) => '[[sessions]]\n'.repeat(n);
  const limit = structureLimits.prompts.limit;
  assert.equal(refusalOf(textFacts(sessions(limit)), 'prompts', 50), undefined);
  assert.deepEqual(refusalOf(textFacts(sessions(limit + 1)), 'prompts', 50), { kind: 'tooComplex', count: limit + 1, limit, what: 'top-level tables' });
  assert.equal(refusalOf(textFacts(sessions(20)), 'prompts', 50, 19)?.kind, 'tooComplex', 'a limit of its own');
  // Turns and tool calls are headers of the session's block, not blocks of their own.
  assert.equal(refusalOf(textFacts(`[[sessions]]\n${'  [[sessions.turns]]\n'.repeat(limit + 5)}`), 'prompts', 50), undefined);
  // Dotted headers that change root key each open a block.
  assert.equal(refusalOf(textFacts('[a.x]\n[b.x]\n'.repeat(limit / 2 + 1)), 'prompts', 50)?.kind, 'tooComplex');
  // Header-looking lines inside a multi-line string are text.
  assert.equal(refusalOf(textFacts(`[[sessions]]\ntext = """\n${'[x]\n'.repeat(limit + 1)}"""\n`), 'prompts', 50), undefined);
  const pieces = structureLimits.pack.limit;
  assert.equal(refusalOf(textFacts('%% x\n'.repeat(pieces)), 'pack', 50), undefined);
  assert.equal(refusalOf(textFacts('%% x\n'.repeat(pieces + 1)), 'pack', 50)?.kind, 'tooComplex');
  assert.equal(refusalOf(textFacts(`${'{a}'.repeat(pieces + 1)}`), 'pack', 50)?.kind, 'tooComplex');
  assert.equal(refusalOf(textFacts(`%% x\n${'{a}'.repeat(pieces)}`), 'pack', 50)?.kind, 'tooComplex', 'directives and placeholders add up');
  // Body lines, braces that open no placeholder and placeholders inside a directive line are no pieces.
  assert.equal(refusalOf(textFacts('\n'.repeat(pieces + 1)), 'pack', 50), undefined);
  assert.equal(refusalOf(textFacts(`${'{'.repeat(pieces + 1)}{A}{}`), 'pack', 50), undefined);
  assert.equal(refusalOf(textFacts(`%% ${'{a}'.repeat(pieces + 1)}`), 'pack', 50), undefined);
});

test("the command line's parse counts the top-level tables as the refusal does, so it needs no count of its own", () => {
  const limit = 20;
  const texts = [
    '[[sessions]]\n'.repeat(limit),
    '[[sessions]]\n'.repeat(limit + 1),
    `x = 1\n${'[[sessions]]\n'.repeat(limit + 3)}`,
    `[[sessions]]\n${'  [[sessions.turns]]\n'.repeat(limit + 5)}`,
    '[a.x]\n[b.x]\n'.repeat(limit / 2 + 1),
    `[[sessions]]\ntext = """\n${'[x]\n'.repeat(limit + 1)}"""\n`,
    `[[sessions]]\nx = [\n${'[y]\n'.repeat(limit + 1)}`,
  ];
  for (const text of texts) {
    const refusal = refusalOf(textFacts(text), 'prompts', 50, limit);
    const parsed = finish(parsePromptsWithinInSteps(text, limit));
    if (refusal) assert.deepEqual(parsed, { tables: refusal.kind === 'tooComplex' ? refusal.count : NaN }, text.slice(0, 40));
    else assert.deepEqual(blockTexts(parsed), blockTexts(parsePrompts(text)), text.slice(0, 40));
  }
});

function blockTexts(doc: PromptsDocument | scanner.TooManyTables): string[] | scanner.TooManyTables {
  return 'tables' in doc ? doc : doc.blocks.map((b) => b.text);
}

test('a pack is counted in one pass: a braceless line is never searched past its end for the next brace', () => {
  // Ten thousand lines without a brace, then braces and directives: the old count searched from each line to the one brace at the end.
  const prose = 'a line of body text without any brace in it\n'.repeat(10_000);
  const text = `%% loom-prompt-pack 1\n${prose}%% {a} in a directive\n${prose}{b} {c\n}{d}\n${prose}{e}`;
  let refusal: ReturnType<typeof refusalOf>;
  const searched = charactersSearched(() => (refusal = refusalOf(textFacts(text), 'pack', 50, 4)));
  assert.ok(searched <= 2 * text.length, `${searched} characters searched in a text of ${text.length}: one search for line breaks and one for braces, each once`);
  // Two directives and {b} {d} {e}: five pieces, past a limit of four; exactly at a limit of five.
  assert.deepEqual(refusal, { kind: 'tooComplex', count: 5, limit: 4, what: structureLimits.pack.what });
  assert.equal(refusalOf(textFacts(text), 'pack', 50, 5), undefined);
});

/** The characters `String.prototype.indexOf` looks at while `work` runs: each search from where it starts to where it stops. */
function charactersSearched(work: () => void): number {
  let searched = 0;
  withMethodWrapped(
    String.prototype,
    'indexOf',
    (indexOf, receiver, args) => {
      const text = receiver as string;
      const [search, position] = args as [string, number | undefined];
      const at = indexOf.call(text, search, position) as number;
      searched += (at === -1 ? text.length : at + search.length) - Math.min(Math.max(position ?? 0, 0), text.length);
      return at;
    },
    work,
  );
  return searched;
}

test('every piece takes at least 3 bytes, so no file under 300 KB is too complex', () => {
  // The densest structures each format has: `[a]` tables on lines of their own, `{a}` and `%%` lines back to back.
  const densest = { prompts: '[a]\n', pack: '{a}' } as const;
  for (const format of ['prompts', 'pack'] as const) {
    const { limit } = structureLimits[format];
    const unit = densest[format];
    const text = unit.repeat(limit);
    assert.equal(refusalOf(textFacts(text), format, 50), undefined, format);
    assert.ok(text.length >= 300_000, `${format}: ${text.length} characters at the limit`);
  }
  assert.ok('%%\n'.length * structureLimits.pack.limit >= 300_000);
});

test('each refusal is one finding on line 0 with its own code: a warning the user sees, naming how to check the file; binary an error', () => {
  const tooLarge = refusalFinding({ kind: 'tooLarge', limitMB: 50 }, 'prompts');
  assert.deepEqual(tooLarge.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  assert.equal(tooLarge.severity, 'warning');
  assert.equal(tooLarge.code, 'prompts/file-too-large');
  assert.match(tooLarge.message, /larger than 50 MB, so it is not checked.*`packsAndPrompts\.maxFileSizeMB`/);
  assert.equal(maxFileSizeSetting, 'packsAndPrompts.maxFileSizeMB');
  const binary = refusalFinding({ kind: 'binary' }, 'pack');
  assert.equal(binary.code, 'pack/binary-file');
  assert.equal(binary.severity, 'error');
  assert.match(binary.message, /not text .* not checked as a prompt pack/);
  const complex = refusalFinding({ kind: 'tooComplex', count: 9, limit: 8, what: 'directives and placeholders' }, 'pack');
  assert.equal(complex.severity, 'warning');
  assert.match(complex.message, /more than 8 directives and placeholders.*--max-pack-pieces N/);
});

test('more problems than are published: the first ones, then one note with the count of the rest', () => {
  const finding = (line: number): Finding => ({ range: { start: { line, character: 0 }, end: { line, character: 3 } }, severity: 'error', code: 'pack/unknown-keyword', message: 'm' });
  const many = Array.from({ length: 12 }, (_, i) => finding(i));
  assert.equal(capFindings(many, 'pack', 12), many);
  const capped = capFindings(many, 'pack', 10);
  assert.equal(capped.length, 10);
  assert.deepEqual(capped.slice(0, 9), many.slice(0, 9));
  assert.equal(capped[9]!.code, 'pack/more-problems');
  assert.match(capped[9]!.message, /^3 more problems in this file are not shown \(at most 10 are\)/);
  assert.deepEqual(capped[9]!.range, { start: { line: 8, character: 3 }, end: { line: 8, character: 3 } });
});

test('the setting: contributed with the default the code uses, resolved from what the client sends, and restricted in untrusted workspaces', () => {
  const manifest = readManifest();
  const setting = manifest.contributes.configuration.properties[maxFileSizeSetting];
  assert.equal(setting.default, defaultSettings.maxFileSizeMB);
  assert.equal(setting.type, 'number');
  assert.ok(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(maxFileSizeSetting));
  assert.equal(resolveSettings({ maxFileSizeMB: 200 }).maxFileSizeMB, 200);
  for (const bad of [0, -1, 'big', null, Number.NaN]) assert.equal(resolveSettings({ maxFileSizeMB: bad }).maxFileSizeMB, 50, String(bad));
});

test("the server counts a document's whole text once, again only after its length moved by more than 256 KB, and forgets it on close", () => {
  let joins = 0;
  const make = (text: string, version: number) => {
    const doc = TextDocument.create('file:///big.prompts', 'spec-prompts', version, text);
    return new Proxy(doc, {
      get: (target, name) => (name === 'getText' ? (range?: unknown) => (range === undefined && joins++, target.getText(range as never)) : Reflect.get(target, name)),
    });
  };
  const limits = new FileLimits();
  const base = minimalValid.repeat(100);
  assert.equal(limits.refusal(make(base, 1), defaultSettings), undefined);
  assert.equal(limits.refusal(make(`${base}x`, 2), defaultSettings), undefined);
  assert.equal(joins, 1, 'a keystroke does not count the text again');
  const grown = `${base}${'[[sessions]]\n'.repeat(structureLimits.prompts.limit)}`;
  assert.equal(limits.refusal(make(grown, 3), defaultSettings)?.kind, 'tooComplex');
  assert.equal(joins, 2);
  limits.forget('file:///big.prompts');
  assert.equal(limits.refusal(make(grown, 4), defaultSettings)?.kind, 'tooComplex');
  assert.equal(joins, 3);
  assert.deepEqual(limits.refusal(make(grown, 5), { maxFileSizeMB: limitOf(1000) }), { kind: 'tooLarge', limitMB: limitOf(1000) }, 'over the limit by length: no count needed');
  assert.equal(joins, 3);
});

test('the command line gives the same findings as errors, and reads only regular files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'packs-limits-'));
  try {
    writeFileSync(path.join(dir, 'big.prompts'), minimalValid.repeat(40));
    writeFileSync(path.join(dir, 'bytes.pack'), Buffer.from([0x25, 0x25, 0, 1, 2, 0xff]));
    symlinkSync('/dev/zero', path.join(dir, 'zero.pack'));
    spawnSync('mkfifo', [path.join(dir, 'fifo.pack')]);
    const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'check', ...args], { encoding: 'utf8', timeout: 20_000 });
    const r = cli('--max-file-size-mb', String(limitOf(2000)), dir);
    assert.equal(r.signal, null, 'check finished');
    assert.equal(r.status, 2, 'a file not checked');
    assert.match(r.stdout, /big\.prompts:1:1: error prompts\/file-too-large: This file is larger than .*`--max-file-size-mb N`/);
    assert.match(r.stdout, /bytes\.pack:1:1: error pack\/binary-file: This file is not text/);
    // A link out of the folder checked is not followed at all (issue 28); a link named on the command line is read only if regular.
    assert.match(r.stderr, /cannot read .*zero\.pack: not a file inside the checked tree/);
    assert.match(cli(path.join(dir, 'zero.pack')).stderr, /cannot read .*zero\.pack: not a regular file/);
    const fifo = cli(path.join(dir, 'fifo.pack'));
    assert.equal(fifo.signal, null, 'check finished');
    assert.match(fifo.stderr, /cannot read .*fifo\.pack: not a regular file/);
    assert.match(cli('--max-file-size-mb', '0', dir).stderr, /--max-file-size-mb takes a number of megabytes above 0/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a .prompts file is lexed for its table count only when its header lines alone could pass the limit', () => {
  const calls = (text: string, limit: number): { refusal: ReturnType<typeof refusalOf>; lexed: number } => {
    let lexed = 0;
    let refusal: ReturnType<typeof refusalOf>;
    withMethodWrapped(scanner, 'countTopLevelTables', (original, receiver, args) => (lexed++, original.apply(receiver, args)), () => (refusal = refusalOf(textFacts(text), 'prompts', 50, limit)));
    return { refusal: refusal!, lexed };
  };
  const real = generatePrompts({ sessions: 200, turns: 20, seed: 3 });
  assert.deepEqual(calls(real, structureLimits.prompts.limit), { refusal: undefined, lexed: 0 }, 'a real capture: its header lines are far under the limit');
  // Header-looking lines in a string pass the bound, so the tables are lexed, and they are text.
  assert.deepEqual(calls(`[[sessions]]\ntext = """\n${'[x]\n'.repeat(60)}"""\n`, 50), { refusal: undefined, lexed: 1 });
  assert.equal(calls('[a]\n'.repeat(51), 50).refusal?.kind, 'tooComplex');
});

test('the header-line bound stops only at brackets, not at every line, and counts what a reading line by line counts', () => {
  // Ten thousand lines of a turn's prose between three headers: a search per line stopped 10,000 times.
  const prose = 'a line of a turn, some words in it and no bracket\n'.repeat(10_000);
  const text = `\ufeff[[sessions]]\n${prose}  [[sessions.turns]]\ntext = [1, 2]\n${prose}[sessions.commit]\n`;
  let searches = 0;
  let count = 0;
  withMethodWrapped(String.prototype, 'indexOf', (indexOf, receiver, args) => (searches++, indexOf.apply(receiver, args)), () => (count = finish(promptsTablesAtMost(text, Infinity))));
  assert.equal(count, 1, 'one session: its turns and commit share its first key');
  const brackets = text.split('[').length - 1;
  assert.ok(searches <= brackets + 1, `${searches} searches for ${brackets} brackets in ${text.split('\n').length} lines`);
  const pieces = ['[a]', '[b]', '[a.x]', '  [a.w]', '\t[[b.t]]', '[]', '[ a . y ]', 'k = [1]', 'x [a]', '\r[c]', '\ufeff[d]', '', '  '];
  let seed = 11;
  const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
  for (let round = 0; round < 3000; round++) {
    const lines = Array.from({ length: 1 + next(30) }, () => pieces[next(pieces.length)]!);
    const sample = `${next(3) === 0 ? '\ufeff' : ''}${lines.join(next(4) === 0 ? '\r\n' : '\n')}`;
    assert.equal(finish(promptsTablesAtMost(sample, Infinity)), headerLinesByLine(sample), JSON.stringify(sample));
  }
});

/** The header-line bound read line by line, as it was before it searched for brackets: the reference its count must equal. */
function headerLinesByLine(text: string): number {
  let n = 0;
  let root: string | undefined;
  const blanks = /^[ \t]*/;
  text.replace(/^\ufeff/, '').split('\n').forEach((line) => {
    const rest = line.slice(blanks.exec(line)![0].length);
    if (!rest.startsWith('[')) return;
    const inner = rest.slice(rest.startsWith('[[') ? 2 : 1);
    const key = /^[ \t]*([A-Za-z0-9_-]*)/.exec(inner)!;
    const name = key[1] || undefined;
    const dotted = /^[ \t]*\./.test(inner.slice(key[0].length));
    if (name === undefined || name !== root || !dotted) n++;
    root = name;
  });
  return n;
}

test('the header-line bound is never below the tables the splitter counts (random headers, strings, arrays and quoted keys)', () => {
  const pieces = ['[a]', '[b]', '[a.x]', '[ a . y ]', '[[a.t]]', '[[b]]', '[b.z]', '["a".x]', "['b'.q]", '[a."q.r"]', '  [a.w]', '[]', '[ ]', '[=]', 'k = 1', 'v = [', '[1, 2],', '[a.x]', ']', 'text = """', '"""', "s = '''", "'''", 'i = {', '}', '# [c.d]', '\r', ''];
  let seed = 7;
  const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
  for (let round = 0; round < 3000; round++) {
    const lines = Array.from({ length: 1 + next(40) }, () => pieces[next(pieces.length)]!);
    const text = lines.join(next(4) === 0 ? '\r\n' : '\n');
    const counted = finish(scanner.countTopLevelTables(text, Infinity));
    const bound = finish(promptsTablesAtMost(text, Infinity));
    assert.ok(bound >= counted, `${bound} < ${counted} for ${JSON.stringify(text)}`);
  }
});
