// The spec.prompts/v0.1 schema as data (FORMATS.md B.1, B.2): the keys of
// every table, which are required, what each must hold and what it means
// (the text hovers and completion show). The rules that
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
  /** What the key means, for hovers and completion (one sentence or two, Markdown). */
  readonly doc: string;
}

export interface TableSpec {
  /** How messages name the table. */
  readonly label: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
}

const text = (doc: string): FieldSpec => ({ type: { kind: 'string' }, doc });
const required = (doc: string): FieldSpec => ({ type: { kind: 'string', nonBlank: true }, required: true, doc });
const timestamp = (doc: string): FieldSpec => ({ type: { kind: 'timestamp' }, doc });

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
      schema: { type: { kind: 'exactly', value: schemaVersion }, doc: 'The format version of the file. Optional; when present it is exactly `spec.prompts/v0.1`.' },
      commit: { type: { kind: 'table', table: 'commit' }, required: true, doc: 'The commit the captured sessions led to. Exactly one per file.' },
      sessions: { type: { kind: 'tables', table: 'session', nonEmpty: true }, required: true, doc: 'One captured conversation with an agent, with its turns. At least one per file.' },
      edits: { type: { kind: 'tables', table: 'edit' }, doc: 'The append-only log of hand edits: one entry per edit, never changed or deleted afterwards.' },
    },
  },
  commit: {
    label: '[commit]',
    fields: {
      branch: required('The branch the commit is on.'),
      message: text('The commit message.'),
      committed_at: timestamp('When the commit was made (UTC, whole seconds).'),
      author_name: required('The commit author\'s name.'),
      author_email: required('The commit author\'s email. Never remove it: a hand edit that does is an error.'),
      author_username: text('The commit author\'s user name on the forge.'),
    },
  },
  session: {
    label: '[[sessions]]',
    fields: {
      id: required('The session\'s id, unique in the file. It is the primary key: never change it.'),
      source: { type: { kind: 'enum', values: sources, what: 'a session source' }, required: true, doc: 'The tool the session was captured from.' },
      model: text('The model the agent ran, as the tool reported it.'),
      cwd: text('The working directory of the session.'),
      started_at: timestamp('When the session started; the writer orders sessions by it, then by id.'),
      ended_at: timestamp('When the session ended.'),
      operator: text('Who drove the session.'),
      title: text('A short title for the session, shown in outlines and listings.'),
      summary: text('What the session did, in a few sentences.'),
      lesson: text('What a reader should take away from the session.'),
      tags: { type: { kind: 'stringList', distinct: true }, doc: 'Free-form labels, each listed once.' },
      outcome: { type: { kind: 'enum', values: outcomes, what: 'an outcome' }, doc: 'How the session ended.' },
      visibility: { type: { kind: 'enum', values: visibilities, what: 'a visibility' }, doc: 'Who may see the session; `public` when absent.' },
      forked_from: text('The id of the session this one continued from.'),
      paths_touched: { type: { kind: 'stringList', distinct: true }, doc: 'The files the session changed, each listed once.' },
      verbose: { type: { kind: 'boolean' }, doc: 'When `true`, assistant turns keep their `text`; otherwise they carry none.' },
      merged_from: text('The branch the session was merged from.'),
      merged_at: timestamp('When the session was merged.'),
      approved_by: text('Who approved the session.'),
      commit: { type: { kind: 'table', table: 'sessionCommit' }, doc: 'The commit the session itself produced, when it differs from the file\'s.' },
      turns: { type: { kind: 'tables', table: 'turn', nonEmpty: true }, required: true, doc: 'One message of the conversation, in order. At least one per session.' },
    },
  },
  sessionCommit: {
    label: '[sessions.commit]',
    fields: {
      branch: text('The branch of the session\'s commit.'),
      commit_sha: text('The hash of the session\'s commit.'),
      message: text('The message of the session\'s commit.'),
      committed_at: timestamp('When the session\'s commit was made.'),
      author_name: text('The author of the session\'s commit.'),
      author_email: text('The email of the author of the session\'s commit.'),
      author_username: text('The forge user name of the author of the session\'s commit.'),
    },
  },
  turn: {
    label: '[[sessions.turns]]',
    fields: {
      role: { type: { kind: 'enum', values: roles, what: 'a turn role', reserved: reservedRoles }, required: true, doc: 'Who spoke: the user or the assistant (`tool_result` is reserved for a later version).' },
      at: timestamp('When the turn was sent.'),
      model: { type: { kind: 'string', nonBlank: true, maxChars: caps.turnModel }, doc: 'The model that wrote an assistant turn (at most 128 characters). User turns have none.' },
      summary: text('A one-line account of an assistant turn. User turns have none.'),
      text: { type: { kind: 'string', maxChars: caps.turnText }, doc: 'What was said (at most 524,288 characters). Required for user turns; assistant turns keep it only in a `verbose` session.' },
      tool_calls: { type: { kind: 'tables', table: 'toolCall' }, doc: 'The tools an assistant turn called, in order.' },
    },
  },
  toolCall: {
    label: '[[sessions.turns.tool_calls]]',
    fields: {
      name: { type: { kind: 'string' }, required: true, doc: 'The tool called; the writer keeps only tools on its allow-list.' },
      args: { type: { kind: 'toolArgs' }, doc: 'The arguments the writer captures for this tool, as a table.' },
      status: { type: { kind: 'enum', values: toolCallStatuses, what: 'a tool call status' }, doc: 'Whether the call succeeded.' },
    },
  },
  edit: {
    label: '[[edits]]',
    fields: {
      at: { type: { kind: 'timestamp' }, required: true, doc: 'When the hand edit was made.' },
      by: { type: { kind: 'string' }, required: true, doc: 'Who made the hand edit.' },
      sessions: { type: { kind: 'stringList' }, required: true, doc: 'The ids of the sessions the edit changed; empty for file-level edits such as `[commit]`.' },
      turns: { type: { kind: 'integerList' }, required: true, doc: 'The 0-based indices of the turns the edit changed, as the session\'s turns now stand; empty for the whole session.' },
      reason: { type: { kind: 'string' }, required: true, doc: 'Why the edit was made.' },
    },
  },
};
