// Whether two parsed TOML values are the same value: what the formatter
// checks its output against. Stricter than a deep equality that sees a
// date-time as its instant: a local date-time and an offset one at the same
// instant differ, as do `1` and `1.0` (integers are bigints here).

import { TomlDate, type TomlValue } from 'smol-toml';
import { isTable } from './valueTypes';

export function sameTomlValue(a: TomlValue, b: TomlValue): boolean {
  if (typeof a !== typeof b) return false;
  if (typeof a === 'number') return Object.is(a, b);
  if (typeof a !== 'object') return a === b;
  if (a instanceof Date || b instanceof Date) return sameDate(a, b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameTomlValue(x, b[i]!));
  }
  if (!isTable(a) || !isTable(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameTomlValue(a[k]!, b[k]!));
}

function sameDate(a: TomlValue, b: TomlValue): boolean {
  if (!(a instanceof TomlDate) || !(b instanceof TomlDate)) return false;
  return a.toISOString() === b.toISOString() && a.isDate() === b.isDate() && a.isTime() === b.isTime() && a.isLocal() === b.isLocal();
}
