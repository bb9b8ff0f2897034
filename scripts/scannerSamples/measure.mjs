// The figures of docs/secrets.md: on the scanners' own samples
// (test/support/scannerSamples.ts), each placed in a `.prompts` file three
// ways, what this extension's check, secretlint (its core and recommended
// preset, run for real: a dev dependency) and gitleaks (emulated: there is
// no gitleaks binary on npm or Debian; its default config's rules, as
// test/fixtures/gitleaks/samples.json holds them, are run with their
// keywords, secret groups, entropy thresholds and allowlists) catch and
// flag. A sample is caught when a tool reports it in all three placements,
// a false alarm when a tool reports anything in any.
//
//   npx tsc -b && node scripts/scannerSamples/measure.mjs
//
// Differences of the emulation from gitleaks itself: JavaScript's regex
// engine for Go's RE2 (inline `(?i)` spelled out as letter classes), the
// file path of every placement is `session.prompts`, no decoding of
// base64 or percent-encoded text (gitleaks' --max-decode-depth, off by
// default).

import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const support = require(path.join(root, 'out/test/support/scannerSamples.js'));
const { validatePrompts } = require(path.join(root, 'out/src-shared/prompts/rules/validate.js'));
const { parsePrompts } = require(path.join(root, 'out/src-shared/prompts/toml/document.js'));

const decode = (b64) => Buffer.from(b64, 'base64').toString('utf8');

// --- gitleaks, emulated -------------------------------------------------

/** A Go (RE2) regex as a JavaScript one: inline case-insensitivity spelled out, `\z`, POSIX classes, `(?P<…>`. */
function goRegex(src) {
  let out = '';
  const stack = [];
  let fold = false;
  let i = 0;
  if (src.startsWith('(?i)')) {
    fold = true;
    i = 4;
  }
  const letters = (c) => (fold && /[a-zA-Z]/.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c);
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      const e = src[i + 1];
      if (e === 'z') out += '$';
      else if (e === 'A') out += '^';
      else if (e === 'x' && src[i + 2] === '{') {
        const end = src.indexOf('}', i);
        out += `\\u{${src.slice(i + 3, end)}}`;
        i = end + 1;
        continue;
      } else out += `\\${e}`;
      i += 2;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      let body = '';
      if (src[j] === '^') body += src[j++];
      if (src[j] === ']') body += `\\${src[j++]}`;
      while (src[j] !== ']') {
        if (src.startsWith('[:', j)) {
          const end = src.indexOf(':]', j);
          const name = src.slice(j + 2, end);
          body += { alnum: 'a-zA-Z0-9', alpha: 'a-zA-Z', digit: '0-9', xdigit: '0-9a-fA-F', upper: 'A-Z', lower: 'a-z', space: '\\s', punct: '!-/:-@\\[-`{-~', word: '\\w' }[name];
          j = end + 2;
        } else if (src[j] === '\\') {
          body += src.slice(j, j + 2);
          j += 2;
        } else body += src[j++];
      }
      if (fold) body = body.replace(/([a-z])-([a-z])/g, (m, a, b) => `${m}${a.toUpperCase()}-${b.toUpperCase()}`).replace(/([A-Z])-([A-Z])/g, (m, a, b) => `${m}${a.toLowerCase()}-${b.toLowerCase()}`);
      out += `[${body}]`;
      i = j + 1;
      continue;
    }
    if (c === '(') {
      const flags = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?(:|\))/.exec(src.slice(i));
      if (flags) {
        const on = flags[1].includes('i') ? true : flags[2]?.includes('i') ? false : fold;
        if (flags[3] === ')') fold = on;
        else {
          stack.push(fold);
          fold = on;
          out += '(?:';
        }
        i += flags[0].length;
        continue;
      }
      if (src.startsWith('(?P<', i)) {
        stack.push(fold);
        out += '(?<';
        i += 4;
        continue;
      }
      stack.push(fold);
      out += src.startsWith('(?', i) ? '(?' : '(';
      i += src.startsWith('(?', i) ? 2 : 1;
      continue;
    }
    if (c === ')') {
      fold = stack.pop() ?? fold;
      out += ')';
      i++;
      continue;
    }
    out += letters(c);
    i++;
  }
  return out;
}

function compile(source) {
  try {
    return new RegExp(goRegex(source), 'gdu');
  } catch {
    return new RegExp(goRegex(source), 'gd');
  }
}

function entropy(s) {
  const counts = new Map();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const k of counts.values()) bits -= (k / s.length) * Math.log2(k / s.length);
  return bits;
}

function gitleaks(fixture) {
  const allow = (a) => ({ condition: a.condition ?? 'OR', target: a.regexTarget ?? 'secret', regexes: a.regexes.map((r) => compile(decode(r))), stopwords: a.stopwords.map((w) => decode(w).toLowerCase()), paths: (a.paths ?? []).map((r) => compile(decode(r))) });
  const global = allow(fixture.globalAllowlist);
  const rules = fixture.rules
    .filter((r) => r.config?.regex)
    .map((r) => ({ id: r.id, regex: compile(decode(r.config.regex)), group: r.config.secretGroup ?? 0, entropy: r.config.entropy, keywords: r.config.keywords.map((k) => k.toLowerCase()), allowlists: r.config.allowlists.map(allow) }));
  const file = 'session.prompts';
  const allowed = (a, secret, match, line) => {
    const target = a.target === 'match' ? match : a.target === 'line' ? line : secret;
    const checks = [];
    if (a.regexes.length) checks.push(a.regexes.some((r) => ((r.lastIndex = 0), r.test(target))));
    if (a.stopwords.length) checks.push(a.stopwords.some((w) => secret.toLowerCase().includes(w)));
    if (a.paths.length) checks.push(a.paths.some((r) => ((r.lastIndex = 0), r.test(file))));
    if (checks.length === 0) return false;
    return a.condition === 'AND' ? checks.every(Boolean) : checks.some(Boolean);
  };
  return (text) => {
    const lower = text.toLowerCase();
    let n = 0;
    for (const r of rules) {
      if (r.keywords.length && !r.keywords.some((k) => lower.includes(k))) continue;
      r.regex.lastIndex = 0;
      for (let m = r.regex.exec(text); m !== null; m = r.regex.exec(text)) {
        if (m[0] === '') {
          r.regex.lastIndex++;
          continue;
        }
        const secret = r.group > 0 ? (m[r.group] ?? '') : (m.slice(1).find((g) => g) ?? m[0]);
        if (r.entropy && entropy(secret) <= r.entropy) continue;
        const lineStart = text.lastIndexOf('\n', m.index) + 1;
        const lineEnd = text.indexOf('\n', m.index + m[0].length);
        const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
        if (allowed(global, secret, m[0], line) || r.allowlists.some((a) => allowed(a, secret, m[0], line))) continue;
        n++;
      }
    }
    return n;
  };
}

// --- the three tools on the same files -----------------------------------

const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };
const secretlint = async (text) => (await lintSource({ source: { content: text, filePath: '/work/session.prompts', ext: '.prompts', contentType: 'text' }, options: { config, maskSecrets: true } })).messages.length;
const ours = (text) => validatePrompts(parsePrompts(text), { strictUnknownTools: false }).filter((f) => f.code === 'prompts/secret').length;
const emulated = gitleaks(support.gitleaksFixture());

const skeleton = support.placed('hello', 'turn text');
if (ours(skeleton) + emulated(skeleton) + (await secretlint(skeleton)) !== 0) throw new Error('the file around the samples is itself reported');

const tools = { 'this extension': async (t) => ours(t), gitleaks: async (t) => emulated(t), secretlint };
const rows = new Map();
const totals = Object.fromEntries(Object.keys(tools).map((k) => [k, { caught: 0, alarms: 0 }]));
let positives = 0;
let negatives = 0;
for (const sample of support.scannerSamples()) {
  const group = `${sample.scanner} ${sample.rule}`;
  const row = rows.get(group) ?? rows.set(group, { tps: 0, fps: 0, ...Object.fromEntries(Object.keys(tools).map((k) => [k, { caught: 0, alarms: 0 }])) }).get(group);
  if (sample.positive) {
    row.tps++;
    positives++;
  } else {
    row.fps++;
    negatives++;
  }
  for (const [name, run] of Object.entries(tools)) {
    const counts = [];
    for (const p of support.placements) counts.push(await run(support.placed(sample.text, p)));
    if (sample.positive && counts.every((c) => c > 0)) {
      row[name].caught++;
      totals[name].caught++;
    }
    if (!sample.positive && counts.some((c) => c > 0)) {
      row[name].alarms++;
      totals[name].alarms++;
    }
  }
}

const names = Object.keys(tools);
console.log(`gitleaks ${support.gitleaksFixture().source.commit}; ${positives} true positives, ${negatives} negatives\n`);
console.log(`| samples | true positives | ${names.map((n) => `${n}: caught`).join(' | ')} | negatives | ${names.map((n) => `${n}: false alarms`).join(' | ')} |`);
console.log(`|---|---:|${names.map(() => '---:').join('|')}|---:|${names.map(() => '---:').join('|')}|`);
const cells = (r) => `${r.tps} | ${names.map((n) => (r.tps ? r[n].caught : '')).join(' | ')} | ${r.fps} | ${names.map((n) => (r.fps ? r[n].alarms : '')).join(' | ')}`;
console.log(`| **all** | ${positives} | ${names.map((n) => `**${totals[n].caught}**`).join(' | ')} | ${negatives} | ${names.map((n) => `**${totals[n].alarms}**`).join(' | ')} |`);
for (const [group, r] of [...rows].sort()) {
  if (r.tps === 0 && names.every((n) => r[n].alarms === 0)) continue;
  console.log(`| ${group} | ${cells(r)} |`);
}
const quiet = [...rows].filter(([, r]) => r.tps === 0 && names.every((n) => r[n].alarms === 0));
console.log(`\n(${quiet.length} more gitleaks rules whose false positives no tool flags: ${quiet.reduce((n, [, r]) => n + r.fps, 0)} negatives)`);
