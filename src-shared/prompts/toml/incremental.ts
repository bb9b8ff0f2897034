// The model after an edit, from the model before it: only the blocks the
// edit touches are scanned and parsed again, every other block keeps its
// content (and so its parse, index and check) and moves by the lines and
// characters the edit added. The result is the model `parsePrompts` would
// build from the new text. The re-scanned window starts as the block the
// edit falls in and grows, a block at a time, until the split of the
// window alone must be the split of the whole text there: it starts where
// the scan of the whole text starts a block afresh and ends where it
// starts the next one the same way as before. An edit may so add, remove or
// join blocks. Many edits at once (a burst, a replace-all) are composed
// first into one replacement per place, and each window is parsed once.
// Only when the windows would pass `maxWindow` characters and a quarter of
// the text (a string left open that swallows the rest of the file, say, or
// edits all over it) are the edits declined, and the caller parses the
// whole text.

import { type TextChange, coalesceChanges } from '../../text/coalesce';
import { type Block, BlockContent } from './block';
import { documentOf, lastStartingBy, parsePrompts, placeBlocks, type PromptsDocument } from './document';
import { type BlockBounds, splitBlocks } from './scanner';
import { countLineBreaks, parseToml, settleSharedKeys } from './blocks';

export type { TextChange };

const BOM = 0xfeff;

/** The most text a window of blocks may grow to before the whole text is parsed instead. */
const maxWindow = 1 << 20;

/** The model after `change`; re-parses the whole new text when the change reaches too far. */
export function updatePrompts(previous: PromptsDocument, change: TextChange): PromptsDocument {
  return updatePromptsLocally(previous, change) ?? parsePrompts(applyChange(previous.text, change));
}

/** The model after `change` if a window of blocks around it can take it, else undefined. */
export function updatePromptsLocally(previous: PromptsDocument, change: TextChange): PromptsDocument | undefined {
  return updatePromptsInBatch(previous, [change]);
}

/**
 * The model after `changes` (in order, each relative to the text the one
 * before left), if windows of blocks around the places they change can
 * take them, else undefined. However many the changes, they are first
 * composed into one replacement per place (text/coalesce.ts), then each
 * window of blocks is scanned and parsed once and the shared keys settled
 * once: the work is one pass over the blocks that changed. Undefined also
 * when the windows would hold more than `maxWindow` characters and more
 * than a quarter of the text: one whole parse is cheaper then.
 */
export function updatePromptsInBatch(previous: PromptsDocument, changes: readonly TextChange[]): PromptsDocument | undefined {
  const blocks = previous.blocks;
  const places = coalesceChanges(changes);
  if (places.length === 0) return previous;
  const total = blocks[blocks.length - 1]!.endOffset;
  const budget = Math.max(maxWindow, total / 4);
  let windows = mergedWindows(places.map((place) => windowOf(blocks, place)));
  for (;;) {
    let settled = true;
    const next: Window[] = [];
    for (const w of windows) {
      if (w.verdict) {
        next.push(w);
        continue;
      }
      const text = windowText(blocks, w);
      const verdict = judgeWindow(blocks, w.first, w.last, text);
      if (verdict === 'earlier') {
        next.push({ ...w, first: Math.max(0, w.first - w.earlier), earlier: w.earlier * 2 });
        settled = false;
      } else if (verdict === 'later') {
        next.push({ ...w, last: Math.min(blocks.length - 1, w.last + w.later), later: w.later * 2 });
        settled = false;
      } else next.push({ ...w, text, verdict });
    }
    windows = mergedWindows(next);
    const size = windows.reduce((n, w) => n + blocks[w.last]!.endOffset - blocks[w.first]!.startOffset, 0);
    if (size > budget) return undefined;
    if (settled && windows.every((w) => w.verdict)) break;
  }
  return withWindows(blocks, windows);
}

/** Blocks `first..last` and the replacements inside them; once judged, their new text and bounds. */
interface Window {
  readonly first: number;
  readonly last: number;
  readonly places: readonly TextChange[];
  /** How many blocks the window takes in next time it must grow on that side (doubling, so growing costs a scan or two). */
  readonly earlier: number;
  readonly later: number;
  readonly text?: string;
  readonly verdict?: BlockBounds[];
}

/** The blocks one replacement falls in. */
function windowOf(blocks: readonly Block[], place: TextChange): Window {
  let first = lastStartingBy(blocks, place.start, (b) => b.startOffset);
  // An edit at a block's very start may join its first line to the block before.
  if (first > 0 && blocks[first]!.startOffset === place.start) first--;
  let last = first;
  while (last + 1 < blocks.length && blocks[last + 1]!.startOffset < place.end) last++;
  return { first, last, places: [place], earlier: 1, later: 1 };
}

/**
 * Windows in order, those that overlap or touch joined (a window is judged
 * against the blocks beside it, which must be ones no edit changed); a
 * joined window is judged again.
 */
function mergedWindows(windows: readonly Window[]): Window[] {
  const sorted = [...windows].sort((x, y) => x.first - y.first);
  const out: Window[] = [];
  for (const w of sorted) {
    const prev = out[out.length - 1];
    if (prev && w.first <= prev.last + 1) {
      out[out.length - 1] = {
        first: prev.first,
        last: Math.max(prev.last, w.last),
        places: [...prev.places, ...w.places],
        earlier: Math.max(prev.earlier, w.earlier),
        later: Math.max(prev.later, w.later),
      };
    } else out.push(w);
  }
  return out;
}

/** The window's blocks with its replacements made. */
function windowText(blocks: readonly Block[], w: Window): string {
  const from = blocks[w.first]!.startOffset;
  const old = w.first === w.last ? blocks[w.first]!.text : blocks.slice(w.first, w.last + 1).map((b) => b.text).join('');
  const parts: string[] = [];
  let at = 0;
  for (const place of [...w.places].sort((x, y) => x.start - y.start)) {
    parts.push(old.slice(at, place.start - from), place.text);
    at = place.end - from;
  }
  parts.push(old.slice(at));
  return parts.join('');
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

/** The document with each window's blocks replaced by the blocks cut from its new text. */
function withWindows(blocks: readonly Block[], windows: readonly Window[]): PromptsDocument {
  const contents = blocks.map((b) => b.content);
  // Last window first, so the indexes of the ones before stay valid.
  for (const w of [...windows].reverse()) {
    const text = w.text!;
    contents.splice(
      w.first,
      w.last - w.first + 1,
      ...w.verdict!.map((p) => {
        const t = text.slice(p.start, p.end);
        return new BlockContent(t, countLineBreaks(t), p.header, parseToml(t, p), p.openBeforeNext === true);
      }),
    );
  }
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
