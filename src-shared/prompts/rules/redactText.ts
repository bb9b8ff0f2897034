// Text made safe to show: every secret of any kind the extension knows
// (placeholders and documentation examples too: hiding one costs nothing)
// replaced by `[REDACTED]`. For what the extension writes about a file
// rather than the file itself (messages, hovers, symbol names, a finding's
// data, log lines), which must never repeat a secret the file holds.

import { matchSecrets, redaction } from './secrets';

export function redactSecrets(text: string): string {
  const found = matchSecrets(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const m of found) {
    out += text.slice(at, m.start) + redaction;
    at = m.end;
  }
  return out + text.slice(at);
}

/** How far past a label's cut a value is read, so a secret crossing the cut is whole when it is masked. */
export const labelLookahead = 1024;

const blank = /\s/;

/**
 * The first `max` characters of a value for a label (an outline name, a
 * symbol), masked before the cut: a secret cut first and masked after was
 * too short for its pattern, and up to 15 of its characters showed. `text`
 * is the value, or its first `max + labelLookahead` characters. A run of
 * non-blank characters the cut splits is left out whole: it may be a secret
 * longer than the look-ahead.
 */
export function maskedCut(text: string, max: number): string {
  const masked = redactSecrets(text);
  if (masked.length <= max) return masked;
  let cut = max;
  if (!blank.test(masked[cut]!)) while (cut > 0 && !blank.test(masked[cut - 1]!)) cut--;
  return masked.slice(0, cut);
}

/** `value` with every string in it (object keys too) redacted; parts without a secret are kept as they are. */
export function redactDeep<T>(value: T): T {
  return redactValue(value) as T;
}

function redactValue(v: unknown): unknown {
  if (typeof v === 'string') return redactSecrets(v);
  if (Array.isArray(v)) {
    const items = v as readonly unknown[];
    let copy: unknown[] | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const r = redactValue(item);
      if (r !== item) (copy ??= [...items])[i] = r;
    }
    return copy ?? items;
  }
  if (typeof v === 'object' && v !== null) {
    let copy: Record<string, unknown> | undefined;
    // `for...in` over own keys, not `Object.keys` or entries: a clean reply (an outline of thousands of symbols, each
    // with its ranges) is walked without allocating anything.
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      const item = (v as Record<string, unknown>)[k];
      const key = redactSecrets(k);
      const r = redactValue(item);
      if (r !== item || key !== k) {
        copy ??= { ...(v as Record<string, unknown>) };
        if (key !== k) delete copy[k];
        copy[key] = r;
      }
    }
    return copy ?? v;
  }
  return v;
}
