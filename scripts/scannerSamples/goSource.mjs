// Reads the sample lists of gitleaks' rule generators (Go source,
// cmd/generate/config/rules/*.go) without a Go toolchain: each rule
// function's `tps`/`fps` statements are parsed as the small part of Go they
// use (string literals, `+`, `[]string{…}`, `append`, `fmt.Sprintf`, local
// variables) and evaluated, with gitleaks' helpers spelled out below.
// `secrets.NewSecret(regex)` draws a random string in gitleaks; here it
// draws a fixed one from a generator seeded by the rule and the sample's
// place, so a re-extraction writes the same fixture.

import { sampleOf } from './regexSample.mjs';

/** Each rule function of one file: its RuleID, and its samples, or why a statement could not be read. */
export function rulesOfFile(source, file) {
  const out = [];
  // Package-level `var name = …` (cloudflare.go shares its sample lists between three rules).
  const packageVars = new Map();
  for (const m of source.matchAll(/^var ([A-Za-z_]\w*) = /gm)) {
    const start = m.index + m[0].length;
    try {
      packageVars.set(m[1], evaluate(parseExpr(tokens(source.slice(start, expressionEnd(source, start)))), packageVars, () => `${file}:${m[1]}`));
    } catch {
      // A variable that is not a sample list (a regex, an identifier list) is left out.
    }
  }
  for (const m of source.matchAll(/^func (\w+)\(\) \*config\.Rule \{$/gm)) {
    const name = m[1];
    const open = m.index + m[0].length - 1;
    const body = source.slice(open + 1, expressionEnd(source, open, true) - 1);
    const id = /RuleID:\s*"([^"]+)"/.exec(body)?.[1];
    if (!id) continue;
    const rule = { id, file, func: name, tps: [], fps: [], unread: [], drawn: [] };
    const scope = new Map(packageVars);
    let counter = 0;
    const seed = () => `${id}#${counter++}`;
    seed.drawn = rule.drawn;
    for (const st of statements(body)) {
      try {
        const value = evaluate(parseExpr(tokens(st.expr)), scope, seed);
        if (st.target === 'tps' || st.target === 'fps') rule[st.target] = asList(value);
        scope.set(st.target, value);
      } catch (e) {
        if (st.target === 'tps' || st.target === 'fps') rule.unread.push(`${st.target}: ${e.message}`);
      }
    }
    out.push(rule);
  }
  return out;
}

function asList(v) {
  if (Array.isArray(v)) return v;
  throw new Error('not a list of strings');
}

/** The assignments of a function body: `x := expr`, `x = expr`, `var x = expr`, each up to its end at depth 0. */
function statements(body) {
  const out = [];
  const re = /^\s*(?:var\s+)?([A-Za-z_]\w*)\s*(?::=|=)\s*/gm;
  for (let m = re.exec(body); m !== null; m = re.exec(body)) {
    const start = m.index + m[0].length;
    const end = expressionEnd(body, start);
    const expr = body.slice(start, end);
    out.push({ target: m[1], expr });
    re.lastIndex = Math.max(end, start + 1);
  }
  return out;
}

/**
 * Where an expression that starts at `i` ends: a line break at bracket
 * depth 0 not after a `+` or `,`; with `block`, just after the bracket that
 * closes the one at `i`. Strings and comments are skipped whole.
 */
function expressionEnd(s, i, block = false) {
  let depth = 0;
  let lastSignificant = '';
  while (i < s.length) {
    const c = s[i];
    if (c === '`') {
      i = closing(s, '`', i + 1) + 1;
      lastSignificant = '`';
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < s.length && s[i] !== c) i += s[i] === '\\' ? 2 : 1;
      i++;
      lastSignificant = c;
      continue;
    }
    if (c === '/' && s[i + 1] === '/') {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && s[i + 1] === '*') {
      i = closing(s, '*/', i) + 2;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (block && depth === 0) return i + 1;
    }
    if (!block && c === '\n' && depth <= 0 && lastSignificant !== '+' && lastSignificant !== ',') return i;
    if (!/\s/.test(c)) lastSignificant = c;
    i++;
  }
  return i;
}

/** Where `what` next occurs from `from`; the end of `s` when it does not. */
function closing(s, what, from) {
  const at = s.indexOf(what, from);
  return at === -1 ? s.length : at;
}

function tokens(src) {
  const out = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) i++;
    else if (c === '/' && src[i + 1] === '/') while (i < src.length && src[i] !== '\n') i++;
    else if (c === '/' && src[i + 1] === '*') i = closing(src, '*/', i) + 2;
    else if (c === '`') {
      const end = closing(src, '`', i + 1);
      out.push({ t: 'str', v: src.slice(i + 1, end).replace(/\r/g, '') });
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      out.push({ t: 'str', v: unquote(src.slice(i + 1, j)) });
      i = j + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*/.exec(src.slice(i));
      out.push({ t: 'id', v: m[0] });
      i += m[0].length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+/.exec(src.slice(i));
      out.push({ t: 'num', v: Number(m[0]) });
      i += m[0].length;
    } else if (src.startsWith('...', i)) {
      out.push({ t: '...' });
      i += 3;
    } else if (src.startsWith('[]', i)) {
      out.push({ t: '[]' });
      i += 2;
    } else {
      out.push({ t: c });
      i++;
    }
  }
  return out;
}

/** A Go interpreted string literal's value. */
function unquote(body) {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{3}|.)/g, (_, e) => {
    if (e[0] === 'x' || e[0] === 'u' || e[0] === 'U') return String.fromCodePoint(parseInt(e.slice(1), 16));
    if (/^[0-7]{3}$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', "'": "'", a: '\x07', b: '\b', f: '\f', v: '\v' }[e] ?? (() => { throw new Error(`escape \\${e}`); })();
  });
}

function parseExpr(ts) {
  let i = 0;
  const peek = () => ts[i];
  const take = (t) => {
    if (ts[i]?.t !== t) throw new Error(`expected ${t} at token ${i}`);
    return ts[i++];
  };
  const list = (close) => {
    const items = [];
    while (peek() && peek().t !== close) {
      items.push(expr());
      if (peek()?.t === '...') {
        i++;
        items[items.length - 1] = { k: 'spread', e: items[items.length - 1] };
      }
      if (peek()?.t === ',') i++;
    }
    take(close);
    return items;
  };
  const term = () => {
    const tok = ts[i++];
    if (!tok) throw new Error('unexpected end');
    if (tok.t === 'str') return { k: 'str', v: tok.v };
    if (tok.t === 'num') return { k: 'num', v: tok.v };
    if (tok.t === '[]') {
      const type = take('id').v;
      if (type === 'byte' && peek()?.t === '(') {
        i++;
        return { k: 'call', f: 'byte', args: list(')') };
      }
      if (type !== 'string') throw new Error(`[]${type}`);
      take('{');
      return { k: 'list', items: list('}') };
    }
    if (tok.t === 'id' && tok.v === 'map') {
      // map[string]string{"file name": content, …}: the contents, in order (gitleaks checks them with the file name as path).
      while (peek() && peek().t !== '{') i++;
      take('{');
      const items = [];
      while (peek() && peek().t !== '}') {
        expr();
        take(':');
        items.push(expr());
        if (peek()?.t === ',') i++;
      }
      take('}');
      return { k: 'list', items };
    }
    if (tok.t === 'id') {
      if (peek()?.t === '(') {
        i++;
        return { k: 'call', f: tok.v, args: list(')') };
      }
      return { k: 'var', v: tok.v };
    }
    throw new Error(`unexpected ${tok.t}`);
  };
  const expr = () => {
    let left = term();
    while (peek()?.t === '+') {
      i++;
      left = { k: 'cat', a: left, b: term() };
    }
    return left;
  };
  const e = expr();
  if (i < ts.length) throw new Error(`unread tokens after the expression (${ts[i].t})`);
  return e;
}

const classes = {
  'utils.Numeric': (n) => `[0-9]{${n}}`,
  'utils.Hex': (n) => `[a-f0-9]{${n}}`,
  'utils.AlphaNumeric': (n) => `[a-z0-9]{${n}}`,
  'utils.AlphaNumericExtendedShort': (n) => `[a-z0-9_-]{${n}}`,
  'utils.AlphaNumericExtended': (n) => `[a-z0-9=_\\-]{${n}}`,
  'utils.AlphaNumericExtendedLong': (n) => `[a-z0-9\\/=_\\+\\-]{${n}}`,
};

function evaluate(node, scope, seed) {
  const ev = (n) => evaluate(n, scope, seed);
  switch (node.k) {
    case 'str':
    case 'num':
      return node.v;
    case 'list':
      return node.items.flatMap((it) => (it.k === 'spread' ? ev(it.e) : [ev(it)]));
    case 'cat': {
      const a = ev(node.a);
      const b = ev(node.b);
      if (typeof a !== 'string' || typeof b !== 'string') throw new Error('+ of non-strings');
      return a + b;
    }
    case 'var':
      if (scope.has(node.v)) return scope.get(node.v);
      throw new Error(`unknown variable ${node.v}`);
    case 'call': {
      const args = node.args.flatMap((a) => (a.k === 'spread' ? ev(a.e) : [ev(a)]));
      if (classes[node.f]) return classes[node.f](args[0]);
      switch (node.f) {
        case 'utils.Hex8_4_4_4_12':
          return '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
        case 'secrets.NewSecret': {
          const drawn = sampleOf(args[0], seed());
          seed.drawn?.push(drawn);
          return drawn;
        }
        case 'fmt.Sprintf': {
          let k = 1;
          return args[0].replace(/%[sdvq%]/g, (f) => (f === '%%' ? '%' : f === '%q' ? JSON.stringify(String(args[k++])) : String(args[k++])));
        }
        case 'utils.GenerateSampleSecret':
        case 'utils.GenerateSampleSecrets': {
          // gitleaks places one secret in 30 assignment forms; the samples here keep its own one-line form, once.
          const one = `${args[0]}_api_token = "${args[1]}"`;
          return node.f === 'utils.GenerateSampleSecret' ? one : [one];
        }
        case 'append':
          return [...asList(args[0]), ...args.slice(1)];
        case 'strings.Repeat':
          return args[0].repeat(args[1]);
        case 'strings.ToUpper':
          return args[0].toUpperCase();
        case 'base64.StdEncoding.EncodeToString':
          return Buffer.from(args[0], 'utf8').toString('base64');
        case 'byte':
          return args[0];
        default:
          throw new Error(`unknown function ${node.f}`);
      }
    }
    default:
      throw new Error(`cannot evaluate ${node.k}`);
  }
}
