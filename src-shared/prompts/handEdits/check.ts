// The verdict on hand edits (FORMATS.md B.5): which detected edits no new
// `[[edits]]` entry records (a warning each, at the changed place), and the
// changes no entry excuses (errors). An entry records an edit when it is
// new since HEAD, names the session's id in `sessions` and, if its `turns`
// list is not empty, lists the turn; an edit of no turn (a session field)
// needs only the id; a file-level edit (`[commit]`) needs an entry whose
// `sessions` list is empty.

import { type Finding, sortFindings } from '../../finding';
import type { EditModel, PromptsDocument } from '../toml/document';
import { diffHandEdits, type HandEdit } from './diff';
import { handEditCodes as codes, type UnloggedEditData } from './codes';

export interface HandEditVerdict {
  /** Warnings and errors, in reading order. */
  readonly findings: readonly Finding[];
  /** Every edit detected, recorded or not. */
  readonly edits: readonly HandEdit[];
  /** The edits no new entry records. */
  readonly unlogged: readonly HandEdit[];
}

/** Whether hand edits can be judged on this parse: every block parsed (a block that did not would look deleted). */
export function judgeable(doc: PromptsDocument): boolean {
  return doc.blocks.every((b) => b.value !== undefined);
}

/** `base` names the baseline in messages (`HEAD`, or the command line's `--base` revision). */
export function checkHandEdits(baseline: PromptsDocument, current: PromptsDocument, base = 'HEAD'): HandEditVerdict {
  const diff = diffHandEdits(baseline, current, base);
  const logs = diff.newEntries.map(entryScope).filter((l): l is EntryScope => l !== undefined);
  const unlogged = diff.edits.filter((e) => !logs.some((l) => records(l, e)));
  const warnings = unlogged.map((e): Finding => {
    const data: UnloggedEditData = { session: e.session ?? null, turn: e.turn ?? null, what: e.what, ...(e.committedToml !== undefined && { committed: e.committedToml }) };
    return {
      range: e.range,
      severity: codes.unloggedEdit.severity,
      code: codes.unloggedEdit.code,
      message: `${e.what} since ${base}, and no [[edits]] entry records it`,
      data,
    };
  });
  return { findings: sortFindings([...diff.violations, ...warnings]), edits: diff.edits, unlogged };
}

/** What one entry says it records. */
export interface EntryScope {
  readonly sessions: readonly string[];
  readonly turns: readonly number[];
}

/**
 * An entry whose `sessions` is not a list, or whose `turns` is there but not
 * a list, records nothing (the validator reports the type); a missing
 * `turns` reads as empty, like the list the writer would have written.
 */
function entryScope(entry: EditModel): EntryScope | undefined {
  const { sessions, turns = [] } = entry.view.value;
  if (!Array.isArray(sessions) || !Array.isArray(turns)) return undefined;
  return {
    sessions: sessions.filter((s): s is string => typeof s === 'string'),
    turns: turns.filter((t): t is bigint => typeof t === 'bigint').map(Number),
  };
}

function records(entry: EntryScope, edit: HandEdit): boolean {
  return entryRecords(entry, edit);
}

/** Whether an entry naming `sessions` and `turns` records an edit of `session` (none: a file-level edit) and `turn` (none: no turn). */
export function entryRecords(entry: EntryScope, edit: { readonly session?: string | null | undefined; readonly turn?: number | null | undefined }): boolean {
  if (edit.session === undefined || edit.session === null) return entry.sessions.length === 0;
  if (!entry.sessions.includes(edit.session)) return false;
  return edit.turn === undefined || edit.turn === null || entry.turns.length === 0 || entry.turns.includes(edit.turn);
}
