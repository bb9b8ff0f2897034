// The parsed model of a `.prompts` file: its blocks (each with its position
// index, its TOML and its syntax error) and, over them, the commit, the
// sessions with their turns and tool calls, and the edits log, each with the
// ranges of its header, keys and values. Built once per document version by
// `parsePrompts`, which never throws; every feature takes this model.

import { Block } from './block';
import { splitBlocks } from './scanner';
import { type BlockText, countLineBreaks, parseBlocks } from './tomlBlocks';
import { TableView } from './tableView';

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
  const texts: BlockText[] = [];
  const breaks: number[] = [];
  let line = 0;
  for (const bounds of splitBlocks(text)) {
    const blockText = text.slice(bounds.start, bounds.end);
    const n = countLineBreaks(blockText);
    texts.push({ bounds, text: blockText, startLine: line });
    breaks.push(n);
    line += n;
  }
  const results = parseBlocks(texts);
  const blocks = texts.map((t, i) => {
    const { value, error } = results[i]!;
    return new Block(
      i,
      t.text,
      t.bounds.start,
      t.startLine,
      breaks[i]!,
      t.bounds,
      value,
      error && { message: error.message, line: error.line - t.startLine, character: error.character },
    );
  });
  return { text, blocks, ...modelsOf(blocks) };
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
    for (const { view } of root.tables('sessions')) {
      const index = sessions.length;
      const session = view.withPath(['sessions', index]);
      sessions.push({ index, view: session, turns: turnsOf(session) });
    }
    for (const { view } of root.tables('edits')) edits.push({ index: edits.length, view: view.withPath(['edits', edits.length]) });
  }
  return { commit, sessions, edits };
}

/** The block's top-level table, if the block parsed. */
export function rootView(block: Block): TableView | undefined {
  return block.value && TableView.root(block, block.value);
}

function turnsOf(session: TableView): TurnModel[] {
  return session.tables('turns').map(({ index, view }) => ({
    index,
    view,
    toolCalls: view.tables('tool_calls').map((c) => ({ index: c.index, view: c.view })),
  }));
}

/** The block that holds document line `line`. */
export function blockAtLine(doc: PromptsDocument, line: number): Block {
  const blocks = doc.blocks;
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[mid]!.startLine <= line) lo = mid;
    else hi = mid - 1;
  }
  return blocks[lo]!;
}
