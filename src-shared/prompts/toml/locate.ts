// "What is at this position": the table the cursor is in (by schema name
// and by path), the key it is on and whether on the key or its value, and
// the session, turn and tool call around it. For hover, completion and the
// outline; works on blocks that do not parse too, from the position index.

import type { Position } from '../../text/range';
import type { Block } from './block';
import { blockAtLine, type PromptsDocument, type SessionModel, sessionsOfBlock, type ToolCallModel, type TurnModel } from './document';
import type { TableName } from '../rules/schema';
import { type Header, type Member, spanContains, type TableNode } from './syntaxTree';
import type { PathSegment } from './tableView';

export interface PromptsLocation {
  readonly block: Block;
  /** Block-relative offset of the position. */
  readonly offset: number;
  /** The schema table the position is in, if it is one the schema knows. */
  readonly table: TableName | undefined;
  /** Keys and indices from the document root to that table (session indices count across the file). */
  readonly tablePath: readonly PathSegment[];
  /** The header the table was opened by, when the table has one. */
  readonly header: Header | undefined;
  /** Keys from that table to the key the position is on (`['args', 'path']` inside `args = { path = ... }`). */
  readonly keyPath: readonly string[];
  readonly part: 'header' | 'key' | 'value' | 'none';
  readonly session: SessionModel | undefined;
  readonly turn: TurnModel | undefined;
  readonly toolCall: ToolCallModel | undefined;
}

export function locate(doc: PromptsDocument, position: Position): PromptsLocation {
  const block = blockAtLine(doc, position.line);
  const offset = block.offsetAt(position);
  const header = lastHeaderAtOrBefore(block.headers, offset);
  const localPath = header ? headerPath(block, header) : [];
  const table = header?.table ?? block.root;
  const onHeader = header !== undefined && spanContains(header, offset);
  const found = onHeader ? undefined : memberAt(table, offset);
  const session = block.kind === 'session' ? sessionsOfBlock(doc, block)[0] : undefined;
  const tablePath = session && localPath[0] === 'sessions' ? ['sessions', session.index, ...localPath.slice(2)] : localPath;
  const turn = session && localPath[2] === 'turns' && typeof localPath[3] === 'number' ? session.turns.find((t) => t.index === localPath[3]) : undefined;
  const toolCall = turn && localPath[4] === 'tool_calls' && typeof localPath[5] === 'number' ? turn.toolCalls.find((c) => c.index === localPath[5]) : undefined;
  return {
    block,
    offset,
    table: tableNameOf(localPath),
    tablePath,
    header,
    keyPath: found?.keyPath ?? [],
    part: onHeader ? 'header' : (found?.part ?? 'none'),
    session,
    turn,
    toolCall,
  };
}

function lastHeaderAtOrBefore(headers: readonly Header[], offset: number): Header | undefined {
  let found: Header | undefined;
  for (const h of headers) {
    if (h.start > offset) break;
    found = h;
  }
  return found;
}

/** The path of the table a header opens, within its block: each array of tables indexed by the element in use there. */
function headerPath(block: Block, header: Header): PathSegment[] {
  const path: PathSegment[] = [];
  let t: TableNode | undefined = block.root;
  header.keys.forEach((key, i) => {
    const m: Member | undefined = t?.member(key.name);
    path.push(key.name);
    if (m?.tables) {
      const last = i === header.keys.length - 1;
      const index = last ? m.tables.indexOf(header.table) : lastIndexBefore(m.tables, header.start);
      path.push(index);
      t = m.tables[index];
    } else t = m?.table;
  });
  return path;
}

function lastIndexBefore(tables: readonly TableNode[], offset: number): number {
  let index = 0;
  tables.forEach((t, i) => {
    if ((t.header?.start ?? 0) <= offset) index = i;
  });
  return index;
}

/** The member of `table` (or of a dotted or inline table within it) whose key or value holds `offset`. */
function memberAt(table: TableNode, offset: number): { keyPath: string[]; part: 'key' | 'value' } | undefined {
  for (const m of table.members) {
    if (spanContains(m.key, offset)) return { keyPath: [m.key.name], part: 'key' };
    const inner = m.value?.kind === 'inlineTable' ? m.value.table : m.table && !m.table.header ? m.table : undefined;
    if (inner && (m.value === undefined || spanContains(m.value, offset))) {
      const found = memberAt(inner, offset);
      if (found) return { keyPath: [m.key.name, ...found.keyPath], part: found.part };
    }
    if (m.value && spanContains(m.value, offset)) return { keyPath: [m.key.name], part: 'value' };
  }
  return undefined;
}

/** Schema tables by the keys of their path. */
const tableNames: Readonly<Record<string, TableName>> = {
  '': 'root',
  commit: 'commit',
  sessions: 'session',
  'sessions.commit': 'sessionCommit',
  'sessions.turns': 'turn',
  'sessions.turns.tool_calls': 'toolCall',
  edits: 'edit',
};

/** The schema table a path (with array indices) names. */
export function tableNameOf(path: readonly PathSegment[]): TableName | undefined {
  return tableNames[path.filter((p): p is string => typeof p === 'string').join('.')];
}
