// Hostile inputs for every entry point: arbitrary bytes read as UTF-8 (so
// invalid sequences become what a reader makes of them), strings with lone
// surrogates, NUL bytes and a BOM, and mutations of real-looking files:
// lines deleted, duplicated and swapped, the text cut short, line ends
// mixed (CRLF, LF, a bare CR), fragments of the format's syntax inserted,
// deep nesting and long lines spliced in. Each generator is a fast-check
// arbitrary, so a failing input shrinks and replays from its seed.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from '../../../support/fastCheck';
import { examplesDir, fixturesDir } from '../../../support/paths';
import { generatePrompts } from '../../../support/promptsGenerator';

function read(...parts: string[]): string {
  return readFileSync(path.join(...parts), 'utf8');
}

/** Real packs: complete, broken, old profile, CRLF. */
export const packBases: readonly string[] = [
  read(examplesDir, 'loom-9', 'coding-agent.pack'),
  read(examplesDir, 'loom-9', 'code-reviewer.pack'),
  read(examplesDir, 'loom-1', 'legacy-agent.pack'),
  read(examplesDir, 'broken', 'corrupt.pack'),
  read(examplesDir, 'broken', 'placeholder-typos.pack'),
  read(fixturesDir, 'pack', 'good', 'complete.pack').replace(/\n/g, '\r\n'),
];

/** Real `.prompts` files: generated captures, every field, a broken one, hand-edited ones with an edits log. */
export const promptsBases: readonly string[] = [
  generatePrompts({ sessions: 3, turns: 4, seed: 7 }),
  generatePrompts({ sessions: 2, turns: 3, verbose: true, seed: 3 }).replace(/\n/g, '\r\n'),
  read(fixturesDir, 'prompts', 'every-field.prompts'),
  read(examplesDir, 'prompts', 'feature-login.prompts'),
  read(examplesDir, 'broken', 'fix-flaky-test.prompts'),
];

export const environmentBases: readonly string[] = [
  read(examplesDir, 'environments', 'ci-proxied.packenv.json'),
  read(examplesDir, 'environments', 'devbox-degraded.packenv.json'),
  read(fixturesDir, 'pack', 'envs', 'invalid.packenv.json'),
];

/** Characters that have broken readers before: control characters, a BOM, surrogates alone and in pairs, line separators. */
const oddCharacters = ['\0', '\ufeff', '\ud800', '\udfff', '😀', '\r', '\r\n', '\u2028', '\u0085', '\t', '\v', '\x7f', '\uffff', '\ufffd', 'é', '\\', '"', "'"];

/** Syntax of both formats, to be spliced anywhere. */
const syntaxFragments = [
  '%%', '%% section ', '%% version ', '%% loom-prompt-pack 1', '%%#', '{', '}', '{workspace}', '{{shell}}', '{_', ' %%',
  '[[sessions]]', '[sessions]', '[commit]', '[[sessions.turns]]', '[[sessions.turns.tool_calls]]', '[sessions.commit]', '[[edits]]',
  '"""', "'''", '[', ']', '[[', ']]', '=', '.', ',', '#', 'a = 1', 'x.y = 2', 'text = """', 'args = {', 'id = "s-1"',
  '2026-01-01T00:00:00Z', '1979-05-27 07:32:00', 'inf', 'nan', '0x', 'true',
];

/** Nesting that a recursive reader would follow until its stack runs out. */
export const deepNesting: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('array', 'inline', 'dotted', 'header', 'arrayHeader', 'braces', 'quotes'), fc.integer({ min: 1, max: 20_000 }))
  .map(([shape, n]) => {
    switch (shape) {
      case 'array':
        return `x = ${'['.repeat(n)}${']'.repeat(n)}\n`;
      case 'inline':
        return `x = ${'{ a = '.repeat(n)}1${' }'.repeat(n)}\n`;
      case 'dotted':
        return `${Array.from({ length: n }, () => 'k').join('.')} = 1\n`;
      case 'header':
        return `[${Array.from({ length: n }, () => 'k').join('.')}]\n`;
      case 'arrayHeader':
        return `[[sessions${'.turns'.repeat(n)}]]\n`;
      case 'braces':
        return `${'{'.repeat(n)}workspace${'}'.repeat(n)}\n`;
      default:
        return `${'"'.repeat(n)}\n`;
    }
  });

/** One long line (up to 256 KiB here; the single 10 MB line is a case of its own). */
export const longLine: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', ' ', '{x}', '"', 'é', '😀', '%', '\\', 'token=abcdefgh12345678 '), fc.integer({ min: 1, max: 256 * 1024 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** Any string, code units included (lone surrogates, NUL). */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.constantFrom(...oddCharacters, ...syntaxFragments, 'a', ' ', '\n'), maxLength: 60 }),
);

/** Arbitrary bytes as a UTF-8 reader sees them (invalid sequences become U+FFFD, as in the command line's reading). */
export const randomBytes: fc.Arbitrary<string> = fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes).toString('utf8'));

export type Mutation =
  | { readonly kind: 'delete' | 'duplicate' | 'swap'; readonly a: number; readonly b: number }
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'insert'; readonly at: number; readonly piece: string }
  | { readonly kind: 'lineEnds'; readonly a: number; readonly ending: '\r\n' | '\n' | '\r' | '' }
  | { readonly kind: 'bom' };

const piece: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...oddCharacters, ...syntaxFragments) },
  { weight: 2, arbitrary: anyString },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: longLine },
);

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('delete' as const, 'duplicate' as const, 'swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), piece }) },
  fc.record({ kind: fc.constant('lineEnds' as const), a: fc.nat(), ending: fc.constantFrom('\r\n' as const, '\n' as const, '\r' as const, '' as const) }),
  fc.record({ kind: fc.constant('bom' as const) }),
);

export function mutate(text: string, m: Mutation): string {
  const ls = text.split('\n');
  switch (m.kind) {
    case 'delete':
      ls.splice(m.a % ls.length, 1);
      return ls.join('\n');
    case 'duplicate':
      ls.splice(m.a % ls.length, 0, ls[m.b % ls.length]!);
      return ls.join('\n');
    case 'swap': {
      const i = m.a % ls.length;
      const j = m.b % ls.length;
      [ls[i], ls[j]] = [ls[j]!, ls[i]!];
      return ls.join('\n');
    }
    case 'truncate':
      return text.slice(0, m.at % (text.length + 1));
    case 'insert': {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.piece + text.slice(at);
    }
    case 'lineEnds': {
      // One line's ending changed: CRLF in an LF file, LF in a CRLF file, a bare CR, or two lines joined.
      const i = m.a % ls.length;
      if (i === ls.length - 1) return text;
      const line = ls[i]!.replace(/\r$/, '');
      return [...ls.slice(0, i), line + m.ending + ls[i + 1]!, ...ls.slice(i + 2)].join('\n');
    }
    case 'bom':
      return text.startsWith('\ufeff') ? text.slice(1) : `\ufeff${text}`;
  }
}

/** A base mutated by a few mutations in turn. */
export function mutated(bases: readonly string[], maxMutations = 6): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...bases), fc.array(mutation, { minLength: 1, maxLength: maxMutations }))
    .map(([base, ms]) => ms.reduce(mutate, base));
}

/** The inputs every text entry point gets: mostly mutated real files, some noise. */
export function hostileText(bases: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mutated(bases) },
    { weight: 1, arbitrary: randomBytes },
    { weight: 1, arbitrary: anyString },
    { weight: 1, arbitrary: deepNesting },
  );
}
