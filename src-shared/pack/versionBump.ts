// The next version id, for the quick fix that bumps `%% version` after the
// render changed: a trailing number counts up (`v9` -> `v10`, `1.2.9` ->
// `1.2.10`, `x-99` -> `x-100`, `r09` -> `r10`, zero padding kept while it
// fits), otherwise `-2` is appended (just `2` after a trailing `.`, `-` or
// `_`, so `rc-` becomes `rc-2`, not `rc--2`). The result stays within the
// decoder's rules (1-64 characters of `[a-z0-9._-]`): when it would be too
// long, the text before the number is cut, never the number.

import { maxNameLength } from './corruption';

export function bumpVersion(id: string): string {
  const digits = /\d+$/.exec(id)?.[0];
  if (digits !== undefined) {
    const next = increment(digits);
    return fit(id.slice(0, id.length - digits.length), next);
  }
  return fit(id, /[._-]$/.test(id) ? '2' : '-2');
}

/** `stem + tail`, with `stem` cut from its end so the whole fits; a tail longer than the limit keeps its head. */
function fit(stem: string, tail: string): string {
  if (tail.length >= maxNameLength) return tail.slice(0, maxNameLength);
  return stem.slice(0, maxNameLength - tail.length) + tail;
}

/** A decimal string plus one, as a string of the same width unless it carries out (`099` -> `100`, `99` -> `100`). */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  const zeros = '0'.repeat(digits.length - 1 - i);
  if (i < 0) return `1${zeros}`;
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${zeros}`;
}
