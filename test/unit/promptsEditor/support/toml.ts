// Parsed TOML in a form `assert.deepStrictEqual` compares strictly: a
// date-time as its exact text and kind (a local one and an offset one at
// the same instant differ), integers as bigints.

import { parse, TomlDate, type TomlValue } from 'smol-toml';

export type Plain = string | number | bigint | boolean | { readonly date: string } | readonly Plain[] | { readonly [k: string]: Plain };

export function plain(v: TomlValue): Plain {
  if (v instanceof TomlDate) return { date: `${v.isDate() ? 'date' : v.isTime() ? 'time' : v.isLocal() ? 'local' : 'offset'} ${v.toISOString()}` };
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

/** The values of a TOML text, for comparing two texts' meaning. */
export function valuesOf(text: string): Plain {
  return plain(parse(text, { integersAsBigInt: true }));
}
