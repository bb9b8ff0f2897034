// The member a located key path names (`['args', 'path']` inside
// `args = { path = ... }`), through inline tables and dotted keys, in the
// table of the header above the position.

import type { Member, TableNode } from './syntaxTree';

export function memberAtPath(table: TableNode, keyPath: readonly string[]): Member | undefined {
  let t: TableNode | undefined = table;
  let m: Member | undefined;
  for (const k of keyPath) {
    m = t?.member(k);
    t = m?.value?.kind === 'inlineTable' ? m.value.table : m?.table && !m.table.header ? m.table : undefined;
  }
  return m;
}
