// Secrets (FORMATS.md B.4 and issue 19): each kind, built at run time, is a
// warning on exactly its source characters (escapes included), named by
// kind and never quoted; replacing that range with [REDACTED] leaves valid
// TOML without it. Placeholders and documentation examples are not findings.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { parse } from 'smol-toml';
import type { Finding } from '../../../src-shared/finding';
import { findSecrets, matchSecrets, redaction, SecretMatcher, type SecretMatch, secretRows } from '../../../src-shared/prompts/rules/secrets';
import type { SecretRow } from '../../../src-shared/prompts/rules/secretRows';
import { compile, translatePython, writerRows } from '../../../src-shared/prompts/rules/writerSecrets';
import { fakeSecrets } from '../../support/fakeSecrets';
import { scannerSamples } from '../../support/scannerSamples';
import { findingsOf, lines, minimalValid } from '../../support/promptsFixtures';

/** The minimal file with `title = <literal>` on line 10, in its session. */
const withTitle = (literal: string): string => minimalValid.replace('source = "claude_code"', `source = "claude_code"\ntitle = ${literal}`);

function secrets(text: string): Finding[] {
  return findingsOf(text).filter((f) => f.code === 'prompts/secret');
}

/** The source text of a finding's range. */
function sourceAt(text: string, f: Finding): string {
  const ls = text.split('\n');
  const { start, end } = f.range;
  if (start.line === end.line) return ls[start.line]!.slice(start.character, end.character);
  return [ls[start.line]!.slice(start.character), ...ls.slice(start.line + 1, end.line), ls[end.line]!.slice(0, end.character)].join('\n');
}

function redact(text: string, f: Finding): string {
  const ls = text.split('\n');
  const { start, end } = f.range;
  const before = ls.slice(0, start.line).join('\n') + (start.line > 0 ? '\n' : '') + ls[start.line]!.slice(0, start.character);
  const after = ls[end.line]!.slice(end.character) + (end.line < ls.length - 1 ? '\n' : '') + ls.slice(end.line + 1).join('\n');
  return before + redaction + after;
}

/** How a message names each row of `kind`: a writer's row adds that the writer scrubs it. */
const labelOf = (kind: string): string[] => secretRows.filter((r) => r.kind === kind).map((r) => (r.python !== undefined ? `${r.label}, a pattern the capture writer scrubs` : r.label));

test('every kind, as pasted into a multi-line turn text, is one finding on exactly the secret, named by kind, never quoted', () => {
  const kinds = new Set(secretRows.map((r) => r.kind));
  const covered = new Set<string>();
  for (const seed of [1, 2, 3]) {
    for (const fake of fakeSecrets(seed)) {
      covered.add(fake.kind);
      const file = withTitle(`'''\nWe ran it with ${fake.text} yesterday.\n'''`);
      const found = secrets(file);
      assert.equal(found.length, 1, `${fake.name} (seed ${seed}): ${found.map((f) => f.message).join('; ')}`);
      const f = found[0]!;
      assert.equal(f.severity, 'warning');
      assert.equal(sourceAt(file, f), fake.secret, fake.name);
      assert.deepEqual(f.data, { kind: fake.kind, replacement: '[REDACTED]' }, fake.name);
      assert.ok(labelOf(fake.kind).some((label) => f.message === `\`title\` holds ${label}; redact it before this file is shared`), `${fake.name}: ${f.message}`);
      assert.ok(!f.message.includes(fake.secret));
      const redacted = redact(file, f);
      assert.deepEqual(secrets(redacted), [], `${fake.name}: redacted`);
      assert.doesNotThrow(() => parse(redacted));
    }
  }
  assert.deepEqual([...kinds].filter((k) => !covered.has(k)), [], 'every kind has a fake');
});

test('placeholders, templates and documentation examples are not findings, but the same shapes with a real-looking value are', () => {
  const notSecrets = [
    'AKIAIOSFODNN7EXAMPLE',
    'aws_secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"',
    'sk-...',
    'sk-xxxxxxxxxxxxxxxxxxxxxxxx',
    'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'ghp_************************************',
    '<your token>',
    'Bearer <your-token-goes-here>',
    'Bearer YOUR_ACCESS_TOKEN',
    'token: ${GITHUB_TOKEN}',
    'password=$DB_PASSWORD',
    'api_key=os.environ["OPENAI_API_KEY"]',
    'token = process.env.NPM_TOKEN',
    'password: [REDACTED]',
    'Authorization: [REDACTED]',
    'password=********',
    'xoxb-your-token-here-1234',
    'https://user:password@api.example.com/v1',
    'https://${username}:${password}@api.example.com',
    'https://{{user}}:{{pass}}@config.example.com',
    'https://user:abc@api.com/v1',
    'https://user:1111@service.com/api',
    'mongodb://mongodb:mongodb@localhost:27017/db',
    'mysql://user:${PASSWORD}@example.com:3306/db',
    'postgres://$(PGUSER):$(PGPASSWORD)@$(PGHOST)/db',
    'mongodb://YOUR_USERNAME:YOUR_PASSWORD@cluster.mongodb.net/test',
    '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
    '-----BEGIN PRIVATE KEY-----\nMIIEvQ...xxxx\n-----END PRIVATE KEY-----',
    '-----BEGIN PRIVATE KEY-----\n****************************************************************************\n-----END PRIVATE KEY-----',
    'postgresql://localhost:5432/app',
  ];
  for (const s of notSecrets) assert.deepEqual(findSecrets(`see ${s} here`), [], s);
  // The message scrubber is stricter: an example is still hidden in what the extension writes.
  assert.equal(matchSecrets('AKIAIOSFODNN7EXAMPLE').length, 1);
});

test('a secret in a key, in an array, an inline table, a literal string and after a line-ending backslash is found at its characters', () => {
  const [gh, akia, sk, pw] = ['ghp', 'akia', 'sk', 'password'].map((n) => fakeSecrets(4).find((f) => f.name === n)!);
  const file = lines(
    minimalValid,
    '  summary = """',
    '  line one',
    `  ${gh!.text.slice(0, 12)}\\`,
    `     ${gh!.text.slice(12)}`,
    '  """',
    `  lesson = '''${pw!.text}'''`,
    `  extra = ["fine", "${akia!.text}"]`,
    `  inline = { deep = { key = "${sk!.text}" } }`,
    `  "${gh!.text}" = 1`,
  );
  const found = secrets(file);
  assert.deepEqual(
    found.map((f) => [f.range.start.line, (f.data as { kind: string }).kind, f.message.split(' holds ')[0]]),
    [
      [16, 'github-token', '`summary`'],
      [19, 'credential-assignment', '`lesson`'],
      [20, 'aws-access-key', '`extra`'],
      [21, 'secret-key', '`key`'],
      [22, 'github-token', 'a key name is a GitHub token, a pattern the capture writer scrubs; redact it before this file is shared'],
    ],
  );
  assert.equal(sourceAt(file, found[4]!), gh!.text);
  for (const f of found.slice(0, 4)) {
    const redacted = redact(file, f);
    assert.doesNotThrow(() => parse(redacted));
    assert.equal(secrets(redacted).length, found.length - 1);
  }
});

test('a match spanning escapes is mapped back to the source that produced it, and redacting it leaves valid TOML', () => {
  // `\u0067` is g, `\\` a backslash that ends the token; the match is `ghp_…` in the value.
  const file = withTitle('"token \\u0067hp_abcdefghijklmnopqrstu\\u0076wx and \\\\ more"');
  const found = secrets(file);
  assert.equal(found.length, 1);
  assert.equal(sourceAt(file, found[0]!), '\\u0067hp_abcdefghijklmnopqrstu\\u0076wx');
  const redacted = redact(file, found[0]!);
  assert.deepEqual(secrets(redacted), []);
  assert.equal((parse(redacted)['sessions'] as { title: string }[])[0]!.title, 'token [REDACTED] and \\ more');
});

test("word boundaries are Python's: letters of any script and _ join a word, punctuation does not", () => {
  assert.deepEqual(findSecrets('ésk-abcdefghijklmnopqrst'), []);
  assert.deepEqual(findSecrets('_ghp_abcdefghijklmnopqrstuvwxyz'), []);
  assert.deepEqual(
    findSecrets('x-sk-abcdefghijklmnopqrst').map((m) => [m.start, m.pattern.kind]),
    [[2, 'secret-key']],
  );
  assert.deepEqual(findSecrets('AKIAIOSFODNQ7ABCDEFGé'), []);
  assert.deepEqual(findSecrets('my_token=abcdefghij'), []);
  assert.deepEqual(
    findSecrets('my-token = abcdefghij').map((m) => [m.start, m.end]),
    [[3, 21]],
  );
});

test('overlapping matches are reported once: the earliest, and at one start the first row of the table', () => {
  assert.deepEqual(
    findSecrets('sk-ant-abcdefghijklmnopqrst').map((m) => m.pattern.kind),
    ['anthropic-key'],
  );
  assert.deepEqual(
    findSecrets('token: ghp_abcdefghijklmnopqrstuvwxyz').map((m) => [m.pattern.kind, m.start]),
    [['github-token', 7]],
    'a precise kind inside the broad token= row is reported instead, and its redaction keeps the name',
  );
  assert.deepEqual(
    findSecrets('secret: token=abc_0123456789abcdef0123').map((m) => [m.pattern.kind, m.start]),
    [['credential-assignment', 0]],
    'between two broad rows the earliest still wins',
  );
  const project = fakeSecrets(5).find((f) => f.name === 'openai-project')!;
  assert.deepEqual(
    findSecrets(project.text).map((m) => m.pattern.kind),
    ['openai-key'],
    'the precise kind wins over the writer\'s broad sk- row',
  );
});

/** Every row run at every start of the string (as a reference), then the same overlap rule; placeholders kept. */
/**
 * The reference reads a string as the matcher does: as written, and then
 * without its invisible characters (zero-width space, BOM, …), adding
 * what that reveals where nothing was found, the ranges mapped back.
 */
function reference(value: string): SecretMatch[] {
  const written = referenceVisible(value);
  const at: number[] = [];
  let visible = '';
  for (let i = 0; i < value.length; i++) {
    if (/[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/.test(value[i]!)) continue;
    at.push(i);
    visible += value[i];
  }
  const revealed = referenceVisible(visible)
    .map((m) => ({ pattern: m.pattern, start: at[m.start]!, end: at[m.end - 1]! + 1 }))
    .filter((m) => !written.some((w) => w.start < m.end && m.start < w.end));
  return [...written, ...revealed].sort((x, y) => x.start - y.start);
}

function referenceVisible(value: string): SecretMatch[] {
  const all: SecretMatch[] = [];
  for (const row of secretRows) {
    const { source, flags } = row.python !== undefined ? translatePython(row.python) : { source: row.pattern!, flags: row.ignoreCase ? 'iuy' : 'uy' };
    const sticky = new RegExp(source, `${flags}d`);
    for (let at = 0; at < value.length; at++) {
      const boundary = row.boundary ?? (row.python !== undefined ? 'word' : 'letter');
      const before = at > 0 ? String.fromCodePoint(value.codePointAt(at - 1)!) : '';
      if (boundary !== 'none' && before !== '' && (boundary === 'word' ? /[\p{L}\p{N}_]/u : /\p{L}/u).test(before)) continue;
      sticky.lastIndex = at;
      const m = sticky.exec(value);
      if (!m) continue;
      const group = m.indices?.groups?.['secret'];
      let end = group ? group[1] : at + m[0].length;
      const start = group ? group[0] : at;
      while (end > start && /\s/.test(value[end - 1]!)) end--;
      all.push({ pattern: row, start, end });
    }
  }
  const kept: SecretMatch[] = [];
  for (const m of all.sort((a, b) => a.start - b.start || secretRows.indexOf(a.pattern) - secretRows.indexOf(b.pattern))) {
    const last = kept[kept.length - 1];
    if (!last || m.start >= last.end) kept.push(m);
    else if (last.pattern.generic && !m.pattern.generic && m.end <= last.end) kept[kept.length - 1] = m;
  }
  return kept;
}

test('the anchored matcher finds exactly what running every row everywhere finds', () => {
  const pieces = [
    ...['sk-', 'ant-', 'proj-', 'gh', 'p_', 's_', 'o_', 'u_', 'AKIA', 'ASIA', 'AIza', 'SG.', 'SK', 'eyJ', 'np', 'm_', 'gl', 'pat-', 'xo', 'xb-', 'sk_live_', 'hf_', 'shpat_'],
    ...['bearer', 'Bearer ', 'authorization', 'token', 'Secret', 'api_key', 'API-KEY', 'passwd', 'secret_access_key', 'AccountKey=', '_authToken', 'https', 'postgres', '://', 'u:', '@h'],
    ...[':', '=', ' ', '\n', '"', '&', 'é', 'İ', 'ſ', '\u212a', '\ufeff', '\u200b', '\u061c', '\u2065', '\x1c', '\x85', '_', '-', '.', '/', 'abcdefgh', 'ABCDEFGH', '01234567', '0123456789abcdef', 'QRSTUVWXYZ234567'],
  ];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
      const value = parts.join('');
      const strip = (ms: readonly SecretMatch[]): [number, number, string][] => ms.map((m) => [m.start, m.end, m.pattern.kind]);
      assert.deepEqual(strip(matchSecrets(value)), strip(reference(value)));
    }),
    { numRuns: 2000 },
  );
});

test('the one search lets every row through where it matches: on every scanner sample and fake, the matcher finds what every row run everywhere finds, and each row matches one', () => {
  // A JSON web token whose payload does not start as one: the writer's row, not the scanners'.
  const writerJwt = `${'ey'}J${'a1B2c3D4e5'.repeat(2)}.${'f6G7h8'.repeat(3)}.${'i9J0k1'.repeat(3)}`;
  const texts = [...scannerSamples().map((s) => s.text), ...fakeSecrets().map((f) => f.text), ...fakeSecrets(7).map((f) => `Bearer ${f.text}; token=${f.text}`), writerJwt];
  const strip = (ms: readonly SecretMatch[]): [number, number, string][] => ms.map((m) => [m.start, m.end, m.pattern.kind]);
  const matched = new Set<SecretRow>();
  for (const text of texts) {
    const expected = reference(text);
    assert.deepEqual(strip(matchSecrets(text)), strip(expected), text.length > 40 ? `${text.slice(0, 12)}… (${text.length})` : 'a sample');
    for (const m of expected) matched.add(m.pattern);
  }
  // A row whose anchor the search does not stop at, or turns away, would be matched by the reference alone.
  assert.deepEqual(
    secretRows.filter((r) => !matched.has(r)).map((r) => r.label),
    [],
  );
});

test('the search stops at the Arabic letter mark and at U+2065 only to note or pass them: a token beside either is found, and only the mark is noted', () => {
  const token = `${'gh'}p_${'a1B2c3D4e5'.repeat(3)}`;
  for (const [c, noted] of [['\u061c', true], ['\u2065', false]] as const) {
    for (const value of [`${c}${token}`, `see ${c} ${token} here`, `a${c}long text without a token`]) {
      const notes = { invisible: false };
      const found = findSecrets(value, notes).map((m) => value.slice(m.start, m.end));
      assert.deepEqual(found, value.includes(token) ? [token] : [], value);
      assert.equal(notes.invisible, noted, value);
    }
  }
});

test("the search's class stays within the ranges irregexp tests inline: a row whose anchor would add a range is refused", () => {
  const hash: SecretRow = { kind: 'x', label: 'x', source: 'test', pattern: '#x', anchor: { source: '#', heads: ['#x'] } };
  assert.throws(() => new SecretMatcher([...secretRows, hash]), /more than 16 ranges/);
  assert.doesNotThrow(() => new SecretMatcher(secretRows));
});

test('the writer rows are the writer list, verbatim, and every row names its source', () => {
  assert.deepEqual(
    writerRows.map((p) => p.python),
    [
      String.raw`(?i)\bbearer\s+[A-Za-z0-9._~+/=\-]{8,}`,
      String.raw`(?i)\bauthorization\s*:\s*[A-Za-z0-9._~+/=\-]{8,}`,
      String.raw`\bsk-ant-[A-Za-z0-9_-]{16,}`,
      String.raw`\bsk-[A-Za-z0-9_-]{16,}`,
      String.raw`\bghp_[A-Za-z0-9]{20,}`,
      String.raw`\bghs_[A-Za-z0-9]{20,}`,
      String.raw`\bgho_[A-Za-z0-9]{20,}`,
      String.raw`\bAKIA[0-9A-Z]{16}\b`,
      String.raw`\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`,
      String.raw`(?i)\b(password|passwd|token|secret|api[_-]?key)\s*[=:]\s*[^\s&"']{8,}`,
    ],
  );
  for (const row of secretRows) assert.match(row.source, /\S/, row.kind);
  // Each writer pattern compiles; Python's \s and IGNORECASE are spelled out.
  for (const row of writerRows) assert.ok(compile(row.python!) instanceof RegExp);
  assert.equal(compile(writerRows[0]!.python!).test('bearer\ufeffabcdefgh'), false, 'U+FEFF is not a space to Python');
  assert.equal(compile(writerRows[0]!.python!).test('bearer\x1cabcdefgh'), true, 'U+001C is a space to Python');
  assert.equal(compile(writerRows[1]!.python!).test('authorİzation: abcdefgh'), true, 'İ is an i under IGNORECASE');
});
