// Where a session's turns (and a turn's tool calls) start in their block,
// for the review's lines and turn keys, without the block's position index:
// after a keystroke in a session of 10,000 turns its block is new, and
// indexing 10 MB costs twice the review's budget. The headers the capture
// writer prints are found by a plain search at line starts and taken when
// they are exactly as many as the parsed turns (or calls); anything else (an
// inline table, a quoted or spaced header, a header-like line in a string
// that makes the count differ) falls back to the index, which is exact.

import type { BlockContent } from '../toml/block';
import type { SessionModel, TurnModel } from '../toml/document';

const turnHeader = '[[sessions.turns]]';
const callHeader = '[[sessions.turns.tool_calls]]';

const turnStarts = new WeakMap<BlockContent, readonly number[]>();

/** The block-relative offset of each turn's table of `s` (its header, or its inline table), in order. */
export function turnOffsets(s: SessionModel): readonly number[] {
  const content = s.view.block.content;
  let offsets = turnStarts.get(content);
  if (!offsets) {
    const found = s.turns.every((t) => t.view.block.content === content) ? headersAt(content.text, turnHeader, 0, content.text.length) : [];
    offsets = found.length === s.turns.length ? found : s.turns.map((t) => t.view.anchor.start);
    turnStarts.set(content, offsets);
  }
  return offsets;
}

/** The block-relative offset of each tool call of turn `t`, whose source is `[from, to)` of its block. */
export function toolCallOffsets(t: TurnModel, from: number, to: number): readonly number[] {
  if (t.toolCalls.length === 0) return [];
  const found = headersAt(t.view.block.content.text, callHeader, from, to);
  return found.length === t.toolCalls.length ? found : t.toolCalls.map((c) => c.view.anchor.start);
}

/** Offsets of `header` in `[from, to)` of `text` with only spaces or tabs before it on its line, and `]]` not followed by a key character. */
function headersAt(text: string, header: string, from: number, to: number): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(header, from); at !== -1 && at < to; at = text.indexOf(header, at + header.length)) {
    let k = at - 1;
    while (k >= 0 && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09)) k--;
    if (k >= 0 && text.charCodeAt(k) !== 0x0a) continue;
    out.push(at);
  }
  return out;
}

/** A session's first line: its block's, when the block is opened by its `[[sessions]]` header (as every session is but one written inline). */
export function sessionLine(s: SessionModel): number {
  const h = s.view.block.content.header;
  return h?.rootKey === 'sessions' && h.segments === 1 && h.array ? s.view.block.startLine : s.view.range.start.line;
}

/** The first line of each turn of `s`. */
export function turnLines(s: SessionModel): number[] {
  const block = s.view.block;
  return turnOffsets(s).map((o) => block.positionAt(o).line);
}
