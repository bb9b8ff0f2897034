// Comparing TOML values for hand-edit detection: a canonical text per
// value, so "did this turn change" is one string comparison however the
// turn is written (key order, string style, inline or header tables do not
// count; a different value does). Texts are cached per parsed table, since
// the committed file's tables are compared again on every keystroke.

import { TomlDate, type TomlTable, type TomlValue } from 'smol-toml';
const cache = new WeakMap<object, string>();

/** A text that is equal for two values exactly when the values are equal. */
export function canonical(v: TomlValue): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'number') return Object.is(v, -0) ? '-0.0' : `${v}f`;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof TomlDate) return `@${v.isLocal() ? 'local' : 'offset'}:${v.toISOString()}`;
  if (v instanceof Date) return `@${v.toISOString()}`;
  const cached = cache.get(v);
  if (cached !== undefined) return cached;
  const text = Array.isArray(v) ? `[${v.map(canonical).join(',')}]` : tableText(v);
  cache.set(v, text);
  return text;
}

function tableText(t: TomlTable): string {
  return `{${Object.keys(t)
    .sort()
    .map((k) => `${JSON.stringify(k)}=${canonical(t[k]!)}`)
    .join(',')}}`;
}

export function sameValue(a: TomlValue | undefined, b: TomlValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === b) return true;
  return canonical(a) === canonical(b);
}

/** The keys of `before` and `after` together: `before`'s order, then keys only `after` has. */
export function unionKeys(before: TomlTable | undefined, after: TomlTable | undefined): string[] {
  const keys = Object.keys(before ?? {});
  for (const k of Object.keys(after ?? {})) if (!before || !(k in before)) keys.push(k);
  return keys;
}

/** `t` without the keys named. */
export function without(t: TomlTable, keys: readonly string[]): TomlTable {
  const out: TomlTable = {};
  for (const k of Object.keys(t)) if (!keys.includes(k)) out[k] = t[k]!;
  return out;
}
