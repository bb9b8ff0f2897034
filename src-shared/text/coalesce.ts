// Many edits as one: a sequence of replacements, each relative to the text
// the one before it left, composed into disjoint replacements of the
// original text, in order. A burst of a thousand keystrokes in one turn
// becomes one replacement of that stretch; a replace-all across the file
// stays one replacement per place. Whoever updates a model from the
// original then does one pass over the places that changed, whatever the
// number of edits.

/** One replacement in a text: `[start, end)` of the text before it (UTF-16 offsets) becomes `text`. */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The replacements of the original text that `changes` (applied in order,
 * each to the text the one before left) amount to: disjoint, sorted, never
 * touching one another, and none that changes nothing.
 */
export function coalesceChanges(changes: readonly TextChange[]): TextChange[] {
  let merged: TextChange[] = [];
  for (const change of changes) merged = withChange(merged, change);
  return merged;
}

/** `merged` (disjoint, in original coordinates) after one more change given in current coordinates. */
function withChange(merged: readonly TextChange[], change: TextChange): TextChange[] {
  // How far the current text has moved from the original before the replacement looked at.
  let delta = 0;
  let a = 0;
  while (a < merged.length && merged[a]!.start + delta + merged[a]!.text.length < change.start) delta += growth(merged[a++]!);
  const deltaBefore = delta;
  let b = a;
  let lastStart = 0;
  while (b < merged.length && merged[b]!.start + delta <= change.end) {
    lastStart = merged[b]!.start + delta;
    delta += growth(merged[b++]!);
  }
  // merged[a..b) overlap or touch the change; the original between them lies inside it and goes.
  let start = change.start - deltaBefore;
  let end = change.end - delta;
  let prefix = '';
  let suffix = '';
  if (b > a) {
    const first = merged[a]!;
    if (first.start + deltaBefore <= change.start) {
      start = first.start;
      prefix = first.text.slice(0, change.start - (first.start + deltaBefore));
    }
    const last = merged[b - 1]!;
    if (lastStart + last.text.length >= change.end) {
      end = last.end;
      suffix = last.text.slice(change.end - lastStart);
    }
  }
  const replacement: TextChange = { start, end, text: prefix + change.text + suffix };
  const kept = replacement.start === replacement.end && replacement.text === '' ? [] : [replacement];
  return [...merged.slice(0, a), ...kept, ...merged.slice(b)];
}

function growth(c: TextChange): number {
  return c.text.length - (c.end - c.start);
}
