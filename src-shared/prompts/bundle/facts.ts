// What the bundle rules need of one `.prompts` file, and nothing more: the
// branch its `[commit]` names, and per session its id, title, turn count,
// `forked_from` and which merge stamps it carries, each with its range.
// Read from the position index of each block (no TOML parse), so a whole
// bundle can be indexed fast and kept in memory as these small facts while
// the texts are let go. From an open document's model the same facts come
// from its blocks, remembered per block content, so a keystroke redoes only
// the block it touched.

import { LineIndex } from '../../text/lineIndex';
import type { Range } from '../../text/range';
import type { Block, BlockContent } from '../toml/block';
import { blockAtLine, type PromptsDocument } from '../toml/document';
import { indexBlock, splitBlocks } from '../toml/scanner';
import { stringPrefixOf } from '../toml/stringPrefix';
import type { Span, TableNode } from '../toml/syntaxTree';

/** The stamps the merge writes together, and capture never (FORMATS.md B.7). */
export const mergeStamps = ['merged_from', 'merged_at', 'approved_by'] as const;
export type MergeStamp = (typeof mergeStamps)[number];

export interface StringFact {
  readonly value: string;
  readonly range: Range;
}

export interface SessionFacts {
  readonly id: string;
  /** The `id` value. */
  readonly idRange: Range;
  /** The `[[sessions]]` header. */
  readonly headerRange: Range;
  readonly title: string | undefined;
  readonly turns: number;
  readonly forkedFrom: StringFact | undefined;
  /** The merge stamps present, each at its key. */
  readonly stamps: Partial<Record<MergeStamp, Range>>;
  readonly mergedFrom: string | undefined;
}

export interface PromptsFacts {
  /** `[commit].branch`, when it is a string. */
  readonly branch: StringFact | undefined;
  readonly sessions: readonly SessionFacts[];
}

/** Ids longer than this are compared by their first this-many characters (no real id comes near). */
const idLength = 1000;
const titleLength = 200;

/** The facts of a text, block by block, holding no part of the text afterwards. */
export function factsOfText(text: string): PromptsFacts {
  let branch: StringFact | undefined;
  const sessions: SessionFacts[] = [];
  let line = 0;
  let counted = 0;
  for (const bounds of splitBlocks(text)) {
    const h = bounds.header;
    if (!h || h.segments !== 1 || !(h.rootKey === 'commit' ? !h.array : h.rootKey === 'sessions' && h.array)) continue;
    line += lineBreaks(text, counted, bounds.start);
    counted = bounds.start;
    const blockText = text.slice(bounds.start, bounds.end);
    const root = indexBlock(blockText).root;
    const lines = new LineIndex(blockText);
    const startLine = line;
    const rangeOf = (span: Span): Range => {
      const s = lines.positionAt(span.start);
      const e = lines.positionAt(span.end);
      return { start: { line: s.line + startLine, character: s.character }, end: { line: e.line + startLine, character: e.character } };
    };
    const found = blockFacts(blockText, root, h.rootKey === 'commit', rangeOf);
    if (found.branch) branch ??= found.branch;
    if (found.session) sessions.push(found.session);
  }
  return { branch, sessions };
}

interface OneBlock {
  readonly branch?: StringFact;
  readonly session?: SessionFacts;
}

/** Facts of a parsed document, each block's remembered with its content (ranges relative to the block's first line). */
export function factsOfDocument(doc: PromptsDocument): PromptsFacts {
  let branch: StringFact | undefined;
  const sessions: SessionFacts[] = [];
  for (const block of doc.blocks) {
    if (block.kind !== 'commit' && block.kind !== 'session') continue;
    const found = relativeFacts(block);
    if (found.branch) branch ??= moved(found.branch, block.startLine);
    if (found.session) sessions.push(movedSession(found.session, block.startLine));
  }
  return { branch, sessions };
}

/**
 * The facts of the one block holding `line`, as `factsOfDocument` has them:
 * what a hover at that line needs, without reading every other block of a
 * large file (the first hover after a 60 MB open indexed them all).
 */
export function factsAtLine(doc: PromptsDocument, line: number): PromptsFacts {
  const block = blockAtLine(doc, line);
  const found = block.kind === 'commit' || block.kind === 'session' ? relativeFacts(block) : {};
  return { branch: found.branch && moved(found.branch, block.startLine), sessions: found.session ? [movedSession(found.session, block.startLine)] : [] };
}

const remembered = new WeakMap<BlockContent, OneBlock>();

function relativeFacts(block: Block): OneBlock {
  let found = remembered.get(block.content);
  if (!found) {
    const lines = block.content.lineIndex();
    // The block's index is not kept: the facts of every session of a large file are read when it opens, and only they stay.
    found = blockFacts(block.text, block.content.indexedOnce().root, block.kind === 'commit', (span) => ({ start: lines.positionAt(span.start), end: lines.positionAt(span.end) }));
    remembered.set(block.content, found);
  }
  return found;
}

function blockFacts(text: string, root: TableNode, isCommit: boolean, rangeOf: (span: Span) => Range): OneBlock {
  if (isCommit) {
    const branch = stringMember(text, root.member('commit')?.table, 'branch', idLength, rangeOf);
    return branch ? { branch } : {};
  }
  const sessions = root.member('sessions');
  const table = sessions?.tables?.[0];
  const header = table?.header;
  const id = stringMember(text, table, 'id', idLength, rangeOf);
  if (!table || !header || !id) return {};
  const stamps: Partial<Record<MergeStamp, Range>> = {};
  for (const key of mergeStamps) {
    const m = table.member(key);
    if (m) stamps[key] = rangeOf(m.key);
  }
  return {
    session: {
      id: id.value,
      idRange: id.range,
      headerRange: rangeOf(header),
      title: stringMember(text, table, 'title', titleLength, rangeOf)?.value.trim() || undefined,
      turns: turnCount(table),
      forkedFrom: stringMember(text, table, 'forked_from', idLength, rangeOf),
      stamps,
      mergedFrom: stringMember(text, table, 'merged_from', idLength, rangeOf)?.value,
    },
  };
}

function turnCount(session: TableNode): number {
  const turns = session.member('turns');
  if (turns?.tables) return turns.tables.length;
  return turns?.value?.kind === 'array' ? turns.value.items.length : 0;
}

function stringMember(text: string, table: TableNode | undefined, key: string, max: number, rangeOf: (span: Span) => Range): StringFact | undefined {
  const v = table?.member(key)?.value;
  return v?.kind === 'string' ? { value: stringPrefixOf(text, v, max), range: rangeOf(v) } : undefined;
}

function lineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function moveRange(r: Range, lines: number): Range {
  return { start: { line: r.start.line + lines, character: r.start.character }, end: { line: r.end.line + lines, character: r.end.character } };
}

function moved(f: StringFact, lines: number): StringFact {
  return { value: f.value, range: moveRange(f.range, lines) };
}

function movedSession(s: SessionFacts, lines: number): SessionFacts {
  const stamps: Partial<Record<MergeStamp, Range>> = {};
  for (const key of mergeStamps) {
    const r = s.stamps[key];
    if (r) stamps[key] = moveRange(r, lines);
  }
  return {
    ...s,
    idRange: moveRange(s.idRange, lines),
    headerRange: moveRange(s.headerRange, lines),
    forkedFrom: s.forkedFrom && moved(s.forkedFrom, lines),
    stamps,
  };
}
