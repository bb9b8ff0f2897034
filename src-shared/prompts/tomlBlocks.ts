// TOML values per block, with exactly the syntax errors a whole-file parse
// would report. Each block is valid standalone TOML, so smol-toml parses it
// alone (an edit re-parses one block). What a standalone parse cannot see is
// a clash between blocks with the same top-level key: two `[commit]` tables,
// `[sessions]` beside `[[sessions]]`, `[commit.x]` far from `[commit]`, or a
// preamble key such as `commit = {...}` beside a `[commit]` header. Blocks
// opened by `[[key]]` never clash with each other (each starts a new array
// element), so only unusual files pay for a joint parse of the blocks that
// share a key.

import { parse, TomlError, type TomlTable } from 'smol-toml';
import type { BlockBounds } from './scanner';

/** A TOML syntax error at a 0-based line and UTF-16 column of the parsed text. */
export interface TomlSyntaxError {
  readonly message: string;
  readonly line: number;
  readonly character: number;
}

export type TomlResult = { readonly value: TomlTable; readonly error?: undefined } | { readonly value?: undefined; readonly error: TomlSyntaxError };

/** Parses one block's text; never throws. */
export function parseToml(text: string): TomlResult {
  try {
    return { value: parse(text, { integersAsBigInt: true }) };
  } catch (e) {
    return { error: syntaxErrorOf(e) };
  }
}

function syntaxErrorOf(e: unknown): TomlSyntaxError {
  if (e instanceof TomlError) {
    // smol-toml's message is "Invalid TOML document: <what>" followed by a code excerpt.
    const what = e.message.replace(/^Invalid TOML document: /, '').split('\n')[0] ?? e.message;
    return { message: what, line: e.line - 1, character: e.column - 1 };
  }
  return { message: e instanceof Error ? e.message : String(e), line: 0, character: 0 };
}

/** A block opened by `[[key]]`: an array element that cannot clash with its siblings. */
function opensArrayElement(block: BlockBounds): boolean {
  return block.header !== undefined && block.header.array && block.header.segments === 1;
}

/** The most joint re-parses per key; each one finds one more clash in a rare, broken file. */
const maxJointParses = 4;

export interface BlockText {
  readonly bounds: BlockBounds;
  readonly text: string;
  /** The block's first line in the whole text. */
  readonly startLine: number;
}

/**
 * Syntax errors that only the whole file shows, keyed by block index, as
 * lines and columns of the whole text. Blocks whose own parse failed
 * (`failed`) are left out: a whole-file parse stops there anyway.
 * `preambleKeys` are the top-level keys the preamble (block 0) defines.
 */
export function crossBlockErrors(
  blocks: readonly BlockText[],
  preambleKeys: ReadonlySet<string>,
  failed: ReadonlySet<number>,
): Map<number, TomlSyntaxError> {
  const errors = new Map<number, TomlSyntaxError>();
  const byKey = new Map<string, number[]>();
  blocks.forEach((b, i) => {
    const key = b.bounds.header?.rootKey;
    if (key === undefined || failed.has(i)) return;
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  });
  for (const [key, indices] of byKey) {
    const inPreamble = !failed.has(0) && preambleKeys.has(key);
    if (indices.length + (inPreamble ? 1 : 0) < 2) continue;
    if (!inPreamble && indices.every((i) => opensArrayElement(blocks[i]!.bounds))) continue;
    const pieces = inPreamble ? [0, ...indices] : indices;
    for (let round = 0; round < maxJointParses && pieces.length > 1; round++) {
      const clash = jointParseError(blocks, pieces);
      if (!clash) break;
      errors.set(clash.block, clash.error);
      pieces.splice(pieces.indexOf(clash.block), 1);
    }
  }
  return errors;
}

/** Parses the blocks `pieces` together, in order, and maps an error back to its block. */
function jointParseError(blocks: readonly BlockText[], pieces: readonly number[]): { block: number; error: TomlSyntaxError } | undefined {
  let joint = '';
  const firstLines: number[] = [];
  let line = 0;
  for (const i of pieces) {
    const text = blocks[i]!.text;
    firstLines.push(line);
    joint += text;
    line += countLineBreaks(text);
    if (text.length > 0 && !text.endsWith('\n')) {
      joint += '\n';
      line++;
    }
  }
  const result = parseToml(joint);
  if (!result.error) return undefined;
  let k = firstLines.length - 1;
  while (k > 0 && firstLines[k]! > result.error.line) k--;
  const block = pieces[k]!;
  return { block, error: { ...result.error, line: blocks[block]!.startLine + result.error.line - firstLines[k]! } };
}

export function countLineBreaks(text: string): number {
  let n = 0;
  let i = text.indexOf('\n');
  while (i !== -1) {
    n++;
    i = text.indexOf('\n', i + 1);
  }
  return n;
}
