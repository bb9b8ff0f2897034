// Edit distance for "did you mean" answers (an unknown placeholder, a
// misspelt directive keyword, an unknown key, tool or enum value). An
// adjacent swap counts as one edit (optimal string alignment), since
// `platfrom` for `platform` is one slip of the fingers, not two. Names here
// are short, so three rolling rows are fast enough.

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let beforePrevious = new Array<number>(b.length + 1).fill(0);
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        d = Math.min(d, beforePrevious[j - 2]! + 1);
      }
      current[j] = d;
    }
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[b.length]!;
}

/** The candidate nearest to `name` (the first of equals, in candidate order), or `undefined` when there are none. */
export function closest(name: string, candidates: Iterable<string>): { readonly name: string; readonly distance: number } | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best;
}
