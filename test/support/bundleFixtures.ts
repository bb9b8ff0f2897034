// In-memory bundles for the bundle rules' tests: files by path with their
// text, turned into the facts and digests the core takes, and small
// `.prompts` texts to fill them with.

import type { Bundle } from '../../src-shared/prompts/bundle/bundle';
import { mergeComparisons, type SessionDigests } from '../../src-shared/prompts/bundle/check';
import { sessionDigests } from '../../src-shared/prompts/bundle/content';
import { factsOfText } from '../../src-shared/prompts/bundle/facts';

/** A bundle of `files` (path → text; `.prompts` files get facts), and the digests its merged copies need. */
export function memoryBundle(files: Readonly<Record<string, string>>, complete = true): { bundle: Bundle; digests: SessionDigests } {
  const bundle: Bundle = {
    complete,
    files: Object.entries(files).map(([path, text]) => ({ name: path, path, ...(path.endsWith('.prompts') && { facts: factsOfText(text) }) })),
  };
  const digests = new Map<string, Map<string, string>>();
  for (const [name, ids] of mergeComparisons(bundle)) digests.set(name, sessionDigests(files[name]!, ids));
  return { bundle, digests };
}

export interface SessionSpec {
  readonly id: string;
  readonly text?: string;
  readonly extra?: readonly string[];
}

/** A valid `.prompts` file of `branch` holding `sessions`. */
export function promptsFile(branch: string, sessions: readonly SessionSpec[]): string {
  const out = ['[commit]', `branch = ${JSON.stringify(branch)}`, 'author_name = "Alice"', 'author_email = "alice@example.com"', ''];
  for (const s of sessions) {
    out.push('[[sessions]]', `id = ${JSON.stringify(s.id)}`, 'source = "manual"', ...(s.extra ?? []), '', '  [[sessions.turns]]', '  role = "user"', `  text = ${JSON.stringify(s.text ?? 'Hello')}`, '');
  }
  return out.join('\n');
}

export const stamps = ['merged_from = "feature/login"', 'merged_at = 2026-04-22T10:00:00Z', 'approved_by = "bob@example.com"'];
