// The parsed model of a `.prompts` file: its blocks (each with its position
// index, its TOML and its syntax error) and, over them, the commit, the
// sessions with their turns and tool calls, and the edits log, each with the
// ranges of its header, keys and values. Built once per document version by
// `parsePrompts`, which never throws (or, after an edit, by `updatePrompts`
// from the version before); every feature takes this model. The sessions,
// turns and edits are gathered on first use: validation does not need them.

import { finish } from '../../steps';
import { Block, BlockContent } from './block';
import { type BlockBounds, splitBlocksInSteps, splitBlocksWithinInSteps, type TooManyTables } from './scanner';
import { clashGroups, countLineBreaks, parseToml, settleSharedKeys, type TomlResult } from './blocks';
import { TableView } from './tableView';
import { isTable } from './valueTypes';

export interface ToolCallModel {
  /** Position in the turn's `tool_calls`. */
  readonly index: number;
  readonly view: TableView;
}

export interface TurnModel {
  /** Position in the session's `turns` (the index `[[edits]].turns` names). */
  readonly index: number;
  readonly view: TableView;
  readonly toolCalls: readonly ToolCallModel[];
}

export interface SessionModel {
  /** Position among the file's sessions. */
  readonly index: number;
  readonly view: TableView;
  readonly turns: readonly TurnModel[];
}

export interface EditModel {
  /** Position in the file's `[[edits]]` log. */
  readonly index: number;
  readonly view: TableView;
}

export interface PromptsDocument {
  readonly text: string;
  /** The preamble first (possibly empty), then one block per top-level table, in order. */
  readonly blocks: readonly Block[];
  /** The `[commit]` table, if one parsed. */
  readonly commit: TableView | undefined;
  /** Sessions of blocks that parsed, in file order. */
  readonly sessions: readonly SessionModel[];
  readonly edits: readonly EditModel[];
}

export function parsePrompts(text: string): PromptsDocument {
  return finish(parsePromptsInSteps(text));
}

/** How many characters the split scans, and smol-toml parses, between two pauses of `parsePromptsInSteps`. */
const stepChars = 1 << 18;

/**
 * `parsePrompts`, pausing (yielding) between steps of about `stepChars`
 * characters each, so a caller with an event loop can serve other work
 * while a huge file parses. A block is never cut: one block is one step at
 * most. `onBlock` sees each block as soon as it is final (parsed, placed,
 * and not one whose verdict waits for other blocks of its key): checking a
 * block there, while its values are fresh, costs less than after the whole parse.
 */
export function* parsePromptsInSteps(text: string, onBlock?: (block: Block) => void): Generator<void, PromptsDocument, void> {
  return yield* parseSplitInSteps(text, yield* splitBlocksInSteps(text, stepChars), onBlock);
}

/**
 * `parsePromptsInSteps` of a text with at most `maxTables` top-level
 * tables; past that, nothing is parsed and the count is returned, the file
 * limits' own (fileLimits.ts): a caller that would count them first and
 * then parse reads the text once instead of twice.
 */
export function* parsePromptsWithinInSteps(text: string, maxTables: number, onBlock?: (block: Block) => void): Generator<void, PromptsDocument | TooManyTables, void> {
  const split = yield* splitBlocksWithinInSteps(text, stepChars, maxTables);
  return 'tables' in split ? split : yield* parseSplitInSteps(text, split, onBlock);
}

function* parseSplitInSteps(text: string, bounds: readonly BlockBounds[], onBlock: ((block: Block) => void) | undefined): Generator<void, PromptsDocument, void> {
  const sources = bounds.map((b) => ({ header: b.header, text: text.slice(b.start, b.end), openBeforeNext: b.openBeforeNext === true, split: b }));
  const own: TomlResult[] = [];
  // The preamble first: with the headers, its keys tell which blocks' verdicts wait for others.
  own.push(parseToml(sources[0]!.text, sources[0]!.split));
  const waiting = new Set(clashGroups(sources, own[0]!.value).flat());
  const early: Block[] = [];
  let offset = 0;
  let line = 0;
  let sinceYield = 0;
  for (const [i, source] of sources.entries()) {
    if (i > 0) own.push(parseToml(source.text, source.split));
    const block = new Block(new BlockContent(source.text, countLineBreaks(source.text), source.header, own[i]!, source.openBeforeNext), i, offset, line);
    early.push(block);
    offset += source.text.length;
    line += block.lineBreaks;
    if (onBlock && !waiting.has(i)) onBlock(block);
    sinceYield += source.text.length;
    if (sinceYield >= stepChars) {
      sinceYield = 0;
      yield;
    }
  }
  const verdicts = settleSharedKeys(sources, own);
  const contents = early.map((b, i) => (verdicts[i] === b.content.verdict ? b.content : b.content.withVerdict(verdicts[i]!)));
  return documentOf(placeBlocks(contents, early), text);
}

// Kept where the readers of the .prompts model have always found it.
export { finish };

/**
 * Blocks for consecutive contents, the first at the document's start. A
 * block of `previous` with the same content at the same place is kept as it
 * is; one with the same content elsewhere moves, keeping what was built on it.
 */
export function placeBlocks(contents: readonly BlockContent[], previous: readonly Block[] = []): Block[] {
  let offset = 0;
  let line = 0;
  return contents.map((content, i) => {
    const before = previous[i];
    const block =
      before?.content !== content
        ? new Block(content, i, offset, line)
        : before.startOffset === offset && before.startLine === line
          ? before
          : before.movedTo(i, offset, line);
    offset += content.text.length;
    line += content.lineBreaks;
    return block;
  });
}

/** The document of consecutive blocks; `text`, when not given, is their concatenation, joined on first use. */
export function documentOf(blocks: readonly Block[], text?: string): PromptsDocument {
  return new BlockDocument(blocks, text);
}

class BlockDocument implements PromptsDocument {
  private models: Pick<PromptsDocument, 'commit' | 'sessions' | 'edits'> | undefined;

  constructor(
    readonly blocks: readonly Block[],
    private source: string | undefined,
  ) {}

  get text(): string {
    this.source ??= this.blocks.map((b) => b.text).join('');
    return this.source;
  }

  get commit(): TableView | undefined {
    return this.gathered().commit;
  }

  get sessions(): readonly SessionModel[] {
    return this.gathered().sessions;
  }

  get edits(): readonly EditModel[] {
    return this.gathered().edits;
  }

  private gathered(): Pick<PromptsDocument, 'commit' | 'sessions' | 'edits'> {
    this.models ??= modelsOf(this.blocks);
    return this.models;
  }
}

/** The commit, sessions and edits of the blocks that parsed. */
export function modelsOf(blocks: readonly Block[]): Pick<PromptsDocument, 'commit' | 'sessions' | 'edits'> {
  let commit: TableView | undefined;
  const sessions: SessionModel[] = [];
  const edits: EditModel[] = [];
  for (const block of blocks) {
    const root = rootView(block);
    if (!root) continue;
    commit ??= root.table('commit');
    sessions.push(...sessionsIn(root, sessions.length));
    for (const { view } of root.tables('edits')) edits.push({ index: edits.length, view: view.withPath(['edits', edits.length]) });
  }
  return { commit, sessions, edits };
}

/**
 * The sessions of one block, as `doc.sessions` holds them, without
 * gathering the whole file's: what a hover needs after each keystroke in
 * a large file. Their indices count the sessions of the blocks before.
 */
export function sessionsOfBlock(doc: PromptsDocument, block: Block): SessionModel[] {
  const root = rootView(block);
  if (!root) return [];
  let before = 0;
  for (const b of doc.blocks) {
    if (b === block) break;
    const v = b.value?.['sessions'];
    if (Array.isArray(v)) for (const item of v) if (isTable(item)) before++;
  }
  return sessionsIn(root, before);
}

function sessionsIn(root: TableView, first: number): SessionModel[] {
  return root.tables('sessions').map(({ view }, k) => {
    const session = view.withPath(['sessions', first + k]);
    return { index: first + k, view: session, turns: turnsOf(session) };
  });
}

/** The block's top-level table, if the block parsed. */
export function rootView(block: Block): TableView | undefined {
  return block.value && TableView.root(block, block.value);
}

function turnsOf(session: TableView): TurnModel[] {
  return session.tables('turns').map(({ index, view }) => new Turn(index, view));
}

/** A turn whose tool calls are gathered on first use: the review of a session of 10,000 turns reads the calls of the few it shows. */
class Turn implements TurnModel {
  private calls: readonly ToolCallModel[] | undefined;

  constructor(
    readonly index: number,
    readonly view: TableView,
  ) {}

  get toolCalls(): readonly ToolCallModel[] {
    this.calls ??= this.view.tables('tool_calls');
    return this.calls;
  }
}

/** The block that holds document line `line`. */
export function blockAtLine(doc: PromptsDocument, line: number): Block {
  return doc.blocks[lastStartingBy(doc.blocks, line, (b) => b.startLine)]!;
}

/** The index of the last block whose start (a line or an offset, by `start`) is at or before `at`; 0 if none is. */
export function lastStartingBy(blocks: readonly Block[], at: number, start: (block: Block) => number): number {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (start(blocks[mid]!) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
