// The sessions of a `.prompts` text found cheaply, for "go to session"
// across the workspace: the file is split into blocks and only each
// session block's position index is built (no TOML parse, no validation),
// which is enough to read its `id` and `title` and where its header is.

import { LineIndex } from '../../text/lineIndex';
import type { Range } from '../../text/range';
import { indexBlock, splitBlocks } from '../toml/scanner';
import { labelLookahead, maskedCut } from '../rules/redactText';
import { stringPrefixOf } from '../toml/stringPrefix';
import type { TableNode } from '../toml/syntaxTree';

export interface ScannedSession {
  readonly id: string;
  readonly title: string | undefined;
  /** The `[[sessions]]` header. */
  readonly range: Range;
}

/** Ids and titles are short; more than this is not shown. */
const shownLength = 200;

export function scanSessions(text: string): ScannedSession[] {
  const out: ScannedSession[] = [];
  let lines: LineIndex | undefined;
  for (const bounds of splitBlocks(text)) {
    const h = bounds.header;
    if (!h || h.rootKey !== 'sessions' || !h.array || h.segments !== 1) continue;
    const blockText = text.slice(bounds.start, bounds.end);
    const { root, headers } = indexBlock(blockText);
    const session = root.member('sessions')?.tables?.[0];
    const id = session && stringOf(blockText, session, 'id');
    if (!session || id === undefined || headers.length === 0) continue;
    lines ??= new LineIndex(text);
    const title = stringOf(blockText, session, 'title')?.trim();
    out.push({ id, title: title || undefined, range: lines.rangeOf(bounds.start + headers[0]!.start, bounds.start + headers[0]!.end) });
  }
  return out;
}

/** A value as a symbol shows it: never a secret. */
function stringOf(text: string, table: TableNode, key: string): string | undefined {
  const v = table.member(key)?.value;
  return v?.kind === 'string' ? maskedCut(stringPrefixOf(text, v, shownLength + labelLookahead), shownLength) : undefined;
}
