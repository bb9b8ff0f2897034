// One string matching a regex of the small part of Go's syntax that
// gitleaks' `secrets.NewSecret` is given (literals, escapes, classes,
// groups, alternation, `?`, `*`, `+`, `{n}`, `{n,m}`), drawn by a generator
// seeded with `seed`: the same seed gives the same string, and the draws
// are uniform over each class, as gitleaks' own random samples are, so a
// sample's entropy is a real token's.

export function sampleOf(regex, seed) {
  const random = mulberry32(fnv(seed));
  const node = parse(regex.replace(/^\(\?i\)/, ''));
  return draw(node, random);
}

function fnv(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const range = (a, b) => Array.from({ length: b.charCodeAt(0) - a.charCodeAt(0) + 1 }, (_, i) => String.fromCharCode(a.charCodeAt(0) + i));
const digits = range('0', '9');
const word = [...range('a', 'z'), ...range('A', 'Z'), ...digits, '_'];
const printable = range(' ', '~');

function parse(src) {
  let i = 0;
  const alternation = () => {
    const alts = [sequence()];
    while (src[i] === '|') {
      i++;
      alts.push(sequence());
    }
    return { k: 'alt', alts };
  };
  const sequence = () => {
    const items = [];
    while (i < src.length && src[i] !== '|' && src[i] !== ')') {
      let atom = primary();
      atom = quantified(atom);
      if (atom) items.push(atom);
    }
    return { k: 'seq', items };
  };
  const quantified = (atom) => {
    const c = src[i];
    let min;
    let max;
    if (c === '?') [min, max] = [0, 1];
    else if (c === '*') [min, max] = [0, 8];
    else if (c === '+') [min, max] = [1, 8];
    else if (c === '{' && /^\{\d+(,\d*)?\}/.test(src.slice(i))) {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(src.slice(i));
      min = Number(m[1]);
      max = m[2] ? (m[3] ? Number(m[3]) : min + 8) : min;
      i += m[0].length - 1;
    } else return atom;
    i++;
    if (src[i] === '?') i++;
    return { k: 'rep', atom, min, max };
  };
  const escape = () => {
    const e = src[i++];
    if (e === 'd') return digits;
    if (e === 'w') return word;
    if (e === 's') return [' '];
    if (e === 'x') {
      const h = src.slice(i, i + 2);
      i += 2;
      return [String.fromCharCode(parseInt(h, 16))];
    }
    if (e === 'b' || e === 'B' || e === 'A' || e === 'z') return null;
    return [e];
  };
  const cls = () => {
    let negated = false;
    if (src[i] === '^') {
      negated = true;
      i++;
    }
    const set = [];
    let first = true;
    while (src[i] !== ']' || first) {
      first = false;
      let c;
      if (src[i] === '\\') {
        i++;
        const e = escape();
        if (e && e.length > 1) {
          set.push(...e);
          continue;
        }
        c = e ? e[0] : '';
      } else if (src.startsWith('[:alnum:]', i)) {
        i += 9;
        set.push(...range('a', 'z'), ...range('A', 'Z'), ...digits);
        continue;
      } else c = src[i++];
      if (src[i] === '-' && src[i + 1] !== ']') {
        i++;
        let d = src[i++];
        if (d === '\\') d = escape()[0];
        set.push(...range(c, d));
      } else set.push(c);
    }
    i++;
    const chars = negated ? printable.filter((p) => !set.includes(p) && p !== ' ') : [...new Set(set)];
    return { k: 'set', chars };
  };
  const primary = () => {
    const c = src[i++];
    if (c === '(') {
      if (src[i] === '?') {
        const flags = /^\?[a-zA-Z-]*(:|\))/.exec(src.slice(i)) ?? /^\?P?<\w+>/.exec(src.slice(i));
        if (!flags) throw new Error(`group syntax at ${i} in ${src}`);
        i += flags[0].length;
        if (flags[0].endsWith(')')) return null;
      }
      const inner = alternation();
      if (src[i] !== ')') throw new Error(`unclosed group in ${src}`);
      i++;
      return inner;
    }
    if (c === '[') return cls();
    if (c === '\\') {
      const e = escape();
      return e ? { k: 'set', chars: e } : null;
    }
    if (c === '.') return { k: 'set', chars: word };
    if (c === '^' || c === '$') return null;
    return { k: 'set', chars: [c] };
  };
  const node = alternation();
  if (i < src.length) throw new Error(`unread regex after ${i} in ${src}`);
  return node;
}

function draw(node, random) {
  if (node === null) return '';
  switch (node.k) {
    case 'alt':
      return draw(node.alts[Math.floor(random() * node.alts.length)], random);
    case 'seq':
      return node.items.map((n) => draw(n, random)).join('');
    case 'rep': {
      const n = node.min + Math.floor(random() * (node.max - node.min + 1));
      let s = '';
      for (let k = 0; k < n; k++) s += draw(node.atom, random);
      return s;
    }
    case 'set':
      return node.chars[Math.floor(random() * node.chars.length)];
  }
  throw new Error(node.k);
}
