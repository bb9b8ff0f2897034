// Writing `[[edits]]` entries: the TOML text of new entries appended at the
// end of a file in its style (line ending, key layout, one blank line
// before each entry), as a snippet whose first tab stop is the reason (and
// the second the author, when git knows no email), and as plain text with
// those defaults filled in.

import type { Position } from '../../text/range';
import { LineIndex } from '../../text/lineIndex';
import type { PromptsDocument } from '../toml/document';
import { fileStyle, type FileStyle } from './editsEntryStyle';

export interface EntryFields {
  /** A TOML offset date-time, e.g. `2026-04-21T09:00:00Z`. */
  readonly at: string;
  /** The editor's email; undefined becomes a placeholder to fill in. */
  readonly by: string | undefined;
  readonly sessions: readonly string[];
  readonly turns: readonly number[];
  /** The reason's default, selected for the user to type over. */
  readonly reason: string;
}

export interface EntryInsertion {
  /** Where the text goes: the end of the document. */
  readonly position: Position;
  /** The text as a snippet (`${1:reason}`), for the editor. */
  readonly snippet: string;
  /** The same text with each placeholder's default, for tests and any client without snippets. */
  readonly text: string;
}

/** Shown in `by` when git has no `user.email`: a tab stop, so it is filled in right after the reason. */
export const unknownAuthor = 'you@example.com';

/** `2026-04-21T09:00:00Z`: whole seconds in UTC, as the capture writer writes time. */
export function utcSecond(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The entries appended at the end of `doc` (several share one reason: the tab stops mirror). */
export function appendEntries(doc: PromptsDocument, entries: readonly EntryFields[]): EntryInsertion {
  const style = fileStyle(doc);
  const eol = style.eol;
  const snippetParts: string[] = [];
  const textParts: string[] = [];
  for (const entry of entries) {
    snippetParts.push(entryLines(entry, style, true).join(eol));
    textParts.push(entryLines(entry, style, false).join(eol));
  }
  const lead = separator(doc.text, eol);
  const index = new LineIndex(doc.text);
  return {
    position: index.positionAt(doc.text.length),
    snippet: escapeSnippet(lead) + snippetParts.join(escapeSnippet(eol + eol)) + escapeSnippet(eol),
    text: lead + textParts.join(eol + eol) + eol,
  };
}

/** What goes before the first entry so exactly one blank line separates it from the text above (none in an empty file). */
function separator(text: string, eol: string): string {
  if (text.trim() === '') return '';
  if (/\r?\n[ \t]*\r?\n$/.test(text)) return '';
  return text.endsWith('\n') ? eol : eol + eol;
}

function entryLines(entry: EntryFields, style: FileStyle, snippet: boolean): string[] {
  const literal = (s: string) => (snippet ? escapeSnippet(s) : s);
  const placeholder = (stop: number, value: string) => (snippet ? `\${${stop}:${escapeSnippet(value)}}` : value);
  const rows: [string, string][] = [
    ['at', literal(entry.at)],
    ['by', `"${entry.by === undefined ? placeholder(2, unknownAuthor) : literal(basicStringBody(entry.by))}"`],
    ['sessions', literal(`[${entry.sessions.map((s) => `"${basicStringBody(s)}"`).join(', ')}]`)],
    ['turns', literal(`[${entry.turns.join(', ')}]`)],
    ['reason', `"${placeholder(1, basicStringBody(entry.reason))}"`],
  ];
  const { indent, equalsColumn } = style.keys;
  const column = equalsColumn === undefined ? undefined : style.keysFromEntry ? equalsColumn : Math.max(...rows.map(([k]) => k.length)) + 1;
  return ['[[edits]]', ...rows.map(([key, value]) => `${indent}${keyThenEquals(key, column)} ${value}`)];
}

/** `key =`, or with the `=` in `column` when keys are aligned. */
export function keyThenEquals(key: string, column: number | undefined): string {
  return column === undefined ? `${key} =` : `${key.padEnd(Math.max(column, key.length + 1))}=`;
}

/** The inside of a TOML basic string holding `s` (JSON's escapes are all valid TOML). */
function basicStringBody(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/** Text a snippet inserts as it is: `$`, `}` and `\` escaped. */
export function escapeSnippet(s: string): string {
  return s.replace(/[\\$}]/g, '\\$&');
}
