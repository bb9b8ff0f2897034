// The schema walk over one block's parsed TOML (FORMATS.md B.2 rules 2-9,
// 11, 12): every key known, required keys present, every value of its type
// and in its set, the role rules of turns. Driven by the tables of
// schema.ts; tool calls are checked by checkToolCalls.ts. Facts other blocks
// need (session ids and start times) are collected, not judged, here.

import type { TomlValue } from 'smol-toml';
import { type PromptsCode, promptsCodes as codes } from './codes';
import { checkToolCall, type ToolCallOptions } from './checkToolCalls';
import type { Report } from './report';
import { type FieldSpec, type FieldType, tableSpecs, type TableName } from './schema';
import { closest } from './suggest';
import type { Span } from '../toml/syntaxTree';
import type { TableView } from '../toml/tableView';
import { judgeTimestamp } from './timestamps';
import { describeType, exceeds, characterCount, isInteger } from '../toml/valueTypes';

/** What the cross-block checks need to know of one session. */
export interface SessionFact {
  readonly view: TableView;
  /** The id, if it is a non-blank string. */
  readonly id: string | undefined;
  /** `started_at` in milliseconds, if it is a valid timestamp. */
  readonly startedAt: number | undefined;
}

// Per table, the fields by key and the required keys, looked up once per table of a file (tens of thousands).
const fieldMaps = new Map(Object.entries(tableSpecs).map(([name, spec]) => [name, new Map(Object.entries(spec.fields))]));
const requiredKeys = new Map(Object.entries(tableSpecs).map(([name, spec]) => [name, Object.keys(spec.fields).filter((k) => spec.fields[k]!.required)]));
const none: readonly string[] = [];

export class SchemaChecker {
  readonly sessions: SessionFact[] = [];
  /** `verbose` of the session whose turns are being checked. */
  private verbose = false;

  constructor(
    private readonly report: Report,
    private readonly options: ToolCallOptions,
  ) {}

  /** A block's top-level keys. Whether `[commit]` and `[[sessions]]` exist at all is a cross-block question. */
  checkRoot(root: TableView): void {
    this.checkFields(root, 'root', none, false);
  }

  private checkTable(view: TableView, name: TableName): void {
    if (name === 'session') this.checkSession(view);
    else if (name === 'turn') this.checkTurn(view);
    else if (name === 'toolCall') {
      this.checkFields(view, name);
      checkToolCall(this.report, view, this.options);
    } else this.checkFields(view, name);
  }

  private checkSession(view: TableView): void {
    const v = view.value;
    this.verbose = v['verbose'] === true;
    this.checkFields(view, 'session');
    const id = v['id'];
    const started = judgeTimestamp(v['started_at'], view.block.offsetsInUtc);
    this.sessions.push({
      view,
      id: typeof id === 'string' && id.trim() !== '' ? id : undefined,
      startedAt: 'started_at' in v && started.valid ? started.instant : undefined,
    });
  }

  private checkTurn(view: TableView): void {
    const v = view.value;
    // Keys a role rule already reported, so the type checks do not pile on.
    let skip = none;
    const report = (code: PromptsCode, key: string, message: string): void => {
      this.report.add(code, view.block, view.keySpan(key), message);
      skip = [...skip, key];
    };
    if (v['role'] === 'user') {
      if (v['model'] !== undefined) report(codes.userTurnModel, 'model', 'a user turn has no `model`: only assistant turns name the model');
      if (v['summary'] !== undefined) report(codes.userTurnSummary, 'summary', 'a user turn has no `summary`: the prompt is its own text');
      if (v['text'] === undefined) this.report.add(codes.missingKey, view.block, view.anchor, 'a user turn needs `text`', { data: { key: 'text' } });
    } else if (v['role'] === 'assistant' && v['text'] !== undefined && !this.verbose) {
      report(codes.assistantText, 'text', 'an assistant turn carries `text` only when its session has `verbose = true`');
    }
    this.checkFields(view, 'turn', skip);
  }

  /** `skip`: keys a rule already reported; `requireds`: whether missing required keys are reported. */
  private checkFields(view: TableView, name: TableName, skip: readonly string[] = none, requireds = true): void {
    const spec = tableSpecs[name];
    const fields = fieldMaps.get(name)!;
    const value = view.value;
    // Object.keys: the tables smol-toml builds have no prototype, and for-in over them is slower.
    const keys = Object.keys(value);
    for (const key of keys) {
      const field = fields.get(key);
      if (!field) this.unknownKey(view, key, name, keys);
      else if (skip.length === 0 || !skip.includes(key)) this.checkField(view, key, field);
    }
    if (!requireds) return;
    for (const key of requiredKeys.get(name)!) {
      if (value[key] !== undefined || skip.includes(key)) continue;
      if (name === 'session' && key === 'turns') this.report.add(codes.noTurns, view.block, view.anchor, 'a session needs at least one `[[sessions.turns]]`');
      else this.report.add(codes.missingKey, view.block, view.anchor, `${spec.label} is missing \`${key}\``, { data: { key } });
    }
  }

  private unknownKey(view: TableView, key: string, name: TableName, present: readonly string[]): void {
    const spec = tableSpecs[name];
    const allowed = Object.keys(spec.fields).filter((k) => !present.includes(k));
    const suggestion = closest(key, allowed);
    const where = name === 'root' ? 'unknown top-level key' : `unknown key in ${spec.label}:`;
    this.report.add(
      codes.unknownKey,
      view.block,
      view.keySpan(key),
      `${where} \`${key}\`${suggestion ? `; did you mean \`${suggestion}\`?` : ''}`,
      { data: { key, allowed, ...(suggestion && { suggestion }) } },
    );
  }

  private checkField(view: TableView, key: string, field: FieldSpec): void {
    const v = view.value[key];
    const type = field.type;
    switch (type.kind) {
      case 'string':
        return this.checkString(view, key, v, type);
      case 'exactly':
        if (v !== type.value) {
          this.report.add(codes.schemaVersion, view.block, view.valueSpan(key), `\`schema\` must be "${type.value}" (or absent), not ${shown(v)}`, {
            data: { replacement: JSON.stringify(type.value) },
          });
        }
        return;
      case 'enum':
        return this.checkEnum(view, key, v, type);
      case 'timestamp':
        return this.checkTimestamp(view, key, v);
      case 'boolean':
        if (typeof v !== 'boolean') this.wrongType(view, view.valueSpan(key), key, 'a boolean (true or false)', v);
        return;
      case 'stringList':
      case 'integerList':
        return this.checkList(view, key, v, type);
      case 'table': {
        const sub = view.table(key);
        if (!sub) this.wrongType(view, view.valueSpan(key), key, `a table (${tableSpecs[type.table].label})`, v);
        else this.checkTable(sub, type.table);
        return;
      }
      case 'tables':
        return this.checkTables(view, key, v, type);
      case 'toolArgs':
        // Checked with the tool call as a whole, which knows the tool's name.
        return;
    }
  }

  private checkString(view: TableView, key: string, v: TomlValue | undefined, type: Extract<FieldType, { kind: 'string' }>): void {
    if (typeof v !== 'string') return this.wrongType(view, view.valueSpan(key), key, 'a string', v);
    if (type.nonBlank && v.trim() === '') {
      this.report.add(codes.blankValue, view.block, view.valueSpan(key), `\`${key}\` must not be blank`);
    }
    if (type.maxChars !== undefined && exceeds(v, type.maxChars)) {
      const size = characterCount(v);
      this.report.add(
        codes.tooLong,
        view.block,
        view.keySpan(key),
        `\`${key}\` is ${size.toLocaleString('en-US')} characters; at most ${type.maxChars.toLocaleString('en-US')} are allowed`,
        { data: { size, cap: type.maxChars } },
      );
    }
  }

  private checkEnum(view: TableView, key: string, v: TomlValue | undefined, type: Extract<FieldType, { kind: 'enum' }>): void {
    if (typeof v === 'string' && type.values.includes(v)) return;
    const span = view.valueSpan(key);
    if (typeof v === 'string' && type.reserved?.includes(v)) {
      this.report.add(codes.reservedRole, view.block, span, `\`${v}\` is reserved and not allowed in spec.prompts/v0.1; use one of ${type.values.join(', ')}`, {
        data: { allowed: type.values },
      });
      return;
    }
    const suggestion = typeof v === 'string' ? closest(v, type.values) : undefined;
    this.report.add(codes.badEnumValue, view.block, span, `${shown(v)} is not ${type.what}; expected one of ${type.values.join(', ')}`, {
      data: { allowed: type.values, ...(suggestion && { suggestion }) },
    });
  }

  private checkTimestamp(view: TableView, key: string, v: TomlValue | undefined): void {
    const verdict = judgeTimestamp(v, view.block.offsetsInUtc);
    if (!verdict.valid) {
      this.report.add(codes.badTimestamp, view.block, view.valueSpan(key), `\`${key}\` must be a date-time (TOML or an RFC 3339 string), not ${verdict.problem}`);
    } else if (verdict.nonCanonical) {
      const replacement = verdict.canonical && (typeof v === 'string' ? JSON.stringify(verdict.canonical) : verdict.canonical);
      this.report.add(
        codes.nonUtcTimestamp,
        view.block,
        view.valueSpan(key),
        `\`${key}\` is ${verdict.nonCanonical}; the capture writer writes UTC with Z and whole seconds${verdict.canonical ? ` (${verdict.canonical})` : ''}`,
        { ...(replacement && { data: { replacement } }) },
      );
    }
  }

  private checkList(view: TableView, key: string, v: TomlValue | undefined, type: Extract<FieldType, { kind: 'stringList' | 'integerList' }>): void {
    const strings = type.kind === 'stringList';
    const what = strings ? 'a list of strings' : 'a list of integers';
    if (!Array.isArray(v)) return this.wrongType(view, view.valueSpan(key), key, what, v);
    const seen = new Map<string, number>();
    v.forEach((item, i) => {
      if (strings ? typeof item !== 'string' : !isInteger(item)) {
        const note = typeof item === 'boolean' && !strings ? ' (booleans are not integers)' : '';
        this.report.add(codes.wrongType, view.block, view.itemSpan(key, i), `\`${key}\` must be ${what}; item ${i} is ${describeType(item)}${note}`);
        return;
      }
      if (type.kind !== 'stringList' || !type.distinct || typeof item !== 'string') return;
      const first = seen.get(item);
      if (first === undefined) seen.set(item, i);
      else {
        this.report.add(codes.duplicateListItem, view.block, view.itemSpan(key, i), `${JSON.stringify(item)} is already in \`${key}\``, {
          related: [{ range: view.block.rangeOf(view.itemSpan(key, first)), message: 'first listed here' }],
        });
      }
    });
  }

  private checkTables(view: TableView, key: string, v: TomlValue | undefined, type: Extract<FieldType, { kind: 'tables' }>): void {
    const label = tableSpecs[type.table].label;
    if (!Array.isArray(v)) return this.wrongType(view, view.valueSpan(key), key, `an array of tables (${label})`, v);
    if (type.nonEmpty && v.length === 0) {
      const code = type.table === 'turn' ? codes.noTurns : codes.noSessions;
      this.report.add(code, view.block, view.valueSpan(key), `\`${key}\` needs at least one ${label}`);
    }
    for (let i = 0; i < v.length; i++) {
      const item = view.element(key, i);
      if (item) this.checkTable(item, type.table);
      else this.wrongType(view, view.itemSpan(key, i), `${key}[${i}]`, `a table (${label})`, v[i]);
    }
  }

  private wrongType(view: TableView, span: Span, key: string, expected: string, v: TomlValue | undefined): void {
    this.report.add(codes.wrongType, view.block, span, `\`${key}\` must be ${expected}, not ${describeType(v)}`);
  }
}

/** A value as a message quotes it: strings in quotes, anything else by its type. */
function shown(v: TomlValue | undefined): string {
  return typeof v === 'string' ? JSON.stringify(v) : describeType(v);
}
