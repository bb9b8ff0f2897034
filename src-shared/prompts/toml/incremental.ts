// The model after an edit, from the model before it: only the blocks the
// edit touches are scanned and parsed again, every other block keeps its
// content (and so its parse, index and check) and moves by the lines and
// characters the edit added. The result is the model `parsePrompts` would
// build from the new text. The re-scanned window starts as the block the
// edit falls in and grows, a block at a time, until the split of the
// window alone must be the split of the whole text there: it starts where
// the scan of the whole text starts a block afresh and ends where it
// starts the next one the same way as before. An edit may so add, remove or
// join blocks. Only when the window would pass `maxWindow` characters (a
// string left open that swallows the rest of the file, say) is the edit
// declined, and the caller parses the whole text.

import { type Block, BlockContent } from './block';
import { documentOf, lastStartingBy, parsePrompts, placeBlocks, type PromptsDocument } from './document';
import { type BlockBounds, splitBlocks } from './scanner';
import { countLineBreaks, parseToml, settleSharedKeys } from './blocks';

/** One replacement in a text: `[start, end)` of the text before it (UTF-16 offsets) becomes `text`. */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const BOM = 0xfeff;

/** The most text a window of blocks may grow to before the whole text is parsed instead. */
const maxWindow = 1 << 20;

/** The model after `change`; re-parses the whole new text when the change reaches too far. */
export function updatePrompts(previous: PromptsDocument, change: TextChange): PromptsDocument {
  return updatePromptsLocally(previous, change) ?? parsePrompts(applyChange(previous.text, change));
}

/** The model after `change` if a window of blocks around it can take it, else undefined. */
export function updatePromptsLocally(previous: PromptsDocument, change: TextChange): PromptsDocument | undefined {
  const blocks = previous.blocks;
  let first = lastStartingBy(blocks, change.start, (b) => b.startOffset);
  // An edit at a block's very start may join its first line to the block before.
  if (first > 0 && blocks[first]!.startOffset === change.start) first--;
  let last = first;
  while (last + 1 < blocks.length && blocks[last + 1]!.startOffset < change.end) last++;
  // Each time the window must grow on one side it takes in twice as many blocks there, so growing costs a scan of the final window or two.
  let earlier = 1;
  let later = 1;
  for (;;) {
    const from = blocks[first]!.startOffset;
    if (blocks[last]!.endOffset - from > maxWindow) return undefined;
    const old = first === last ? blocks[first]!.text : blocks.slice(first, last + 1).map((b) => b.text).join('');
    const text = old.slice(0, change.start - from) + change.text + old.slice(change.end - from);
    const verdict = judgeWindow(blocks, first, last, text);
    if (verdict === 'earlier') {
      first = Math.max(0, first - earlier);
      earlier *= 2;
    } else if (verdict === 'later') {
      last = Math.min(blocks.length - 1, last + later);
      later *= 2;
    } else return withWindow(blocks, first, last, text, verdict);
  }
}

export function applyChange(text: string, change: TextChange): string {
  return text.slice(0, change.start) + change.text + text.slice(change.end);
}

/**
 * Whether blocks `first..last`, re-written as `text`, split alone as the
 * whole text splits there (then their new bounds, the preamble's place
 * left out unless `first` is the preamble), or the window must take in the
 * block before it (`earlier`) or after it (`later`).
 */
function judgeWindow(blocks: readonly Block[], first: number, last: number, text: string): BlockBounds[] | 'earlier' | 'later' {
  const hasNext = last + 1 < blocks.length;
  const before = blocks[first - 1];
  // The scan after the window must start on a fresh line.
  if (hasNext && text.length > 0 && !text.endsWith('\n')) return 'later';
  if (before) {
    // A byte order mark is one only at the top of the file.
    if (text.charCodeAt(0) === BOM) return 'earlier';
    // The block before ends where this one's first line reads as a header: that line must stay as it is.
    if (before.content.openBeforeNext && firstLine(text) !== firstLine(blocks[first]!.text)) return 'earlier';
  }
  const split = splitBlocks(text);
  const pieces = before ? split.slice(1) : split;
  if (before) {
    // Lines before the window's first header belong to the block before.
    if (split[0]!.end > 0) return 'earlier';
    // A dotted header under the same top-level key continues the block before.
    const h = pieces[0]?.header;
    if (h && h.segments > 1 && h.rootKey === before.rootKey) return 'earlier';
  }
  if (!hasNext) return pieces;
  // Left open, the window's last block may swallow what follows.
  if (split[split.length - 1]!.openAtEnd) return 'later';
  // The next block opened the file after a byte order mark; text before it makes that mark an ordinary character.
  if (blocks[last + 1]!.text.charCodeAt(0) === BOM) return 'later';
  // The next block must still start a block: a dotted header under the same top-level key would join it.
  const next = blocks[last + 1]!.content.header!;
  const lastKey = pieces.length > 0 ? pieces[pieces.length - 1]!.header?.rootKey : before?.rootKey;
  if (next.segments > 1 && next.rootKey === lastKey) return 'later';
  return pieces;
}

/** The document with blocks `first..last` replaced by the blocks `pieces` cut from `text`. */
function withWindow(blocks: readonly Block[], first: number, last: number, text: string, pieces: readonly BlockBounds[]): PromptsDocument {
  const contents = blocks.map((b) => b.content);
  contents.splice(
    first,
    last - first + 1,
    ...pieces.map((p) => {
      const t = text.slice(p.start, p.end);
      return new BlockContent(t, countLineBreaks(t), p.header, parseToml(t), p.openBeforeNext === true);
    }),
  );
  // The verdicts of blocks sharing a top-level key with others may depend on each other: settle them as a whole parse does.
  const verdicts = settleSharedKeys(contents, contents.map((c) => c.own));
  verdicts.forEach((verdict, i) => {
    if (verdict !== contents[i]!.verdict) contents[i] = contents[i]!.withVerdict(verdict);
  });
  return documentOf(placeBlocks(contents, blocks));
}

function firstLine(text: string): string {
  const nl = text.indexOf('\n');
  return nl === -1 ? text : text.slice(0, nl + 1);
}
