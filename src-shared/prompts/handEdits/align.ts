// Sequence alignment for hand-edit detection: which items of the committed
// list (turns, tool calls, edits entries) survive in the edited list,
// which changed, which were deleted and which inserted. A minimum-cost
// alignment (same 0, changed 1, deleted or inserted 1), so deleting turn 2
// of ten is one deletion, not nine changes and a deletion. Only "similar"
// items may pair as changed (same role for turns), so a user turn is never
// reported as a rewritten assistant turn.

export type AlignOp =
  | { readonly kind: 'same'; readonly before: number; readonly after: number }
  | { readonly kind: 'changed'; readonly before: number; readonly after: number }
  | { readonly kind: 'deleted'; readonly before: number }
  | { readonly kind: 'inserted'; readonly after: number };

export interface AlignInput {
  readonly before: number;
  readonly after: number;
  /** Item `i` of the committed list equals item `j` of the edited one. */
  equal(i: number, j: number): boolean;
  /** Items that differ may still be one item edited. */
  similar(i: number, j: number): boolean;
}

/**
 * Beyond this many cells the quadratic table is not built: the middle part
 * that differs is paired by position instead (an edit touching thousands of
 * turns at once is reported, just less precisely).
 */
const maxCells = 4_000_000;

/** The operations that turn the committed list into the edited one, in order. */
export function align(input: AlignInput): AlignOp[] {
  const { before: n, after: m } = input;
  let head = 0;
  while (head < n && head < m && input.equal(head, head)) head++;
  let tail = 0;
  while (tail < n - head && tail < m - head && input.equal(n - 1 - tail, m - 1 - tail)) tail++;
  const ops: AlignOp[] = [];
  for (let k = 0; k < head; k++) ops.push({ kind: 'same', before: k, after: k });
  const a = n - head - tail;
  const b = m - head - tail;
  const middle = (a + 1) * (b + 1) > maxCells ? byPosition(input, head, a, b) : byCost(input, head, a, b);
  // One by one: spreading 150,000 operations into push() overflows the call stack.
  for (const op of middle) ops.push(op);
  for (let k = tail; k > 0; k--) ops.push({ kind: 'same', before: n - k, after: m - k });
  return ops;
}

/** Edit-distance table over the middle parts, then one path back through it. */
function byCost(input: AlignInput, offset: number, a: number, b: number): AlignOp[] {
  const width = b + 1;
  const cost = new Uint32Array((a + 1) * width);
  const never = 0xffffffff;
  for (let i = 0; i <= a; i++) cost[i * width] = i;
  for (let j = 0; j <= b; j++) cost[j] = j;
  const pair = (i: number, j: number): number => {
    if (input.equal(offset + i, offset + j)) return 0;
    return input.similar(offset + i, offset + j) ? 1 : never;
  };
  const pairCost = new Uint32Array(a * b);
  for (let i = 1; i <= a; i++) {
    for (let j = 1; j <= b; j++) {
      const p = pair(i - 1, j - 1);
      pairCost[(i - 1) * b + (j - 1)] = p;
      const diagonal = p === never ? never : cost[(i - 1) * width + j - 1]! + p;
      cost[i * width + j] = Math.min(diagonal, cost[(i - 1) * width + j]! + 1, cost[i * width + j - 1]! + 1);
    }
  }
  const ops: AlignOp[] = [];
  let i = a;
  let j = b;
  // Walking back, prefer pairing, then insertion: read forwards, a deletion comes before the insertion beside it.
  while (i > 0 || j > 0) {
    const here = cost[i * width + j]!;
    if (i > 0 && j > 0) {
      const p = pairCost[(i - 1) * b + (j - 1)]!;
      if (p !== never && cost[(i - 1) * width + j - 1]! + p === here) {
        ops.push({ kind: p === 0 ? 'same' : 'changed', before: offset + i - 1, after: offset + j - 1 });
        i--;
        j--;
        continue;
      }
    }
    if (j > 0 && cost[i * width + j - 1]! + 1 === here) {
      ops.push({ kind: 'inserted', after: offset + j - 1 });
      j--;
      continue;
    }
    ops.push({ kind: 'deleted', before: offset + i - 1 });
    i--;
  }
  return ops.reverse();
}

function byPosition(input: AlignInput, offset: number, a: number, b: number): AlignOp[] {
  const ops: AlignOp[] = [];
  for (let k = 0; k < Math.max(a, b); k++) {
    const i = offset + k;
    if (k >= b) ops.push({ kind: 'deleted', before: i });
    else if (k >= a) ops.push({ kind: 'inserted', after: i });
    else if (input.equal(i, i)) ops.push({ kind: 'same', before: i, after: i });
    else if (input.similar(i, i)) ops.push({ kind: 'changed', before: i, after: i });
    else ops.push({ kind: 'deleted', before: i }, { kind: 'inserted', after: i });
  }
  return ops;
}
