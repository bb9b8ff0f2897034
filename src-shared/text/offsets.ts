// Ascending arrays of offsets or lines: searched, and grown as they are
// built (line starts, line breaks, header positions).

/** The index of the first of `sorted` (ascending) at or after `at`; `sorted.length` when none is. */
export function firstAtOrAfter(sorted: ArrayLike<number>, at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many of `sorted` (ascending) are at most `at`. */
export function countAtOrBelow(sorted: ArrayLike<number>, at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the last of `sorted` (ascending) at or before `at`, and at most `max`; -1 when none is. */
export function lastAtOrBefore(sorted: ArrayLike<number>, at: number, max = sorted.length - 1): number {
  return Math.min(countAtOrBelow(sorted, at) - 1, max);
}

/** `array`, when index `n` is inside it, else a copy of twice its length: an array appended to in order, grown by doubling and cut to size when done. */
export function withRoomAt<A extends Int32Array | Uint32Array>(array: A, n: number): A {
  if (n < array.length) return array;
  const grown = new (array.constructor as new (length: number) => A)(2 * array.length);
  grown.set(array);
  return grown;
}
