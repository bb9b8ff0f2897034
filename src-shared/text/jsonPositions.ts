// Strict JSON (RFC 8259) parsed into plain values while remembering where
// each value and member key sits, so a validator that names a field by its
// path (`selections/2/cases/0/fragment`) can point at its exact characters.
// JSON.parse knows only "position N" of its first error; files written by
// hand deserve a line and column for every fault.

export interface JsonSpan {
  /** Offset of the value's first character. */
  readonly start: number;
  /** Offset just past the value. */
  readonly end: number;
  /** For a member of an object: the span of its key, quotes included. */
  readonly key?: { readonly start: number; readonly end: number };
}

export type JsonPath = readonly (string | number)[];

export type JsonParse =
  | { readonly ok: true; readonly value: unknown; readonly spanOf: (path: JsonPath) => JsonSpan | undefined }
  | { readonly ok: false; readonly message: string; readonly offset: number };

/** Nesting deeper than this is refused rather than risking the stack. */
const maxDepth = 256;

class JsonError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export function parseJsonWithPositions(text: string): JsonParse {
  const source = typeof text === 'string' ? text : '';
  const spans = new Map<string, JsonSpan>();
  let i = 0;

  const ws = () => {
    while (i < source.length) {
      const c = source.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  const fail = (message: string, at = i): never => {
    throw new JsonError(message, at);
  };
  const describeAt = () => (i >= source.length ? 'the end of the text' : `\`${source[i]}\``);

  const value = (path: string, depth: number, key?: JsonSpan['key']): unknown => {
    if (depth > maxDepth) fail(`nesting deeper than ${maxDepth} levels`);
    ws();
    const start = i;
    const c = source[i];
    let result: unknown;
    if (c === '{') result = object(path, depth);
    else if (c === '[') result = array(path, depth);
    else if (c === '"') result = string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) result = number();
    else {
      const literal = (['true', 'false', 'null'] as const).find((word) => source.startsWith(word, i));
      if (literal === undefined) fail(`expected a value, found ${describeAt()}`);
      i += literal!.length;
      result = literal === 'true' ? true : literal === 'false' ? false : null;
    }
    spans.set(path, key ? { start, end: i, key } : { start, end: i });
    return result;
  };

  const object = (path: string, depth: number): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    const seen = new Set<string>();
    i++;
    ws();
    if (source[i] === '}') {
      i++;
      return result;
    }
    for (;;) {
      ws();
      if (source[i] !== '"') fail(`expected a member name in double quotes, found ${describeAt()}`);
      const keyStart = i;
      const name = string();
      const key = { start: keyStart, end: i };
      if (seen.has(name)) fail(`duplicate member \`${name}\``, keyStart);
      seen.add(name);
      ws();
      if (source[i] !== ':') fail(`expected \`:\` after the member name, found ${describeAt()}`);
      i++;
      const member = value(`${path}/${escapeSegment(name)}`, depth + 1, key);
      Object.defineProperty(result, name, { value: member, enumerable: true, writable: true, configurable: true });
      ws();
      if (source[i] === ',') {
        i++;
        ws();
        if (source[i] === '}') fail('a trailing comma is not JSON');
        continue;
      }
      if (source[i] === '}') {
        i++;
        return result;
      }
      fail(`expected \`,\` or \`}\`, found ${describeAt()}`);
    }
  };

  const array = (path: string, depth: number): unknown[] => {
    const result: unknown[] = [];
    i++;
    ws();
    if (source[i] === ']') {
      i++;
      return result;
    }
    for (;;) {
      result.push(value(`${path}/${result.length}`, depth + 1));
      ws();
      if (source[i] === ',') {
        i++;
        ws();
        if (source[i] === ']') fail('a trailing comma is not JSON');
        continue;
      }
      if (source[i] === ']') {
        i++;
        return result;
      }
      fail(`expected \`,\` or \`]\`, found ${describeAt()}`);
    }
  };

  const string = (): string => {
    const start = i;
    i++;
    let out = '';
    let from = i;
    for (;;) {
      if (i >= source.length) fail('a string that never ends', start);
      const c = source.charCodeAt(i);
      if (c === 0x22) {
        out += source.slice(from, i);
        i++;
        return out;
      }
      if (c < 0x20) fail('a control character inside a string (write it as an escape)');
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += source.slice(from, i);
      const e = source[i + 1];
      const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (e !== undefined && e in simple) {
        out += simple[e];
        i += 2;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) {
        out += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
        i += 6;
      } else fail('an invalid escape in a string');
      from = i;
    }
  };

  const number = (): number => {
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(source.slice(i, i + 400));
    if (!m) fail('an invalid number');
    i += m![0].length;
    return Number(m![0]);
  };

  try {
    const result = value('', 0);
    ws();
    if (i < source.length) fail(`expected the end of the text after the value, found ${describeAt()}`);
    return { ok: true, value: result, spanOf: (path) => spans.get(pathKey(path)) };
  } catch (e) {
    if (e instanceof JsonError) return { ok: false, message: e.message, offset: e.offset };
    throw e;
  }
}

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The map key of a path: a JSON pointer (`/selections/0/name`). */
function pathKey(path: JsonPath): string {
  return path.map((p) => `/${escapeSegment(String(p))}`).join('');
}

/** A path as people read it: `selections[0].cases[1].fragment`. */
export function describePath(path: JsonPath): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? p : `.${p}`;
  return out;
}
