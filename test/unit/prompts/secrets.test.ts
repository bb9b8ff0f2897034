// FORMATS.md B.4: every secret in any string value is a warning on exactly
// its source characters (escapes included), never quoted in the message,
// and replacing that range with [REDACTED] leaves valid TOML without it.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse } from 'smol-toml';
import type { Finding } from '../../../src-shared/finding';
import { compile, findSecrets, redaction, type SecretMatch, secretPatterns } from '../../../src-shared/prompts/rules/secrets';
import { findingsOf, lines, minimalValid, textAt } from '../../support/promptsFixtures';

const samples: Readonly<Record<string, string>> = {
  'bearer-token': 'Bearer abcdefgh12345678',
  'authorization-header': 'Authorization: dXNlcjpwYXNzd29yZA==',
  'anthropic-key': 'sk-ant-api03-abcdefghijklmnop',
  'secret-key': 'sk-proj-abcdefghijklmnopqrst',
  'github-token': 'ghp_abcdefghijklmnopqrstuvwxyz012345',
  'github-server-token': 'ghs_abcdefghijklmnopqrstuvwxyz012345',
  'github-oauth-token': 'gho_abcdefghijklmnopqrstuvwxyz012345',
  'aws-access-key': 'AKIAIOSFODNN7EXAMPLE',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  'credential-assignment': 'password=hunter2hunter2',
};

/** The minimal file with `title = <literal>` on line 10, in its session. */
const withTitle = (literal: string): string => minimalValid.replace('source = "claude_code"', `source = "claude_code"\ntitle = ${literal}`);

function secrets(text: string): Finding[] {
  return findingsOf(text).filter((f) => f.code === 'prompts/secret');
}

function redact(text: string, f: Finding): string {
  const ls = text.split('\n');
  const { start, end } = f.range;
  const before = ls.slice(0, start.line).join('\n') + (start.line > 0 ? '\n' : '') + ls[start.line]!.slice(0, start.character);
  const after = ls[end.line]!.slice(end.character) + (end.line < ls.length - 1 ? '\n' : '') + ls.slice(end.line + 1).join('\n');
  return before + redaction + after;
}

test('each pattern is found, named by kind, at exactly the secret, never quoted', () => {
  for (const pattern of secretPatterns) {
    const secret = samples[pattern.kind]!;
    const file = withTitle(JSON.stringify(`see ${secret} here`));
    const found = secrets(file);
    assert.equal(found.length, 1, pattern.kind);
    const f = found[0]!;
    assert.equal(f.severity, 'warning');
    assert.equal(textAt(file, f), secret, pattern.kind);
    assert.equal(f.message, `\`title\` holds ${pattern.label}; redact it before this file is shared`);
    assert.ok(!f.message.includes(secret));
    assert.deepEqual(f.data, { kind: pattern.kind, replacement: '[REDACTED]' });
  }
});

test('a match spanning escapes is mapped back to the source that produced it, and redacting it leaves valid TOML', () => {
  // `\u0067` is g, `\\` a backslash that ends the token; the match is `ghp_…` in the value.
  const file = withTitle('"token \\u0067hp_abcdefghijklmnopqrstu\\u0076wx and \\\\ more"');
  const found = secrets(file);
  assert.equal(found.length, 1);
  assert.equal(textAt(file, found[0]!), '\\u0067hp_abcdefghijklmnopqrstu\\u0076wx');
  const redacted = redact(file, found[0]!);
  assert.deepEqual(secrets(redacted), []);
  assert.equal((parse(redacted)['sessions'] as { title: string }[])[0]!.title, 'token [REDACTED] and \\ more');
});

test('secrets in multi-line and literal strings, arrays, inline tables and unknown keys are all found', () => {
  const file = lines(
    minimalValid,
    '  summary = """',
    '  line one',
    '  ghp_abcdefghijklmnop\\',
    '     qrstuvwxyz',
    '  """',
    "  lesson = '''password: hunter2hunter2'''",
    '  extra = ["fine", "AKIAIOSFODNN7EXAMPLE"]',
    '  inline = { deep = { key = "sk-abcdefghijklmnopqrstu" } }',
  );
  const found = secrets(file);
  assert.deepEqual(
    found.map((f) => [f.range.start.line, f.range.start.character, f.range.end.line, f.range.end.character, (f.data as { kind: string }).kind]),
    [
      [16, 2, 17, 15, 'github-token'],
      [19, 14, 19, 38, 'credential-assignment'],
      [20, 20, 20, 40, 'aws-access-key'],
      [21, 29, 21, 53, 'secret-key'],
    ],
  );
  for (const f of found) {
    const redacted = redact(file, f);
    assert.doesNotThrow(() => parse(redacted));
    assert.equal(secrets(redacted).length, found.length - 1);
  }
});

test("word boundaries are Python's: letters of any script and _ join a word, punctuation does not", () => {
  assert.deepEqual(findSecrets('ésk-abcdefghijklmnopqrst'), []);
  assert.deepEqual(findSecrets('_ghp_abcdefghijklmnopqrstuvwxyz'), []);
  assert.deepEqual(
    findSecrets('x-sk-abcdefghijklmnopqrst').map((m) => [m.start, m.pattern.kind]),
    [[2, 'secret-key']],
  );
  assert.deepEqual(findSecrets('AKIAIOSFODNN7EXAMPLEé'), []);
  assert.deepEqual(findSecrets('my_token=abcdefghij'), []);
  assert.deepEqual(
    findSecrets('my-token = abcdefghij').map((m) => [m.start, m.end]),
    [[3, 21]],
  );
});

test('overlapping matches are reported once: the earliest, and at one start the first pattern in the table', () => {
  assert.deepEqual(
    findSecrets('sk-ant-abcdefghijklmnopqrst').map((m) => m.pattern.kind),
    ['anthropic-key'],
  );
  assert.deepEqual(
    findSecrets('token: ghp_abcdefghijklmnopqrstuvwxyz').map((m) => [m.pattern.kind, m.start]),
    [['credential-assignment', 0]],
  );
});

/** Every pattern run over the whole string (as Python's finditer), then the same overlap rule. */
function reference(value: string): SecretMatch[] {
  const all: SecretMatch[] = [];
  for (const pattern of secretPatterns) {
    const sticky = compile(pattern.python);
    for (let at = 0; at < value.length; at++) {
      if (at > 0 && /[\p{L}\p{N}_]/u.test(String.fromCodePoint(value.codePointAt(at - 1)!))) continue;
      sticky.lastIndex = at;
      const m = sticky.exec(value);
      if (m) all.push({ pattern, start: at, end: at + m[0].length });
    }
  }
  const kept: SecretMatch[] = [];
  for (const m of all.sort((a, b) => a.start - b.start || secretPatterns.indexOf(a.pattern) - secretPatterns.indexOf(b.pattern))) {
    const last = kept[kept.length - 1];
    if (!last || m.start >= last.end) kept.push(m);
  }
  return kept;
}

test('the anchored matcher finds exactly what running every pattern everywhere finds', () => {
  const pieces = ['sk-', 'ant-', 'ghp_', 'ghs_', 'gho_', 'AKIA', 'eyJ', 'bearer', 'Bearer ', 'authorization', ':', '=', ' ', '\n', 'token', 'Secret', 'api_key', 'API-KEY', 'passwd', 'é', '_', '-', '.', 'abcdefgh', 'ABCDEFGH', '01234567', '"', '&'];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
      const value = parts.join('');
      const strip = (ms: SecretMatch[]): [number, number][] => ms.map((m) => [m.start, m.end]);
      assert.deepEqual(strip(findSecrets(value)), strip(reference(value)));
    }),
    { numRuns: 2000 },
  );
});

test('the patterns are the writer list, verbatim', () => {
  assert.deepEqual(
    secretPatterns.map((p) => p.python),
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
});
