// "Did you mean": the closest of a few candidate names to a misspelt one,
// for unknown keys, tool names and enum values.

import { closest as nearest } from '../../text/editDistance';

/**
 * The candidate nearest to `name`, if it is near enough to be what was
 * meant: a few edits away, or else the only candidate `name` begins (`claude`
 * for `claude_code`).
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  const list = [...candidates];
  const best = nearest(lower, list.map((c) => c.toLowerCase()));
  const bestName = best && list.find((c) => c.toLowerCase() === best.name);
  const longer = Math.max(name.length, bestName?.length ?? 0);
  if (best && best.distance <= Math.max(1, Math.min(3, Math.floor(longer / 3)))) return bestName;
  const extended = lower.length >= 3 ? list.filter((c) => c.toLowerCase().startsWith(lower)) : [];
  return extended.length === 1 ? extended[0] : undefined;
}
