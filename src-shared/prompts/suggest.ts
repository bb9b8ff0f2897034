// "Did you mean": the closest of a few candidate names to a misspelt one,
// for unknown keys, tool names and enum values.

/**
 * The candidate nearest to `name`, if it is near enough to be what was
 * meant: a few edits away, or else the only candidate `name` begins (`claude`
 * for `claude_code`).
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  const list = [...candidates];
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of list) {
    const d = distance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const longer = Math.max(name.length, best?.length ?? 0);
  if (bestDistance <= Math.max(1, Math.min(3, Math.floor(longer / 3)))) return best;
  const extended = lower.length >= 3 ? list.filter((c) => c.toLowerCase().startsWith(lower)) : [];
  return extended.length === 1 ? extended[0] : undefined;
}

/** Edit distance counting an adjacent swap as one edit (optimal string alignment). */
function distance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
