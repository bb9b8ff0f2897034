// Every `key = value` statement of a block's tables (those that headers and
// dotted keys open; not the keys inside inline tables), with its key path
// from the table of the header above it. The formatter lays these out; the
// outline and folding find where a table's content ends from them.

import type { Member, TableNode } from './syntaxTree';

export function forEachStatement(t: TableNode, found: (path: readonly string[], m: Member) => void, path: readonly string[] = []): void {
  for (const m of t.members) {
    const here = [...path, m.key.name];
    if (m.value) found(here, m);
    if (m.table) forEachStatement(m.table, found, m.table.header ? [] : here);
    for (const element of m.tables ?? []) forEachStatement(element, found);
  }
}

/** The same statements in the same order, without their key paths: for a pass that needs only where each one is. */
export function forEachStatementMember(t: TableNode, found: (m: Member) => void): void {
  for (const m of t.members) {
    if (m.value) found(m);
    if (m.table) forEachStatementMember(m.table, found);
    for (const element of m.tables ?? []) forEachStatementMember(element, found);
  }
}
