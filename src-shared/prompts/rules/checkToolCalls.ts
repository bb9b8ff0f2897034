// Tool calls (FORMATS.md B.3, rule 10): the name on the allow-list (a
// warning, since the writer drops unknown tools with a comment; an error
// with the strict setting), `args` keys the tool captures (an extra key is
// an error), required args present and values within their caps (warnings:
// the writer may have cut or skipped them).

import type { TomlTable, TomlValue } from 'smol-toml';
import type { Block } from '../toml/block';
import { promptsCodes as codes } from './codes';
import type { Report } from './report';
import { closest } from './suggest';
import type { Span } from '../toml/syntaxTree';
import type { TableView } from '../toml/tableView';
import { type ArgSpec, todoFields, tools, truncationMarker } from './tools';
import { characterCount, describeType, exceeds, isInteger } from '../toml/valueTypes';

export interface ToolCallOptions {
  /** Unknown tool names are errors instead of warnings. */
  readonly strictUnknownTools: boolean;
}

export function checkToolCall(report: Report, call: TableView, options: ToolCallOptions): void {
  const name = call.value['name'];
  // A missing or non-string name is the schema walk's finding.
  if (typeof name !== 'string') return;
  const tool = tools.get(name);
  if (!tool) {
    const allowed = [...tools.keys()];
    const suggestion = closest(name, allowed);
    report.add(
      codes.unknownTool,
      call.block,
      call.valueSpan('name'),
      `\`${name}\` is not on the tool allow-list, so the capture writer would drop it${suggestion ? `; did you mean \`${suggestion}\`?` : ''}`,
      { severity: options.strictUnknownTools ? 'error' : 'warning', data: { allowed, ...(suggestion && { suggestion }) } },
    );
    return;
  }
  if (!('args' in call.value)) {
    reportMissing(report, call.block, () => call.anchor, name, tool.args, undefined);
    return;
  }
  const args = call.table('args');
  if (!args) {
    report.add(codes.wrongType, call.block, call.valueSpan('args'), `\`args\` must be a table, not ${describeType(call.value['args'])}`);
    return;
  }
  checkArgs(report, args, name, tool.args, () => call.keySpan('args'));
}

/** `missingAt` is where a missing arg is reported (looked up only then: ranges cost an index). */
function checkArgs(report: Report, args: TableView, owner: string, specs: Readonly<Record<string, ArgSpec>>, missingAt: () => Span): void {
  for (const key of Object.keys(args.value)) {
    const spec = specs[key];
    if (spec) {
      checkArg(report, args, owner, key, spec);
      continue;
    }
    const allowed = Object.keys(specs);
    const suggestion = closest(key, allowed.filter((k) => !(k in args.value)));
    report.add(
      codes.unknownToolArg,
      args.block,
      args.keySpan(key),
      `${owner} does not capture \`${key}\`; its args are ${allowed.join(', ')}${suggestion ? `. Did you mean \`${suggestion}\`?` : ''}`,
      { data: { key, allowed, ...(suggestion && { suggestion }) } },
    );
  }
  reportMissing(report, args.block, missingAt, owner, specs, args.value);
}

/** Required args absent from `args` (undefined: no `args` at all). */
function reportMissing(report: Report, block: Block, span: () => Span, owner: string, specs: Readonly<Record<string, ArgSpec>>, args: TomlTable | undefined): void {
  for (const key in specs) {
    if (specs[key]!.required && !(args && key in args)) {
      report.add(codes.missingToolArg, block, span(), `${owner} args lack \`${key}\``, { data: { key } });
    }
  }
}

function checkArg(report: Report, args: TableView, owner: string, key: string, spec: ArgSpec): void {
  const v = args.value[key];
  switch (spec.type) {
    case 'string': {
      if (typeof v !== 'string') return argType(report, args, args.valueSpan(key), owner, key, 'a string', v);
      const cap = spec.maxChars;
      // The writer cuts a long value to the cap and appends a marker; such a value is as written.
      if (cap !== undefined && exceeds(v, cap) && exceeds(v.replace(truncationMarker, ''), cap)) {
        const size = characterCount(v);
        report.add(codes.toolArgTooLong, args.block, args.keySpan(key), `${owner} \`${key}\` is ${size} characters; the writer keeps at most ${cap}`, {
          data: { size, cap },
        });
      }
      return;
    }
    case 'integer':
      if (!isInteger(v)) argType(report, args, args.valueSpan(key), owner, key, 'an integer', v);
      return;
    case 'todos':
      return checkTodos(report, args, owner, key, v);
  }
}

function checkTodos(report: Report, args: TableView, owner: string, key: string, v: TomlValue | undefined): void {
  if (!Array.isArray(v)) return argType(report, args, args.valueSpan(key), owner, key, 'a list of tables {id, content, status}', v);
  const tables = new Set<number>();
  for (const { index, view } of args.tables(key)) {
    tables.add(index);
    checkArgs(report, view, `${owner} todo`, todoFields, () => view.anchor);
  }
  v.forEach((item, i) => {
    if (!tables.has(i)) argType(report, args, args.itemSpan(key, i), owner, `${key}[${i}]`, 'a table {id, content, status}', item);
  });
}

function argType(report: Report, args: TableView, span: Span, owner: string, key: string, expected: string, v: TomlValue | undefined): void {
  report.add(codes.toolArgType, args.block, span, `${owner} \`${key}\` should be ${expected}, not ${describeType(v)}`);
}
