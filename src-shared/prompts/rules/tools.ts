// The tool allow-list of the capture writer (FORMATS.md B.3): which tool
// names it records and which `args` fields it captures for each, with their
// types and caps. Upstream has changed this list before; change it here.

export type ArgType = 'string' | 'integer' | 'todos';

export interface ArgSpec {
  readonly type: ArgType;
  readonly required: boolean;
  /** The writer truncates a longer value (in characters) to this many plus a marker. */
  readonly maxChars?: number;
  /** What the argument holds, for hovers and completion. */
  readonly doc: string;
}

export interface ToolSpec {
  /** What the tool does, for hovers and completion. */
  readonly doc: string;
  readonly args: Readonly<Record<string, ArgSpec>>;
}

const req = (doc: string, type: ArgType = 'string', maxChars?: number): ArgSpec => ({ type, required: true, doc, ...(maxChars !== undefined && { maxChars }) });
const opt = (doc: string, type: ArgType = 'string', maxChars?: number): ArgSpec => ({ type, required: false, doc, ...(maxChars !== undefined && { maxChars }) });

const shellArgs = { command: req('The command line run.', 'string', 200), cwd: opt('The directory it ran in.'), exit: opt('Its exit status.', 'integer') };
const editArgs = {
  path: req('The file edited.'),
  old_head: req('The start of the text replaced.', 'string', 40),
  new_head: req('The start of the text put in its place.', 'string', 40),
};

export const tools: ReadonlyMap<string, ToolSpec> = new Map<string, ToolSpec>([
  ['Read', { doc: 'Read a file.', args: { path: req('The file read.'), offset: opt('The first line read.', 'integer'), limit: opt('How many lines were read.', 'integer') } }],
  ['Glob', { doc: 'List files matching a pattern.', args: { pattern: req('The glob pattern.'), target_directory: opt('The directory searched.') } }],
  [
    'Grep',
    {
      doc: 'Search file contents.',
      args: {
        pattern: req('The regular expression searched for.'),
        path: opt('The file or directory searched.'),
        glob: opt('The files searched, as a glob.'),
        type: opt('The file type searched.'),
        output_mode: opt('What the search reported (`content`, `files_with_matches`, `count`).'),
      },
    },
  ],
  ['Shell', { doc: 'Run a shell command.', args: shellArgs }],
  ['Bash', { doc: 'Run a shell command (another name for `Shell`).', args: shellArgs }],
  ['Write', { doc: 'Write a whole file.', args: { path: req('The file written.'), bytes: req('How many bytes were written.', 'integer') } }],
  ['Edit', { doc: 'Replace text in a file.', args: editArgs }],
  ['StrReplace', { doc: 'Replace text in a file (another name for `Edit`).', args: editArgs }],
  ['Delete', { doc: 'Delete a file.', args: { path: req('The file deleted.') } }],
  ['WebFetch', { doc: 'Fetch a web page.', args: { url: req('The address fetched.') } }],
  ['WebSearch', { doc: 'Search the web.', args: { search_term: req('What was searched for.') } }],
  [
    'Task',
    {
      doc: 'Hand a task to a sub-agent.',
      args: {
        subagent_type: req('The kind of sub-agent.', 'string', 40),
        description: req('The task given to it.', 'string', 500),
        model: opt('The model it ran.', 'string', 40),
      },
    },
  ],
  ['TodoWrite', { doc: 'Update the agent\'s todo list.', args: { todos: req('The todo list: tables `{ id, content, status }`.', 'todos') } }],
]);

/** The fields of one `TodoWrite` todo. */
export const todoFields: Readonly<Record<string, ArgSpec>> = { id: req('The todo\'s id.'), content: req('What is to be done.'), status: req('Where the todo stands.') };

/** What the writer appends to a value it cut: `…[truncated K chars]`. */
export const truncationMarker = /…\[truncated \d+ chars\]$/;
