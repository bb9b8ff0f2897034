// TOML value kinds as smol-toml hands them over (integers as bigint, so an
// integer is never confused with a float such as `1.0`), named the way
// messages name them.

import { TomlDate, type TomlTable, type TomlValue } from 'smol-toml';

export function isTable(v: TomlValue | undefined): v is TomlTable {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** A TOML integer (booleans are not integers, and neither is `1.0`). */
export function isInteger(v: TomlValue | undefined): v is bigint {
  return typeof v === 'bigint';
}

/** "a string", "an integer", "a table", ... for messages. */
export function describeType(v: TomlValue | undefined): string {
  if (v === undefined) return 'nothing';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'bigint') return 'an integer';
  if (typeof v === 'number') return 'a float';
  if (typeof v === 'boolean') return 'a boolean';
  if (Array.isArray(v)) return 'an array';
  if (v instanceof TomlDate) {
    if (v.isDate()) return 'a local date';
    if (v.isTime()) return 'a local time';
    return 'a date-time';
  }
  if (v instanceof Date) return 'a date-time';
  return 'a table';
}

/** Length in characters as Python counts them (code points), for caps. */
export function characterCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Whether `s` has more than `cap` characters, without counting long strings that cannot be. */
export function exceeds(s: string, cap: number): boolean {
  return s.length > cap && characterCount(s) > cap;
}
