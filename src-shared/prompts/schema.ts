// The spec.prompts/v0.1 schema as data (FORMATS.md B.1, B.2): the keys of
// every table, which are required, and what each must hold. The rules that
// are not a key's own type (role-dependent turn fields, unique session ids,
// tool arguments) live with the checks; the allow-list of tools is in
// tools.ts.

export const schemaVersion = 'spec.prompts/v0.1';

export type TableName = 'root' | 'commit' | 'session' | 'sessionCommit' | 'turn' | 'toolCall' | 'edit';

export type FieldType =
  | { readonly kind: 'string'; readonly nonBlank?: boolean; readonly maxChars?: number }
  | { readonly kind: 'exactly'; readonly value: string }
  | { readonly kind: 'enum'; readonly values: readonly string[]; readonly what: string; readonly reserved?: readonly string[] }
  | { readonly kind: 'timestamp' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'stringList'; readonly distinct?: boolean }
  | { readonly kind: 'integerList' }
  | { readonly kind: 'table'; readonly table: TableName }
  | { readonly kind: 'tables'; readonly table: TableName; readonly nonEmpty?: boolean }
  | { readonly kind: 'toolArgs' };

export interface FieldSpec {
  readonly type: FieldType;
  readonly required?: boolean;
}

export interface TableSpec {
  /** How messages name the table. */
  readonly label: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
}

const text = { type: { kind: 'string' } } as const;
const required = { type: { kind: 'string', nonBlank: true }, required: true } as const;
const timestamp = { type: { kind: 'timestamp' } } as const;

export const sources = ['claude_code', 'cursor', 'codex', 'compress', 'manual'] as const;
export const outcomes = ['shipped', 'abandoned', 'exploratory', 'failed'] as const;
export const visibilities = ['public', 'private'] as const;
export const roles = ['user', 'assistant'] as const;
/** Roles the format reserves for a later version: named, but not allowed in v0.1. */
export const reservedRoles = ['tool_result'] as const;
export const toolCallStatuses = ['ok', 'error'] as const;

/** Caps in characters (Python's: code points). */
export const caps = { turnText: 524_288, turnModel: 128 } as const;

export const tableSpecs: Readonly<Record<TableName, TableSpec>> = {
  root: {
    label: 'the top level',
    fields: {
      schema: { type: { kind: 'exactly', value: schemaVersion } },
      commit: { type: { kind: 'table', table: 'commit' }, required: true },
      sessions: { type: { kind: 'tables', table: 'session', nonEmpty: true }, required: true },
      edits: { type: { kind: 'tables', table: 'edit' } },
    },
  },
  commit: {
    label: '[commit]',
    fields: {
      branch: required,
      message: text,
      committed_at: timestamp,
      author_name: required,
      author_email: required,
      author_username: text,
    },
  },
  session: {
    label: '[[sessions]]',
    fields: {
      id: required,
      source: { type: { kind: 'enum', values: sources, what: 'session source' }, required: true },
      model: text,
      cwd: text,
      started_at: timestamp,
      ended_at: timestamp,
      operator: text,
      title: text,
      summary: text,
      lesson: text,
      tags: { type: { kind: 'stringList', distinct: true } },
      outcome: { type: { kind: 'enum', values: outcomes, what: 'outcome' } },
      visibility: { type: { kind: 'enum', values: visibilities, what: 'visibility' } },
      forked_from: text,
      paths_touched: { type: { kind: 'stringList', distinct: true } },
      verbose: { type: { kind: 'boolean' } },
      merged_from: text,
      merged_at: timestamp,
      approved_by: text,
      commit: { type: { kind: 'table', table: 'sessionCommit' } },
      turns: { type: { kind: 'tables', table: 'turn', nonEmpty: true }, required: true },
    },
  },
  sessionCommit: {
    label: '[sessions.commit]',
    fields: {
      branch: text,
      commit_sha: text,
      message: text,
      committed_at: timestamp,
      author_name: text,
      author_email: text,
      author_username: text,
    },
  },
  turn: {
    label: '[[sessions.turns]]',
    fields: {
      role: { type: { kind: 'enum', values: roles, what: 'turn role', reserved: reservedRoles }, required: true },
      at: timestamp,
      model: { type: { kind: 'string', nonBlank: true, maxChars: caps.turnModel } },
      summary: text,
      text: { type: { kind: 'string', maxChars: caps.turnText } },
      tool_calls: { type: { kind: 'tables', table: 'toolCall' } },
    },
  },
  toolCall: {
    label: '[[sessions.turns.tool_calls]]',
    fields: {
      name: { type: { kind: 'string' }, required: true },
      args: { type: { kind: 'toolArgs' } },
      status: { type: { kind: 'enum', values: toolCallStatuses, what: 'tool call status' } },
    },
  },
  edit: {
    label: '[[edits]]',
    fields: {
      at: { ...timestamp, required: true },
      by: { ...text, required: true },
      sessions: { type: { kind: 'stringList' }, required: true },
      turns: { type: { kind: 'integerList' }, required: true },
      reason: { ...text, required: true },
    },
  },
};
