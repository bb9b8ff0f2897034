// The tool allow-list of the capture writer (FORMATS.md B.3): which tool
// names it records and which `args` fields it captures for each, with their
// types and caps. Upstream has changed this list before; change it here.

export type ArgType = 'string' | 'integer' | 'todos';

export interface ArgSpec {
  readonly type: ArgType;
  readonly required: boolean;
  /** The writer truncates a longer value (in characters) to this many plus a marker. */
  readonly maxChars?: number;
}

export interface ToolSpec {
  readonly args: Readonly<Record<string, ArgSpec>>;
}

const req = (type: ArgType = 'string', maxChars?: number): ArgSpec => ({ type, required: true, ...(maxChars !== undefined && { maxChars }) });
const opt = (type: ArgType = 'string', maxChars?: number): ArgSpec => ({ type, required: false, ...(maxChars !== undefined && { maxChars }) });

const shell: ToolSpec = { args: { command: req('string', 200), cwd: opt(), exit: opt('integer') } };
const edit: ToolSpec = { args: { path: req(), old_head: req('string', 40), new_head: req('string', 40) } };

export const tools: ReadonlyMap<string, ToolSpec> = new Map<string, ToolSpec>([
  ['Read', { args: { path: req(), offset: opt('integer'), limit: opt('integer') } }],
  ['Glob', { args: { pattern: req(), target_directory: opt() } }],
  ['Grep', { args: { pattern: req(), path: opt(), glob: opt(), type: opt(), output_mode: opt() } }],
  ['Shell', shell],
  ['Bash', shell],
  ['Write', { args: { path: req(), bytes: req('integer') } }],
  ['Edit', edit],
  ['StrReplace', edit],
  ['Delete', { args: { path: req() } }],
  ['WebFetch', { args: { url: req() } }],
  ['WebSearch', { args: { search_term: req() } }],
  ['Task', { args: { subagent_type: req('string', 40), description: req('string', 500), model: opt('string', 40) } }],
  ['TodoWrite', { args: { todos: req('todos') } }],
]);

/** The fields of one `TodoWrite` todo. */
export const todoFields: Readonly<Record<string, ArgSpec>> = { id: req(), content: req(), status: req() };

/** What the writer appends to a value it cut: `…[truncated K chars]`. */
export const truncationMarker = /…\[truncated \d+ chars\]$/;
