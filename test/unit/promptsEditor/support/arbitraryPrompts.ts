// fast-check arbitraries for valid `.prompts` TOML laid out every way a
// hand edit can leave it: keys in any order, unknown and dotted and quoted
// keys, every string style (multi-line ones holding quotes, backslash
// continuations and the writer's indentation pile-up), date-times of every
// kind, arrays and inline tables with comments, comments above and after
// items, odd indentation and blank lines, LF or CRLF, a BOM, sub-tables
// after the turns and turns after the edits log.

import fc from '../../../support/fastCheck';

const pieces = ['alpha', ' ', 'β', '日本語', 'café', '😀', '[[sessions]]', 'key = "x"', '# no comment', '=', '\t', 'x', '{', '}', ','];

const plain = fc.array(fc.constantFrom(...pieces), { maxLength: 6 }).map((p) => p.join(''));

const basic = fc.array(fc.constantFrom(...pieces, '"', '\\', "'''", '"""', '\n', '\u0001'), { maxLength: 6 }).map((p) => JSON.stringify(p.join('')));

const literal = plain.map((s) => `'${s.replace(/'/g, '')}'`);

const multilineBasic = fc
  .tuple(fc.boolean(), fc.array(fc.constantFrom(...pieces, '\n', '\n    ', '"', '\\', "'''", '"""', 'CONTINUE'), { maxLength: 10 }))
  .map(([newline, ps]) => {
    const body = ps.map((p) => (p === 'CONTINUE' ? '\\\n   ' : p.replace(/\\/g, '\\\\').replace(/"/g, '\\"'))).join('');
    return `"""${newline ? '\n' : ''}${body}"""`;
  });

const multilineLiteral = fc
  .tuple(fc.boolean(), fc.array(fc.constantFrom(...pieces, '\n', '\n    ', '\n      \n', '"""', "'x", '\\'), { maxLength: 10 }))
  .map(([newline, ps]) => `'''${newline ? '\n' : ''}${ps.join('')}'''`);

const datetime = fc.constantFrom(
  '2026-04-21T11:47:12Z',
  '2026-04-21 11:47:12Z',
  '2026-04-21T11:47:12',
  '2026-04-21T11:47:12.250+02:00',
  '2026-04-21',
  '11:47:12',
  '"2026-04-21T11:47:12Z"',
);

const scalar = fc.constantFrom('0', '-12', '1_000', '0x1F', '1.0', '3.14e2', 'inf', 'nan', 'true', 'false');

const str = fc.oneof(basic, literal, multilineBasic, multilineLiteral);

const array = fc
  .tuple(fc.array(fc.oneof(basic, literal, scalar), { maxLength: 3 }), fc.constantFrom('tight', 'spaced', 'lines', 'commented'))
  .map(([items, style]) => {
    if (style === 'tight') return `[${items.join(',')}]`;
    if (style === 'spaced') return `[ ${items.join(' , ')} ${items.length > 0 ? ',' : ''} ]`;
    if (style === 'lines') return `[\n${items.map((i) => `  ${i},\n`).join('')}]`;
    return `[ # list\n${items.map((i) => `  ${i}, # item\n`).join('')}]`;
  });

const innerKeys = ['path', 'pattern', 'command', 'b', 'a', 'Z', '"odd key"', '"é"'];

const inlineTable: fc.Arbitrary<string> = fc
  .tuple(fc.uniqueArray(fc.constantFrom(...innerKeys), { maxLength: 4 }), fc.array(fc.oneof(basic, literal, scalar, datetime), { minLength: 4, maxLength: 4 }), fc.boolean())
  .map(([keys, values, nested]) => {
    const members = keys.map((k, i) => `${k} = ${values[i]}`);
    if (nested) members.push(`todos = [{ status = "x", id = "1", content = ${values[0]} }, {}]`);
    return members.length === 0 ? '{ }' : `{${members.join(', ')}}`;
  });

const value = fc.oneof({ weight: 4, arbitrary: str }, datetime, scalar, array, inlineTable);

/** Keys of a table: some it knows, some unknown, quoted or dotted. */
function tableKeys(known: readonly string[]): fc.Arbitrary<[string, string][]> {
  const key = fc.constantFrom(...known, ...known.map((k) => `"${k}"`), 'unknown_key', 'zz.top', 'zz.bottom', '"quoted key"', "'lit'");
  return fc.uniqueArray(fc.tuple(key, value), { maxLength: 6, selector: ([k]) => k.replace(/["']/g, '').split('.')[0] + (k.includes('.') ? k : '') });
}

const commitKeys = ['branch', 'message', 'committed_at', 'author_name', 'author_email', 'author_username'];
const sessionKeys = ['id', 'source', 'started_at', 'ended_at', 'model', 'title', 'summary', 'tags', 'outcome', 'verbose'];
const turnKeys = ['role', 'at', 'model', 'summary', 'text'];
const editKeys = ['at', 'by', 'sessions', 'turns', 'reason'];

interface ToolCall {
  readonly keys: [string, string][];
  readonly args: string | undefined;
}
interface Turn {
  readonly keys: [string, string][];
  readonly calls: ToolCall[];
}
interface Session {
  readonly keys: [string, string][];
  readonly commit: [string, string][] | undefined;
  readonly commitAfterTurns: boolean;
  readonly turns: Turn[];
}
interface Shape {
  readonly schema: boolean;
  readonly headerComment: 'afterSchema' | 'top' | 'beforeCommit' | 'none';
  readonly commit: [string, string][];
  readonly commitAt: number;
  readonly sessions: Session[];
  readonly edits: [string, string][][];
  /** A turn written after the edits log (it still belongs to the last session). */
  readonly lateTurn: boolean;
}

const toolCall: fc.Arbitrary<ToolCall> = fc.record({
  keys: tableKeys(['name', 'status']),
  args: fc.option(inlineTable, { nil: undefined }),
});
const turn: fc.Arbitrary<Turn> = fc.record({ keys: tableKeys(turnKeys), calls: fc.array(toolCall, { maxLength: 2 }) });
const session: fc.Arbitrary<Session> = fc.record({
  keys: tableKeys(sessionKeys),
  commit: fc.option(tableKeys(['branch', 'commit_sha']), { nil: undefined }),
  commitAfterTurns: fc.boolean(),
  turns: fc.array(turn, { minLength: 1, maxLength: 3 }),
});
const shape: fc.Arbitrary<Shape> = fc.record({
  schema: fc.boolean(),
  headerComment: fc.constantFrom('afterSchema' as const, 'top' as const, 'beforeCommit' as const, 'none' as const),
  commit: tableKeys(commitKeys),
  commitAt: fc.nat(3),
  sessions: fc.array(session, { minLength: 1, maxLength: 3 }),
  edits: fc.array(tableKeys(editKeys), { maxLength: 2 }),
  lateTurn: fc.boolean(),
});

const headerCommentLines = [
  '# Auto-generated by `spec prompts capture`. Safe to edit —',
  '# changes here alter what the compiler sees on the next run.',
  '# Spec: https://spec.lightreach.io/docs/prompt-format',
];

/** Layout choices, consumed in turn by the renderer. */
class Layout {
  private i = 0;
  constructor(private readonly choices: readonly number[]) {}
  pick(n: number): number {
    const c = this.choices[this.i++ % this.choices.length]!;
    return c % n;
  }
  indent(): string {
    return ['', '', '  ', '    ', '\t', ' '][this.pick(6)]!;
  }
  equals(): string {
    return [' = ', ' = ', '=', '   =  '][this.pick(4)]!;
  }
  trailing(): string {
    return ['', '', '', '  # after'][this.pick(4)]!;
  }
  /** Blank and comment lines above an item. */
  above(): string[] {
    return [[], [], [''], ['# a note'], ['', '# one', '', '# two'], ['# close above', '']][this.pick(6)]!;
  }
}

function render(s: Shape, layout: Layout, eol: string, bom: boolean): string {
  const out: string[] = [];
  const line = (text: string): void => {
    for (const above of layout.above()) out.push(above === '' ? '' : layout.indent() + above);
    out.push(text);
  };
  const table = (header: string | undefined, keys: readonly [string, string][]): void => {
    if (header) line(`${layout.indent()}${header}${layout.trailing()}`);
    for (const [k, v] of keys) line(`${layout.indent()}${k}${layout.equals()}${v}${layout.trailing()}`);
  };
  if (s.headerComment === 'top') out.push(...headerCommentLines);
  if (s.schema) out.push(`schema = "spec.prompts/v0.1"${layout.trailing()}`);
  if (s.headerComment === 'afterSchema') out.push('', ...headerCommentLines);
  const commit = (): void => {
    if (s.headerComment === 'beforeCommit') out.push(...headerCommentLines);
    table('[commit]', s.commit);
  };
  s.sessions.forEach((session, i) => {
    if (i === s.commitAt) commit();
    table('[[sessions]]', session.keys);
    if (session.commit && !session.commitAfterTurns) table('[sessions.commit]', session.commit);
    for (const t of session.turns) {
      table('[[sessions.turns]]', t.keys);
      for (const c of t.calls) table('[[sessions.turns.tool_calls]]', c.args === undefined ? c.keys : [...c.keys, ['args', c.args]]);
    }
    if (session.commit && session.commitAfterTurns) table('[sessions.commit]', session.commit);
  });
  if (s.commitAt >= s.sessions.length) commit();
  for (const e of s.edits) table('[[edits]]', e);
  if (s.lateTurn) table('[[sessions.turns]]', [['role', '"user"']]);
  if (layout.pick(2) === 0) out.push('# the end');
  return (bom ? '\ufeff' : '') + out.join('\n').replace(/\n/g, eol) + (layout.pick(2) === 0 ? eol : '');
}

/** A valid `.prompts` TOML text (the values need not pass validation, only parse). */
export const arbitraryPrompts: fc.Arbitrary<string> = fc
  .tuple(shape, fc.array(fc.nat(), { minLength: 16, maxLength: 64 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([s, choices, eol, bom]) => render(s, new Layout(choices), eol, bom && choices[0]! % 4 === 0));
