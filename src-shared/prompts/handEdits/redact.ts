// Redaction of a selection: the selection must lie inside the characters
// of one string value (basic, literal or multi-line, in any table or inline
// table); it is widened to whole escape sequences and replaced with
// `[REDACTED]`, so the literal stays well-formed. Comment text may be
// redacted too (a secret in a comment ships with the file). A selection
// that touches TOML syntax (a quote, a key, two values) is refused with a reason.

import type { Range } from '../../text/range';
import { blockAtLine, type PromptsDocument } from '../toml/document';
import { locate } from '../toml/locate';
import type { Span, StringNode, TableNode, ValueNode } from '../toml/syntaxTree';
import { valueSourceSpan } from '../toml/strings';
import { quotedSpans, withinComments } from '../rules/secretComments';

/** What a redaction replaces, and which session and turn it edits. */
export interface RedactionTarget {
  /** The source to replace, in document coordinates. */
  readonly range: Range;
  /** The session's id; undefined for a string outside any session (`[commit]`). */
  readonly session: string | undefined;
  readonly turn: number | undefined;
  /** "turn 3", "`title`", for the default reason. */
  readonly where: string;
}

export type RedactionLookup = { readonly ok: true; readonly target: RedactionTarget } | { readonly ok: false; readonly message: string };

const insideOneString = 'Select text inside one string value (not its quotes, a key or several values) to redact it.';

export function redactionTarget(doc: PromptsDocument, selection: Range): RedactionLookup {
  const block = blockAtLine(doc, selection.start.line);
  if (selection.end.line >= block.endLine && block.endLine > block.startLine) return { ok: false, message: insideOneString };
  const from = block.offsetAt(selection.start);
  const to = block.offsetAt(selection.end);
  if (from >= to) return { ok: false, message: 'Select the text to redact first.' };
  const found = stringAround(block.root, from, to);
  const span = found ? valueSourceSpan(block.text, found.node, found.node.style, from, to) : withinComments(block.text, quotedSpans(block.root), from, to) ? { start: from, end: to } : undefined;
  if (!span) return { ok: false, message: insideOneString };
  const where = locate(doc, selection.start);
  if (where.tablePath[0] === 'edits') return { ok: false, message: 'The [[edits]] log is append-only: redacting inside an entry would alter it.' };
  const range = block.rangeOf(span);
  const named = found ? `\`${found.key}\`` : 'a comment';
  if (!where.session) return { ok: true, target: { range, session: undefined, turn: undefined, where: named } };
  const id = where.session.view.value['id'];
  if (typeof id !== 'string') return { ok: false, message: 'This session has no id to record the redaction under.' };
  const turn = where.turn?.index;
  return { ok: true, target: { range, session: id, turn, where: turn === undefined ? named : `turn ${turn}` } };
}

/** The string value node that holds `[from, to)`, and the key it is under. */
function stringAround(table: TableNode, from: number, to: number): { node: StringNode; key: string } | undefined {
  for (const m of table.members) {
    if (m.value) {
      const hit = inValue(m.value, m.key.name, from, to);
      if (hit) return hit;
    }
    for (const t of m.tables ?? (m.table ? [m.table] : [])) {
      const hit = stringAround(t, from, to);
      if (hit) return hit;
    }
  }
  return undefined;
}

function inValue(v: ValueNode, key: string, from: number, to: number): { node: StringNode; key: string } | undefined {
  if (!covers(v, from, to)) return undefined;
  if (v.kind === 'string') return { node: v, key };
  if (v.kind === 'array') {
    for (const item of v.items) {
      const hit = inValue(item, key, from, to);
      if (hit) return hit;
    }
  }
  if (v.kind === 'inlineTable') return stringAround(v.table, from, to);
  return undefined;
}

function covers(span: Span, from: number, to: number): boolean {
  return span.start <= from && to <= span.end;
}
