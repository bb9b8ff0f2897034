// The model after an edit, from the model before it: only the block the
// edit falls in is scanned and parsed again, every other block keeps its
// content (and so its parse, index and check) and moves by the lines and
// characters the edit added. The result is the model `parsePrompts` would
// build from the new text; where that cannot be shown locally (the edit
// crosses a block boundary, changes how the block opens, or leaves it open
// at its end) the edit is declined and the caller parses the whole text.

import { BlockContent } from './block';
import { documentOf, parsePrompts, placeBlocks, type PromptsDocument } from './document';
import { sameHeader, splitBlocks } from './scanner';
import { countLineBreaks, parseToml, settleSharedKeys } from './tomlBlocks';

/** One replacement in a text: `[start, end)` of the text before it (UTF-16 offsets) becomes `text`. */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const BOM = 0xfeff;

/** The model after `change`; re-parses the whole new text when the change is not local to one block. */
export function updatePrompts(previous: PromptsDocument, change: TextChange): PromptsDocument {
  return updatePromptsLocally(previous, change) ?? parsePrompts(applyChange(previous.text, change));
}

/** The model after `change` if one block can take it alone, else undefined. */
export function updatePromptsLocally(previous: PromptsDocument, change: TextChange): PromptsDocument | undefined {
  for (const index of candidateBlocks(previous, change)) {
    const updated = reparseBlock(previous, index, change);
    if (updated) return updated;
  }
  return undefined;
}

export function applyChange(text: string, change: TextChange): string {
  return text.slice(0, change.start) + change.text + text.slice(change.end);
}

/**
 * The blocks that hold the whole change: the one its start falls in, and,
 * when it starts where a block ends, that block too (an insertion at a
 * boundary may belong to either side).
 */
function candidateBlocks(doc: PromptsDocument, change: TextChange): number[] {
  const blocks = doc.blocks;
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[mid]!.startOffset <= change.start) lo = mid;
    else hi = mid - 1;
  }
  const found: number[] = [];
  if (change.end <= blocks[lo]!.endOffset) found.push(lo);
  const before = blocks[lo - 1];
  if (before && before.endOffset === change.start && change.end === change.start) found.push(lo - 1);
  return found;
}

function reparseBlock(doc: PromptsDocument, index: number, change: TextChange): PromptsDocument | undefined {
  const blocks = doc.blocks;
  const old = blocks[index]!;
  const start = change.start - old.startOffset;
  const end = change.end - old.startOffset;
  if (start < 0 || end > old.text.length || start > end) return undefined;
  const text = old.text.slice(0, start) + change.text + old.text.slice(end);
  // The scan after the block must start on a fresh line, as before.
  if (index < blocks.length - 1 && !text.endsWith('\n')) return undefined;
  // A byte order mark is one only at the top of the file.
  if (index > 0 && text.charCodeAt(0) === BOM) return undefined;
  // The block before ends where this one's first line reads as a header: that line must stay as it is.
  if (index > 0 && blocks[index - 1]!.content.openBeforeNext && firstLine(text) !== firstLine(old.text)) return undefined;
  const split = splitBlocks(text);
  const bounds = index === 0 ? (split.length === 1 ? split[0] : undefined) : split.length === 2 && split[0]!.end === 0 ? split[1] : undefined;
  // Opened by the same header, the block splits the rest of the file as before; left open, it may swallow what follows.
  if (!bounds || bounds.openAtEnd || !sameHeader(bounds.header, old.content.header)) return undefined;
  const contents = blocks.map((b) => b.content);
  const own = parseToml(text);
  contents[index] = new BlockContent(text, countLineBreaks(text), bounds.header, own, false);
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
