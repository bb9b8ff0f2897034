// "Go to session": every session of every `.prompts` file in the workspace
// as a workspace symbol named by its title and id, from a cheap
// scan of each file (src-shared/prompts/features/sessionScan.ts) kept by the
// workspace index until the file changes. A query matches an id or a title
// whose letters contain the query's in order, ignoring case. VS Code then
// filters what it gets by the symbol's name alone (the container is matched
// only by a second, space-separated word), so the name carries both.

import { SymbolKind, type WorkspaceSymbol } from 'vscode-languageserver';
import { languageIds } from '../../../src-shared/protocol/common';
import { type ScannedSession, scanSessions } from '../../../src-shared/prompts/features/sessionScan';
import type { Extractor, WorkspaceIndex } from '../workspaceIndex';

export const sessionsExtractor: Extractor<ScannedSession[]> = {
  id: 'prompts/sessions',
  glob: '**/*.prompts',
  languageId: languageIds.prompts,
  extract: scanSessions,
};

/**
 * The sessions that match, at most `limit` (in file order, then session
 * order); `onCut` hears how many more matched. The quick pick filters what
 * it gets by the query again, so a note among the symbols would not show:
 * a longer query narrows the list instead.
 */
export async function provideWorkspaceSymbols(workspace: WorkspaceIndex, query: string, limit = Infinity, onCut?: (shown: number, matched: number) => void): Promise<WorkspaceSymbol[]> {
  const q = query.toLowerCase();
  const files = await workspace.entries(sessionsExtractor);
  const symbols: WorkspaceSymbol[] = [];
  let matched = 0;
  for (const { uri, value } of files) {
    for (const s of value) {
      if (!matches(s.id, q) && !(s.title !== undefined && matches(s.title, q))) continue;
      matched++;
      if (symbols.length < limit) symbols.push({ name: symbolName(s), kind: SymbolKind.Class, location: { uri, range: s.range } });
    }
  }
  if (matched > symbols.length) onCut?.(symbols.length, matched);
  return symbols;
}

/** `Login form (d1714569-…)`, or the id alone for a session without a title. */
export function symbolName(s: ScannedSession): string {
  return s.title === undefined ? s.id : `${s.title} (${s.id})`;
}

function matches(text: string, query: string): boolean {
  let at = 0;
  const lower = text.toLowerCase();
  for (const c of query) {
    at = lower.indexOf(c, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}
