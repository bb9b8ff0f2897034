// Sessions across a bundle, for the editor: from a `forked_from` value to
// the session it names (Go to Definition, hover), and from a session's id
// to its forks (Find References), wherever in the bundle they are.

import { escapeMarkdown, inlineCode } from '../../text/markdown';
import { containsPosition, type Position, type Range } from '../../text/range';
import { redactSecrets } from '../rules/redactText';
import type { Bundle } from './bundle';
import type { PromptsFacts, SessionFacts } from './facts';

export interface BundleLocation {
  /** The file, as the bundle names it. */
  readonly file: string;
  readonly range: Range;
}

/** What the cursor is on, as far as the bundle cares: a `forked_from` value or a session's id, and the id it holds. */
export function sessionReferenceAt(facts: PromptsFacts, position: Position): { kind: 'fork' | 'id'; id: string; range: Range } | undefined {
  for (const s of facts.sessions) {
    if (s.forkedFrom && containsPosition(s.forkedFrom.range, position)) return { kind: 'fork', id: s.forkedFrom.value, range: s.forkedFrom.range };
    if (containsPosition(s.idRange, position)) return { kind: 'id', id: s.id, range: s.idRange };
  }
  return undefined;
}

/** Every session of the bundle with this id (a merged copy and its original both), at its header. */
export function sessionsWithId(bundle: Bundle, id: string): BundleLocation[] {
  return matching(bundle, (s) => s.id === id).map(({ file, session }) => ({ file, range: session.headerRange }));
}

/** The sessions that name `id` in `forked_from`, at that value. */
export function forksOf(bundle: Bundle, id: string): BundleLocation[] {
  return matching(bundle, (s) => s.forkedFrom?.value === id).map(({ file, session }) => ({ file, range: session.forkedFrom!.range }));
}

/** The hover on a `forked_from` value: the session it names, where it is and how long; or that the bundle has none. */
export function forkParentHover(bundle: Bundle, id: string): string {
  const found = matching(bundle, (s) => s.id === id);
  const shown = inlineCode(redactSecrets(id));
  if (found.length === 0) {
    return bundle.complete ? `Forked from ${shown}: no session of the bundle has this id.` : `Forked from ${shown}: not in the open files (restricted mode: only open files are read).`;
  }
  const lines = [`**Forked from** ${shown}`, ''];
  for (const { path, session } of found.slice(0, 5)) {
    const title = session.title ? `${escapeMarkdown(redactSecrets(session.title))} · ` : '';
    lines.push(`- ${title}${session.turns} turn${session.turns === 1 ? '' : 's'} · ${inlineCode(path)}${session.mergedFrom !== undefined ? ` (merged from ${inlineCode(redactSecrets(session.mergedFrom))})` : ''}`);
  }
  return lines.join('\n');
}

function matching(bundle: Bundle, test: (s: SessionFacts) => boolean): { file: string; path: string; session: SessionFacts }[] {
  const out: { file: string; path: string; session: SessionFacts }[] = [];
  for (const f of bundle.files) for (const session of f.facts?.sessions ?? []) if (test(session)) out.push({ file: f.name, path: f.path, session });
  return out;
}
