// What the review page's actions edit, found in the source: the characters
// of a string value a selection in the page covers (the page counts in the
// decoded value, the editor in the source, escapes included), and the
// source lines of one turn, for Delete turn. Both return what the
// hand-edit fixes (handEditsFixes.ts) then apply and record.

import type { Range } from '../../text/range';
import type { TextEdit } from '../../text/textEdit';
import type { PromptsDocument } from '../toml/document';
import type { UnloggedEditData } from '../handEdits/codes';
import { nodeAt, TableNode } from '../toml/syntaxTree';
import { sourceSpanOfValue } from '../toml/strings';

/** A string value the page shows: in a session, maybe a turn, maybe a tool call's `args`. */
export interface ValueRef {
  /** The session's position among the file's sessions. */
  readonly session: number;
  readonly turn?: number;
  readonly toolCall?: number;
  /** The key holding the string (in `args` for a tool call), or `tags` with `item`. */
  readonly key: string;
  readonly item?: number;
}

export type Located<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const gone = 'That text is not in the file as it is now; nothing was changed.';

/** The source range of the decoded characters `[from, to)` of the value at `ref`, whole escapes included. */
export function valueSourceRange(doc: PromptsDocument, ref: ValueRef, from: number, to: number): Located<Range> {
  const session = doc.sessions[ref.session];
  const table = session?.view.node;
  if (!session || !table) return { ok: false, message: gone };
  const path: (string | number)[] = [];
  if (ref.turn !== undefined) path.push('turns', ref.turn);
  if (ref.toolCall !== undefined) path.push('tool_calls', ref.toolCall, 'args');
  path.push(ref.key);
  if (ref.item !== undefined) path.push(ref.item);
  const node = nodeAt(table, path);
  if (!node || node instanceof TableNode || node.kind !== 'string') return { ok: false, message: gone };
  if (!(from >= 0 && to > from)) return { ok: false, message: 'Select the text to redact first.' };
  const block = session.view.block;
  const span = sourceSpanOfValue(block.text, node, node.style, from, to);
  if (!span) return { ok: false, message: gone };
  return { ok: true, value: block.rangeOf(span) };
}

/** Deleting turn `turn` of session `session`: its lines, from its header to the next turn's (or the session's end). */
export function deleteTurnEdit(doc: PromptsDocument, sessionIndex: number, turnIndex: number): Located<{ edit: TextEdit; recorded: UnloggedEditData }> {
  const session = doc.sessions[sessionIndex];
  const turn = session?.turns.find((t) => t.index === turnIndex);
  if (!session || !turn) return { ok: false, message: gone };
  const id = session.view.value['id'];
  if (typeof id !== 'string') return { ok: false, message: 'This session has no id to record the deletion under.' };
  if (session.turns.length < 2) return { ok: false, message: 'A session keeps at least one turn; this is its only one.' };
  const header = turn.view.node?.header;
  if (!header) return { ok: false, message: 'This turn is not written under its own [[sessions.turns]] header, so it cannot be cut out as lines.' };
  const block = session.view.block;
  const text = block.text;
  let start = text.lastIndexOf('\n', header.start - 1) + 1;
  const next = session.turns.find((t) => t.index === turnIndex + 1)?.view.node?.header;
  // Up to the next turn's header line, or to the end of the block's content (trailing blank lines and what follows stay).
  let end: number;
  if (next) end = text.lastIndexOf('\n', next.start - 1) + 1;
  else {
    // The last turn takes the blank lines above it, so the block keeps its own ending.
    while (start > 0 && /\s/.test(text[start - 1]!)) start--;
    start = text.indexOf('\n', start) + 1 || start;
    end = text.length;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    const nl = text.indexOf('\n', end);
    end = nl === -1 ? text.length : nl + 1;
  }
  return {
    ok: true,
    value: {
      edit: { range: block.rangeOf({ start, end }), newText: '' },
      recorded: { session: id, turn: turnIndex, what: `turn ${turnIndex} was deleted` },
    },
  };
}
