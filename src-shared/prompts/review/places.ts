// Where a session's turns (and a turn's tool calls) start in their block,
// for the review's lines and turn keys, without the block's position index:
// after a keystroke in a session of 10,000 turns its block is new, and
// indexing 10 MB costs twice the review's budget. The headers the capture
// writer prints are found by a plain search at line starts and taken when
// they are exactly as many as the parsed turns (or calls) and the block
// writes no header otherwise; anything else (an inline table, a quoted or
// spaced header, a header-like line in a string that makes the count
// differ) falls back to the index, which is exact.

import type { BlockContent } from '../toml/block';
import type { SessionModel, TurnModel } from '../toml/document';
import { firstAtOrAfter } from '../../text/offsets';

const turnHeader = '[[sessions.turns]]';
const callHeader = '[[sessions.turns.tool_calls]]';
const sessionHeader = '[[sessions]]';

/** The headers of a block found by search: its turns' and its calls' in order, or none when the block writes any otherwise. */
interface Headers {
  readonly turns: readonly number[];
  readonly calls: readonly number[];
  readonly plain: boolean;
}

const scanned = new WeakMap<BlockContent, Headers>();

/**
 * Every `[[` at a line start (after spaces or tabs) of the block: a turn's or
 * a call's header as the writer prints it, or the session's own. Any other
 * (quoted or spaced keys) makes the block not plain: then a real header may
 * be missed while one in a string is counted, and only the index is exact.
 * In a plain block a header-like line inside a string adds one, and the
 * count tells; turns or calls written inline are not found, and the count
 * tells too (unless strings hold exactly as many header-like lines as there
 * are inline tables: then only the lines shown would be off). A search for
 * the inline forms over the block cost more than the rest of the review.
 */
function headersOf(content: BlockContent): Headers {
  let h = scanned.get(content);
  if (h) return h;
  const text = content.text;
  const turns: number[] = [];
  const calls: number[] = [];
  let plain = true;
  for (let at = text.indexOf('[[', 0); at !== -1 && plain; at = text.indexOf('[[', at + 2)) {
    let k = at - 1;
    while (k >= 0 && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09)) k--;
    if (k >= 0 && text.charCodeAt(k) !== 0x0a) continue;
    if (text.startsWith(turnHeader, at)) turns.push(at);
    else if (text.startsWith(callHeader, at)) calls.push(at);
    else if (!text.startsWith(sessionHeader, at)) plain = false;
  }
  h = { turns, calls, plain };
  scanned.set(content, h);
  return h;
}

const turnStarts = new WeakMap<BlockContent, readonly number[]>();

/** The block-relative offset of each turn's table of `s` (its header, or its inline table), in order. */
export function turnOffsets(s: SessionModel): readonly number[] {
  const content = s.view.block.content;
  let offsets = turnStarts.get(content);
  if (!offsets) {
    const h = headersOf(content);
    const same = s.turns.every((t) => t.view.block.content === content);
    offsets = same && h.plain && h.turns.length === s.turns.length ? h.turns : s.turns.map((t) => t.view.anchor.start);
    turnStarts.set(content, offsets);
  }
  return offsets;
}

/** The block-relative offset of each tool call of turn `t`, whose source is `[from, to)` of its block. */
export function toolCallOffsets(t: TurnModel, from: number, to: number): readonly number[] {
  if (t.toolCalls.length === 0) return [];
  const h = headersOf(t.view.block.content);
  const first = firstAtOrAfter(h.calls, from);
  const found = h.calls.slice(first, firstAtOrAfter(h.calls, to));
  return h.plain && found.length === t.toolCalls.length ? found : t.toolCalls.map((c) => c.view.anchor.start);
}

/** A session's first line: its block's, when the block is opened by its `[[sessions]]` header (as every session is but one written inline). */
export function sessionLine(s: SessionModel): number {
  const h = s.view.block.content.header;
  return h?.rootKey === 'sessions' && h.segments === 1 && h.array ? s.view.block.startLine : s.view.range.start.line;
}

const lineStarts = new WeakMap<SessionModel, readonly number[]>();

/** The first line of each turn of `s` (once per session model: marks are placed and the card is built by them). */
export function turnLines(s: SessionModel): readonly number[] {
  let lines = lineStarts.get(s);
  if (!lines) {
    const block = s.view.block;
    lines = turnOffsets(s).map((o) => block.positionAt(o).line);
    lineStarts.set(s, lines);
  }
  return lines;
}
