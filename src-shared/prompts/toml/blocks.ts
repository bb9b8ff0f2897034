// TOML values per block, with the syntax errors a whole-file parse would
// report. A block opened by a one-segment header (`[commit]`,
// `[[sessions]]`, `[[edits]]`, `[anything]`) means the same alone as in
// the file, so smol-toml parses it alone (an edit re-parses one block).
// What that cannot see is a clash between blocks that share a top-level
// key: two `[commit]` tables, `[sessions]` beside `[[sessions]]`, a preamble
// `commit = {...}` beside a `[commit]` header. And a block opened by a
// dotted header away from its table (`[[sessions.turns]]` after `[[edits]]`)
// means something else alone: in the file it extends the last session. For
// those keys the blocks are parsed together, in order, which is what the
// whole file says about that key; files the capture writer wrote never pay
// for it (each `[[sessions]]` block stands alone). Lines of errors are
// counted from each block's first line, so a verdict moves with its block.

import { parse, TomlError, type TomlTable } from 'smol-toml';
import { maxNesting } from './limits';
import type { BlockHeader } from './scanner';
import { mayHoldToml11Escape, toml10Problem } from './toml10';
import type { Toml10Problem } from './toml10Problems';

/** A TOML syntax error at a 0-based line and UTF-16 column. */
export interface TomlSyntaxError {
  readonly message: string;
  readonly line: number;
  readonly character: number;
}

/**
 * A parsed TOML text, or its syntax error. Neither, for a block whose
 * meaning depends on blocks before a syntax error: it has no verdict of its own.
 */
export interface TomlResult {
  readonly value?: TomlTable;
  readonly error?: TomlSyntaxError;
  /** Every offset date-time in `value` is in UTC, as the split of this very text found (unset: not known). */
  readonly offsetsInUtc?: true;
}

/**
 * Parses one text as TOML 1.0, as upstream's `tomllib` does; never throws.
 * smol-toml parses (TOML 1.1), then what only 1.1 allows and dates that do
 * not exist are refused: as the split found them (`split`: its bounds of
 * this very text as one block), else as `toml10Problem` finds them.
 * Integers come back as bigint, so `1.0` is never taken for an integer. A
 * text nested deeper than `maxNesting` is refused like a syntax error:
 * every reader of values recurses (a walk measures it, unless the split's
 * bound on the depth of this text is within the limit).
 */
export function parseToml(text: string, split?: { readonly notToml10?: Toml10Problem; readonly depth?: number; readonly numericOffset?: true }): TomlResult {
  let value: TomlTable;
  try {
    value = parse(text, { integersAsBigInt: true, maxDepth: maxNesting });
  } catch (e) {
    const error = syntaxErrorOf(e);
    // What only TOML 1.1 allows, on a line before smol-toml's error, is the first error as TOML 1.0.
    const before = text.slice(0, lineStartOf(text, error.line));
    const earlier = before.length > 0 ? toml10Problem(before) : undefined;
    return { error: earlier ? { message: earlier.message, ...lineAndCharacter(text, earlier.at) } : error };
  }
  // The split's bound on the depth saves the walk over every value of a block within it (all a capture's blocks).
  if (!(split?.depth !== undefined && split.depth <= maxNesting) && nestedDeeperThan(value, maxNesting)) {
    return { error: { message: `tables nested more than ${maxNesting} levels deep (through dotted keys or headers); nothing here is read`, line: 0, character: 0 } };
  }
  const problem = split && !mayHoldToml11Escape(text) ? split.notToml10 : toml10Problem(text);
  if (problem) return { error: { message: problem.message, ...lineAndCharacter(text, problem.at) } };
  return split && !split.numericOffset ? { value, offsetsInUtc: true } : { value };
}

/**
 * Whether tables and arrays inside `value` go more than `limit` levels
 * deep. The recursion stops one level past the limit, so a hostile file
 * cannot run the stack out; only containers are entered (a capture is
 * mostly strings).
 */
function nestedDeeperThan(value: object, limit: number, depth = 0): boolean {
  if (depth > limit) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (isContainer(item) && nestedDeeperThan(item, limit, depth + 1)) return true;
  } else {
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      if (isContainer(item) && nestedDeeperThan(item, limit, depth + 1)) return true;
    }
  }
  return false;
}

/** A table or an array: a value a reader recurses into. */
function isContainer(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !(v instanceof Date);
}

function syntaxErrorOf(e: unknown): TomlSyntaxError {
  if (e instanceof TomlError) {
    // smol-toml's message is "Invalid TOML document: <what>" followed by a code excerpt.
    const what = e.message.replace(/^Invalid TOML document: /, '').split('\n')[0] ?? e.message;
    return { message: what, line: e.line - 1, character: e.column - 1 };
  }
  return { message: e instanceof Error ? e.message : String(e), line: 0, character: 0 };
}

/** What settling a block's verdict needs of it. */
export interface BlockText {
  /** Undefined for the preamble. */
  readonly header: BlockHeader | undefined;
  readonly text: string;
  /** The block ends inside an array or inline table it opened, which the next block's header line breaks. */
  readonly openBeforeNext?: boolean;
}

/** A block whose first header is dotted: alone, it would create tables that in the file it only extends. */
function isDetached(b: BlockText): boolean {
  return b.header !== undefined && b.header.segments > 1;
}

/** Each block's TOML or syntax error (lines counted from the block's first line). */
export function parseBlocks(blocks: readonly BlockText[]): TomlResult[] {
  return settleSharedKeys(blocks, blocks.map((b) => parseToml(b.text)));
}

/**
 * Each block's verdict in the file, from each block's verdict alone (`own`,
 * the preamble first): the blocks that share a top-level key in a way that
 * can clash are parsed together. Every other entry comes back as the very
 * object given, so a caller can tell which verdicts the file changed.
 */
export function settleSharedKeys(blocks: readonly BlockText[], own: readonly TomlResult[]): TomlResult[] {
  const results = [...own];
  for (const pieces of clashGroups(blocks, own[0]?.value)) parseJointly(blocks, results, pieces);
  return results;
}

/**
 * The groups of blocks (in file order, the preamble first when it defines
 * the key) whose verdicts `settleSharedKeys` may change; known from the
 * headers and the preamble's own TOML, before any other block is parsed.
 */
export function clashGroups(blocks: readonly BlockText[], preamble: TomlTable | undefined): number[][] {
  const byKey = new Map<string, number[]>();
  blocks.forEach((b, i) => {
    const key = b.header?.rootKey;
    if (key === undefined) return;
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  });
  const groups: number[][] = [];
  for (const [key, indices] of byKey) {
    const pieces = preamble && key in preamble ? [0, ...indices] : indices;
    if (pieces.length < 2) continue;
    // `[[key]]` blocks each open a new element: they cannot clash.
    if (pieces.every((i) => blocks[i]!.header?.array && !isDetached(blocks[i]!))) continue;
    groups.push(pieces);
  }
  return groups;
}

/**
 * Parses the blocks `pieces` (which share a top-level key) together and
 * settles their verdicts: a clash earlier than a block's own error becomes
 * its error; a dotted block is judged by the joint parse alone.
 */
function parseJointly(blocks: readonly BlockText[], results: TomlResult[], pieces: readonly number[]): void {
  const joined: { block: number; text: string }[] = [];
  for (const [k, i] of pieces.entries()) {
    const own = results[i]!.error;
    if (own && !isDetached(blocks[i]!)) {
      // The whole file stops at this error: join what precedes it (or at least the header line), and nothing after.
      const text = blocks[i]!.text;
      const prefix = [lineStartOf(text, own.line), lineStartOf(text, 1)]
        .map((end) => text.slice(0, end))
        .find((p) => parseToml(p).value !== undefined);
      if (prefix !== undefined) joined.push({ block: i, text: prefix });
      break;
    }
    const next = pieces[k + 1];
    joined.push({ block: i, text: standsAlone(blocks[i]!, results[i]!, next === undefined ? undefined : blocks[next]) ? headerLineOf(blocks[i]!.text) : blocks[i]!.text });
    // The whole file stops where the next block's header breaks the array this one left open: nothing after counts.
    if (blocks[i]!.openBeforeNext) break;
  }
  const clash = jointParseError(joined);
  const reached = new Set(joined.map((j) => j.block));
  for (const i of pieces) {
    if (!isDetached(blocks[i]!)) continue;
    // A dotted block the joint parse did not reach (or reached only past the clash) has no verdict of its own.
    const beyond = !reached.has(i) || (clash !== undefined && clash.block !== i && pieces.indexOf(i) > pieces.indexOf(clash.block));
    if (clash?.block === i) results[i] = { error: clash.error };
    else if (beyond) results[i] = {};
    else if (results[i]!.error) results[i] = {};
  }
  if (!clash || isDetached(blocks[clash.block]!)) return;
  const own = results[clash.block]!.error;
  if (!own || clash.error.line < own.line || (clash.error.line === own.line && clash.error.character < own.character)) {
    results[clash.block] = { error: clash.error };
  }
}

/**
 * Whether the joint parse may read only the header line of block `b`: a
 * `[[key]]` element that parses alone and that no dotted block after it
 * extends defines nothing a later block of its key can meet; whatever
 * clashes later, clashes at that block's header. So a damaged header
 * costs the joint parse the blocks that can clash, not every
 * `[[sessions]]` block of the file.
 */
function standsAlone(b: BlockText, own: TomlResult, next: BlockText | undefined): boolean {
  return b.header?.array === true && !isDetached(b) && own.value !== undefined && b.openBeforeNext !== true && (next === undefined || !isDetached(next));
}

function headerLineOf(text: string): string {
  const nl = text.indexOf('\n');
  return nl === -1 ? text : text.slice(0, nl + 1);
}

function lineStartOf(text: string, line: number): number {
  let at = 0;
  for (let i = 0; i < line && at < text.length; i++) {
    const nl = text.indexOf('\n', at);
    at = nl === -1 ? text.length : nl + 1;
  }
  return at;
}

/** Parses `pieces` together, in order, and maps an error back to its block (lines of that block). */
function jointParseError(
  pieces: readonly { readonly block: number; readonly text: string }[],
): { block: number; error: TomlSyntaxError } | undefined {
  let joint = '';
  const firstLines: number[] = [];
  let line = 0;
  pieces.forEach(({ text }, k) => {
    firstLines.push(line);
    joint += text;
    line += countLineBreaks(text);
    // Only between pieces: after the last, a line break would change what smol-toml says of a text cut off at its end.
    if (k < pieces.length - 1 && text.length > 0 && !text.endsWith('\n')) {
      joint += '\n';
      line++;
    }
  });
  const result = parseToml(joint);
  if (!result.error) return undefined;
  let k = firstLines.length - 1;
  while (k > 0 && firstLines[k]! > result.error.line) k--;
  return { block: pieces[k]!.block, error: { ...result.error, line: result.error.line - firstLines[k]! } };
}

function lineAndCharacter(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  return { line: countLineBreaks(before), character: offset - (before.lastIndexOf('\n') + 1) };
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
