// The hand-edit fixes and commands as one computation each, on one parsed
// document version: the plain text edits, and the `[[edits]]` entry
// (a snippet appended at the end) that records them. Recording, Redact
// Selection (and a secret's redact fix), removing invisible characters,
// Make Session Private, and
// restoring a changed session id; and the Session Review's redaction of
// a selected value and Delete turn. An entry records every unlogged edit
// its sessions and turns cover (B.5), so its reason names all of them, not
// only the one asked for. The server checks the version and the client
// applies the result as one workspace edit.

import { redactSecrets } from '../rules/redactText';
import type { Position, Range } from '../../text/range';
import type { TextEdit } from '../../text/textEdit';
import type { PromptsDocument } from '../toml/document';
import { appendEntries, type EntryFields, type EntryInsertion, utcSecond } from './editsEntry';
import { entryRecords, type EntryScope } from './check';
import type { UnloggedEditData } from './codes';
import { makePrivateEdit } from './makePrivate';
import { redactionTarget, type RedactionTarget } from './redact';
import { locate } from '../toml/locate';
import { redactionEdits, replacingEdits } from '../features/quickFixes';
import { deleteTurnEdit, valueSourceRange, type ValueRef } from '../review/actions';

export type FixRequest =
  /** Record these detected edits (from unlogged-edit findings) in new entries. */
  | { readonly kind: 'record'; readonly edits: readonly UnloggedEditData[] }
  /** Replace the text at each range (each inside one string value) with `[REDACTED]`, and record them in one entry. */
  | { readonly kind: 'redact'; readonly ranges: readonly Range[] }
  /** Remove the invisible characters at each range (each inside one string value: an invisible-characters finding's), and record them. */
  | { readonly kind: 'removeInvisible'; readonly ranges: readonly Range[] }
  /** Set `visibility = "private"` on the session at `position`, and record it. */
  | { readonly kind: 'makePrivate'; readonly position: Position }
  /** Put a changed session id back (no entry: the change was never allowed). */
  | { readonly kind: 'restoreId'; readonly range: Range; readonly original: string }
  /** Redact the decoded characters `[from, to)` of one string value (a selection in the Session Review), and record it. */
  | { readonly kind: 'redactValue'; readonly value: ValueRef; readonly from: number; readonly to: number }
  /** Delete one turn, and record it with the index it had. */
  | { readonly kind: 'deleteTurn'; readonly session: number; readonly turn: number };

export interface FixEnvironment {
  readonly now: Date;
  /** `git config user.email`, if git knows one. */
  readonly author: string | undefined;
  /**
   * The document's unlogged edits before the fix (its verdict against HEAD).
   * A new entry records every one its sessions and turns cover, not only
   * what the fix was asked for, so its reason names them all.
   */
  readonly unlogged?: readonly UnloggedEditData[];
}

export type FixResult =
  | { readonly ok: true; readonly edits: readonly TextEdit[]; readonly entry: EntryInsertion | undefined }
  | { readonly ok: false; readonly message: string };

export function computeFix(doc: PromptsDocument, request: FixRequest, env: FixEnvironment): FixResult {
  switch (request.kind) {
    case 'record':
    {
      if (request.edits.length === 0) return { ok: false, message: 'There is no unlogged hand edit to record.' };
      const entries = entriesFor(request.edits, env);
      if (entries.length === 0) return { ok: false, message: 'The session id looks like a secret, and the edits log is append-only: give the session another id first, then record its edits.' };
      return { ok: true, edits: [], entry: appendEntries(doc, entries) };
    }
    case 'redact': {
      const targets = targetsOf(doc, request.ranges);
      if (!targets.ok) return targets;
      const edits = redactionEdits(doc, targets.value.map((t) => t.range));
      if (edits.length === 0) return { ok: false, message: 'That text is redacted already.' };
      const one = targets.value.length === 1 ? targets.value[0]!.where.replaceAll('`', '') : undefined;
      return recordedFix(doc, edits, targets.value, 'redacted text', one ? `Redacted text in ${one}.` : `Redacted ${targets.value.length} secrets.`, env);
    }
    case 'removeInvisible': {
      const targets = targetsOf(doc, request.ranges);
      if (!targets.ok) return targets;
      const edits = replacingEdits(targets.value.map((t) => t.range), '');
      const one = targets.value.length === 1 ? targets.value[0]!.where.replaceAll('`', '') : undefined;
      return recordedFix(doc, edits, targets.value, 'removed invisible characters', one ? `Removed invisible characters in ${one}.` : 'Removed invisible characters.', env);
    }
    case 'makePrivate': {
      const session = locate(doc, request.position).session;
      if (!session) return { ok: false, message: 'Put the cursor in a [[sessions]] table to make that session private.' };
      const id = session.view.value['id'];
      if (typeof id !== 'string') return { ok: false, message: 'This session has no id to record the change under.' };
      const change = makePrivateEdit(session);
      if (!change.ok) return change;
      const recorded: UnloggedEditData = { session: id, turn: null, what: '`visibility` changed' };
      return { ok: true, edits: [change.edit], entry: appendEntries(doc, entriesFor([recorded], env, 'Made the session private.')) };
    }
    case 'redactValue': {
      const range = valueSourceRange(doc, request.value, request.from, request.to);
      return range.ok ? computeFix(doc, { kind: 'redact', ranges: [range.value] }, env) : range;
    }
    case 'deleteTurn': {
      const found = deleteTurnEdit(doc, request.session, request.turn);
      if (!found.ok) return found;
      const { edit, recorded } = found.value;
      return { ok: true, edits: [edit], entry: appendEntries(doc, entriesFor([recorded], env, `Deleted turn ${request.turn}.`)) };
    }
    case 'restoreId':
      return { ok: true, edits: [{ range: request.range, newText: JSON.stringify(request.original) }], entry: undefined };
  }
}

/** Where each range lies (each inside one string value or comment, outside [[edits]]), or why one cannot be changed. */
function targetsOf(doc: PromptsDocument, ranges: readonly Range[]): { ok: true; value: RedactionTarget[] } | { ok: false; message: string } {
  const value: RedactionTarget[] = [];
  for (const range of ranges) {
    const found = redactionTarget(doc, range);
    if (!found.ok) return found;
    value.push(found.target);
  }
  return { ok: true, value };
}

/** `edits` to the strings of `targets`, with the entry that records them (a `[commit]` string's in a file-level entry). */
function recordedFix(doc: PromptsDocument, edits: readonly TextEdit[], targets: readonly RedactionTarget[], what: string, reason: string, env: FixEnvironment): FixResult {
  const recorded = targets.map(({ session, turn, where }): UnloggedEditData => ({ session: session ?? null, turn: turn ?? null, what: `${what} in ${where}` }));
  return { ok: true, edits, entry: appendEntries(doc, entriesFor(recorded, env, reason)) };
}

/**
 * The entries that record `edits`: one for the sessions' edits (their ids,
 * and the turns touched; a session field needs no turn), and one with an
 * empty `sessions` list for file-level edits, since B.5 lets only such an
 * entry record a change to `[commit]`.
 */
export function entriesFor(edits: readonly UnloggedEditData[], env: FixEnvironment, reason?: string): EntryFields[] {
  const at = utcSecond(env.now);
  const scopes: EntryScope[] = [];
  const inSessions = edits.filter((e) => e.session !== null);
  // An id that looks like a secret is never copied into the log, which is append-only: it could never be redacted
  // there. Its session's edits stay unlogged, and their finding says so, until the session has another id.
  const sessions = [...new Set(inSessions.map((e) => e.session!))].filter((id) => redactSecrets(id) === id);
  if (sessions.length > 0) {
    const turns = [...new Set(inSessions.flatMap((e) => (e.turn === null || !sessions.includes(e.session!) ? [] : [e.turn])))].sort((a, b) => a - b);
    scopes.push({ sessions, turns });
  }
  if (inSessions.length < edits.length) scopes.push({ sessions: [], turns: [] });
  // The entries share one reason (its tab stops mirror), which names all they record.
  const alsoRecorded = (env.unlogged ?? []).filter((u) => scopes.some((scope) => entryRecords(scope, u)) && !edits.some((e) => sameEdit(e, u)));
  const said = reason === undefined ? defaultReason([...edits, ...alsoRecorded]) : alsoRecorded.length === 0 ? reason : `${reason} Also records: ${whats(alsoRecorded).join('; ')}.`;
  return scopes.map((scope) => ({ at, by: env.author, ...scope, reason: said }));
}

function sameEdit(a: UnloggedEditData, b: UnloggedEditData): boolean {
  return a.session === b.session && a.turn === b.turn && a.what === b.what;
}

/** "Hand edit: `text` of turn 3 changed; turn 5 was deleted." without the backticks, for the user to type over. */
function defaultReason(edits: readonly UnloggedEditData[]): string {
  return `Hand edit: ${whats(edits).join('; ')}.`;
}

/** Each distinct description, without backticks; past four, the rest counted. */
function whats(edits: readonly UnloggedEditData[]): string[] {
  const all = [...new Set(edits.map((e) => e.what.replaceAll('`', '')))];
  return all.length > 4 ? [...all.slice(0, 3), `${all.length - 3} more`] : all;
}
