// Each block's check, remembered with its content. A block whose text did
// not change is not checked again after an edit elsewhere: its findings
// are moved by the lines it moved (they never leave the block) and its
// session facts are re-pointed at the block's new placement. This is what
// makes re-validating a huge file after a keystroke cost one block.

import { type Finding, sortFindings } from '../../finding';
import type { Range } from '../../text/range';
import type { Block, BlockContent } from '../toml/block';
import type { BlockCheck } from './validate';

interface Remembered {
  /** The placement the check was made (or last moved) for. */
  readonly block: Block;
  readonly check: BlockCheck;
}

// Keyed by content, so a check lives exactly as long as some document holds the block.
const remembered = new WeakMap<BlockContent, Map<string, Remembered>>();

/** The check of `block` under the options `key` names, if its content was checked before; moved to where the block is now. */
export function recall(block: Block, key: string): BlockCheck | undefined {
  const byOptions = remembered.get(block.content);
  const r = byOptions?.get(key);
  if (!byOptions || !r) return undefined;
  // On the same line the check holds as it is (its session views' old placement gives the same ranges).
  if (r.block === block || r.block.startLine === block.startLine) return r.check;
  const check = moved(r.check, r.block, block);
  byOptions.set(key, { block, check });
  return check;
}

/** Keeps `check` of `block` (its findings put in reading order) and returns it. */
export function remember(block: Block, key: string, check: BlockCheck): BlockCheck {
  const facts = { ...check.facts, sessions: check.facts.sessions.map((s) => ({ ...s, view: s.view.unlocated() })) };
  const kept: BlockCheck = { findings: sortFindings(check.findings), facts };
  let byOptions = remembered.get(block.content);
  if (!byOptions) remembered.set(block.content, (byOptions = new Map<string, Remembered>()));
  byOptions.set(key, { block, check: kept });
  return kept;
}

function moved(check: BlockCheck, from: Block, to: Block): BlockCheck {
  const lines = to.startLine - from.startLine;
  return {
    findings: lines === 0 ? check.findings : check.findings.map((f) => shifted(f, lines)),
    facts: { ...check.facts, sessions: check.facts.sessions.map((s) => ({ ...s, view: s.view.onBlock(to) })) },
  };
}

function shifted(f: Finding, lines: number): Finding {
  return {
    ...f,
    range: shiftedRange(f.range, lines),
    ...(f.related && { related: f.related.map((r) => ({ ...r, range: shiftedRange(r.range, lines) })) }),
  };
}

function shiftedRange(r: Range, lines: number): Range {
  return { start: { line: r.start.line + lines, character: r.start.character }, end: { line: r.end.line + lines, character: r.end.character } };
}
