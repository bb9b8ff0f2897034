// What the editor says about a key: its meaning (from the schema and tools
// tables), whether it is required, what it holds and which values it
// allows, in Markdown. Hovers show it; completion items carry it.

import { inlineCode } from '../../text/markdown';
import { caps, type FieldSpec, type FieldType, tableSpecs, type TableName } from '../rules/schema';
import type { ArgSpec, ToolSpec } from '../rules/tools';

export function fieldDoc(table: TableName, key: string, field: FieldSpec): string {
  const head = [`**${inlineCode(key)}**`, field.required ? 'required' : 'optional', `in ${inlineCode(tableSpecs[table].label)}`].join(' · ');
  return [head, field.doc, holds(field.type)].filter((s) => s !== '').join('\n\n');
}

export function argDoc(tool: string, key: string, arg: ArgSpec): string {
  const head = [`**${inlineCode(key)}**`, arg.required ? 'required' : 'optional', `argument of ${inlineCode(tool)}`].join(' · ');
  const type = arg.type === 'integer' ? 'An integer.' : arg.type === 'todos' ? 'A list of tables `{ id, content, status }`.' : 'A string.';
  const cap = arg.maxChars === undefined ? '' : ` At most ${arg.maxChars} characters: the writer cuts a longer value and appends \`…[truncated K chars]\`.`;
  return [head, arg.doc, type + cap].join('\n\n');
}

export function toolDoc(name: string, tool: ToolSpec): string {
  const args = Object.entries(tool.args).map(([k, a]) => `${inlineCode(k)}${a.required ? ' (required)' : ''}`);
  return [`**${inlineCode(name)}** · tool`, tool.doc, `Captured arguments: ${args.join(', ')}.`].join('\n\n');
}

/** What a value of this type holds, as a sentence. */
function holds(t: FieldType): string {
  switch (t.kind) {
    case 'string':
      return [
        t.nonBlank ? 'A string, not blank.' : 'A string.',
        t.maxChars === undefined ? '' : `At most ${t.maxChars.toLocaleString('en-US')} characters${t.maxChars === caps.turnText ? ' (512 KiB)' : ''}.`,
      ]
        .filter((s) => s)
        .join(' ');
    case 'exactly':
      return `Exactly ${inlineCode(JSON.stringify(t.value))}.`;
    case 'enum':
      return `One of ${t.values.map((v) => inlineCode(v)).join(', ')}.`;
    case 'timestamp':
      return 'A date-time: TOML (`2026-04-21T11:47:12Z`) or an RFC 3339 string. The writer writes UTC with `Z` and whole seconds.';
    case 'boolean':
      return '`true` or `false`.';
    case 'stringList':
      return t.distinct ? 'A list of strings, each once.' : 'A list of strings.';
    case 'integerList':
      return 'A list of integers.';
    case 'table':
      return `A table: ${inlineCode(tableSpecs[t.table].label)}.`;
    case 'tables':
      return `An array of tables: ${inlineCode(tableSpecs[t.table].label)}${t.nonEmpty ? ', at least one' : ''}.`;
    case 'toolArgs':
      return 'A table of the arguments the tool captures (hover the tool name for the list).';
  }
}
