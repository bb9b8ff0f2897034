// The Session Review's filters: which sessions the cards show, by the
// roles of their turns, the tools they called (or a failed call), the
// marks they carry, their visibility, or only those with a problem. Each
// filter given narrows (they combine with "and"); the header's counts are
// those of the sessions that pass. "As published" stays its own switch
// (build.ts), applied before these.

import type { TomlTable } from 'smol-toml';
import type { SessionModel } from '../toml/document';
import { isTable } from '../toml/valueTypes';
import type { MarkKind } from './view';

export interface ReviewFilter {
  /** A session with a turn of one of these roles. */
  readonly roles?: readonly string[];
  /** A session with a call of this tool. */
  readonly tool?: string;
  /** A session with a failed call (`status = "error"`). */
  readonly failed?: boolean;
  /** A session carrying a mark of one of these kinds. */
  readonly marks?: readonly MarkKind[];
  readonly visibility?: 'public' | 'private';
  /** A session carrying any mark (a secret, an unlogged edit, an error or a warning). */
  readonly problems?: boolean;
}

const markKinds: readonly MarkKind[] = ['secret', 'unlogged', 'error', 'warning'];

/** A well-formed filter from what a request carried (anything else is dropped, never trusted). */
export function filterOf(raw: unknown): ReviewFilter | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
  const roles = strings(r['roles']);
  const marks = strings(r['marks'])?.filter((m): m is MarkKind => (markKinds as readonly string[]).includes(m));
  const f: ReviewFilter = {
    ...(roles && roles.length > 0 && { roles }),
    ...(typeof r['tool'] === 'string' && r['tool'] !== '' && { tool: r['tool'] }),
    ...(r['failed'] === true && { failed: true }),
    ...(marks && marks.length > 0 && { marks }),
    ...((r['visibility'] === 'public' || r['visibility'] === 'private') && { visibility: r['visibility'] }),
    ...(r['problems'] === true && { problems: true }),
  };
  return Object.keys(f).length > 0 ? f : undefined;
}

/** Whether a session passes, given the kinds of the marks placed on it. */
export function passes(s: SessionModel, marks: readonly { readonly mark: { readonly kind: MarkKind } }[], f: ReviewFilter): boolean {
  if (f.visibility && (s.view.value['visibility'] === 'private' ? 'private' : 'public') !== f.visibility) return false;
  if (f.problems && marks.length === 0) return false;
  if (f.marks && !marks.some((m) => f.marks!.includes(m.mark.kind))) return false;
  if (f.roles && !s.turns.some((t) => { const role = t.view.value['role']; return typeof role === 'string' && f.roles!.includes(role); })) return false;
  if (f.tool !== undefined || f.failed) {
    const calls: TomlTable[] = [];
    forEachCall(s, (c) => calls.push(c));
    if (f.tool !== undefined && !calls.some((c) => c['name'] === f.tool)) return false;
    if (f.failed && !calls.some((c) => c['status'] === 'error')) return false;
  }
  return true;
}

/** The names of every tool the file's sessions call, sorted (the page's tool filter offers them). */
export function toolNames(sessions: readonly SessionModel[]): string[] {
  const names = new Set<string>();
  for (const s of sessions) {
    forEachCall(s, (c) => {
      if (typeof c['name'] === 'string') names.add(c['name']);
    });
  }
  return [...names].sort();
}

/**
 * Each tool call of the session's turns, as its parsed table: read off the
 * values, not the turns' models, so after a keystroke in a session of
 * 10,000 turns no call's model is built for the filters.
 */
function forEachCall(s: SessionModel, visit: (call: TomlTable) => void): void {
  for (const t of s.turns) {
    const calls = t.view.value['tool_calls'];
    if (Array.isArray(calls)) for (const c of calls) if (isTable(c)) visit(c);
  }
}
