// The codes hand-edit detection reports (FORMATS.md B.5), with their
// severity and rule, in the shape of the validator's table (codes.ts).
// Stable: the quick fixes, the command line and tests key on them.

import type { CodeEntry } from '../../finding';

export const handEditCodes = {
  unloggedEdit: { code: 'prompts/unlogged-edit', severity: 'warning', rule: 'B.5 every hand edit leaves an [[edits]] entry' },
  sessionIdChanged: { code: 'prompts/session-id-changed', severity: 'error', rule: 'B.5 a session id never changes' },
  editsEntryRemoved: { code: 'prompts/edits-entry-removed', severity: 'error', rule: 'B.5 the [[edits]] log is append-only: no entry removed' },
  editsEntryAltered: { code: 'prompts/edits-entry-altered', severity: 'error', rule: 'B.5 the [[edits]] log is append-only: no entry altered' },
  authorEmailRemoved: { code: 'prompts/author-email-removed', severity: 'error', rule: 'B.5 [commit].author_email is never removed' },
  /** The command line's note that git failed or HEAD's version does not parse (the editor says it in the status bar). */
  handEditsUnchecked: { code: 'prompts/hand-edits-unchecked', severity: 'information', rule: 'B.5 hand edits are judged against HEAD' },
} as const satisfies Record<string, CodeEntry>;

/** What an unlogged-edit finding carries for the "Record in [[edits]]" fix. */
export interface UnloggedEditData {
  /** The session's id as committed; null for a file-level edit (`[commit]`). */
  readonly session: string | null;
  /** The affected turn's index (a deleted turn: the index it had); null when no turn is. */
  readonly turn: number | null;
  /** A short description, e.g. "`text` of turn 3 changed". */
  readonly what: string;
  /** A changed or removed value's TOML text as committed: what the hover and "Compare with HEAD" show. */
  readonly committed?: string;
}

/** What a session-id-changed finding carries for the "Restore the id" fix. */
export interface SessionIdChangedData {
  readonly original: string;
}
