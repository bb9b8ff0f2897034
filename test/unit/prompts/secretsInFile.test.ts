// Secrets wherever a `.prompts` file ships them (issues 13 and 19): comments
// (one comment line or several, a `#` inside a string is no comment), a
// private key over the lines of a `'''` block as one finding, the allow
// comments that silence one finding in place and show it as a hint, the
// severity per kind and a team's own patterns, and Redact all, kind-aware
// (a key block becomes one [REDACTED]) and recorded in [[edits]].

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parse } from 'smol-toml';
import type { Finding } from '../../../src-shared/finding';
import { secretRanges } from '../../../src-shared/prompts/features/quickFixes';
import { computeFix } from '../../../src-shared/prompts/handEdits/fixes';
import type { SecretOptions } from '../../../src-shared/prompts/rules/checkSecrets';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { resolveSettings } from '../../../src-shared/settings';
import { fakeSecrets } from '../../support/fakeSecrets';
import { applyFix } from '../../support/handEditFixtures';
import { lines, minimalValid } from '../../support/promptsFixtures';

const fake = (name: string, seed = 7): string => fakeSecrets(seed).find((f) => f.name === name)!.text;

function findings(text: string, secrets?: SecretOptions): Finding[] {
  return validatePrompts(parsePrompts(text), { strictUnknownTools: false, ...(secrets && { secrets }) }).filter((f) => f.code === 'prompts/secret' || f.code === 'prompts/allowed-secret');
}

const brief = (f: Finding): string => `${f.severity} ${f.code} ${f.range.start.line}:${f.range.start.character}-${f.range.end.line}:${f.range.end.character} ${f.message}`;

function sourceOf(text: string, f: Finding): string {
  const ls = text.split('\n');
  const { start, end } = f.range;
  if (start.line === end.line) return ls[start.line]!.slice(start.character, end.character);
  return [ls[start.line]!.slice(start.character), ...ls.slice(start.line + 1, end.line), ls[end.line]!.slice(0, end.character)].join('\n');
}

test('a secret in a comment is a finding on its characters; a # inside a string is no comment and is reported once, as the value', () => {
  const gh = fake('ghp');
  const file = lines(
    'schema = "spec.prompts/v0.1"',
    `# deploy with ${gh} tomorrow`,
    '',
    '[commit]',
    `branch = "main" # ${fake('npm')}`,
    'author_name = "Alice"',
    'author_email = "alice@example.com"',
    '',
    '[[sessions]]',
    'id = "s-1"',
    'source = "claude_code"',
    `title = "see # ${fake('stripe')}"`,
    '',
    '  [[sessions.turns]]',
    '  role = "user"',
    "  text = '''",
    `  # not a comment: ${fake('glpat')}`,
    "  '''",
  );
  assert.deepEqual(findings(file).map((f) => [f.range.start.line, f.message.split(';')[0], (f.data as { kind: string }).kind]), [
    [1, 'a comment holds a GitHub token, a pattern the capture writer scrubs', 'github-token'],
    [4, 'a comment holds an npm access token', 'npm-token'],
    [11, '`title` holds a Stripe secret key', 'stripe-key'],
    [16, '`text` holds a GitLab token', 'gitlab-token'],
  ]);
  assert.equal(sourceOf(file, findings(file)[0]!), gh);
});

test("a private key over the lines of a ''' block is one finding over its whole range, and in # lines too", () => {
  const key = fake('private-key');
  const inString = lines(minimalValid, "  summary = '''", ...key.split('\n').map((l) => `    ${l}`), "  '''");
  const [f, ...rest] = findings(inString);
  assert.deepEqual(rest, []);
  assert.equal(f!.range.end.line - f!.range.start.line, key.split('\n').length - 1);
  assert.equal(sourceOf(inString, f!), key.split('\n').join('\n    '));
  const inComments = lines(minimalValid, ...key.split('\n').map((l) => `# ${l}`));
  const found = findings(inComments);
  assert.equal(found.length, 1);
  assert.equal(found[0]!.message, 'a comment holds a private key; redact it before this file is shared');
  assert.equal(found[0]!.range.end.line - found[0]!.range.start.line, key.split('\n').length - 1);
});

test('Redact all is kind-aware (a key block is one [REDACTED], a URL keeps its user and host), covers comments and records one entry', () => {
  const key = fake('private-key');
  const url = fakeSecrets(7).find((f) => f.name === 'postgres-password')!;
  const file = lines(
    minimalValid,
    "  summary = '''",
    key,
    "  '''",
    `  lesson = "connect to ${url.text}"`,
    ...fake('openssh-key').split('\n').map((l) => `# ${l}`),
  );
  const doc = parsePrompts(file);
  const ranges = secretRanges(doc);
  assert.equal(ranges.length, 3);
  const out = applyFix(file, computeFix(doc, { kind: 'redact', ranges }, { now: new Date(Date.UTC(2026, 3, 22)), author: 'bob@example.com' }));
  assert.deepEqual(findings(out), []);
  const parsed = parse(out) as { sessions: { turns: { summary: string; lesson: string }[] }[]; edits: { sessions: string[]; reason: string }[] };
  const turn = parsed.sessions[0]!.turns[0]!;
  assert.equal(turn.summary, '[REDACTED]\n  ');
  assert.equal(turn.lesson, `connect to ${url.text.replace(url.secret, '[REDACTED]')}`);
  assert.match(out, /^# \[REDACTED\]$/m);
  assert.deepEqual(parsed.edits.map((e) => [e.sessions, e.reason]), [[['s-1'], 'Redacted 3 secrets.']]);
});

test('an allow comment silences one finding in place and shows it as a hint naming the comment', () => {
  const gh = fake('ghp');
  const sk = fake('stripe');
  const file = lines(
    minimalValid,
    `  summary = "${gh}" # gitleaks:allow (a revoked test token)`,
    '  # secretlint-disable-next-line',
    `  lesson = "${sk}"`,
    "  title = '''",
    `  ${fake('npm')}`,
    "  ''' # packs:allow-secret",
    `  tags = ["${fake('glpat')}"]`,
    `# ${fake('slack-webhook')} secretlint-disable-line`,
  );
  assert.deepEqual(findings(file).map(brief), [
    'hint prompts/allowed-secret 14:13-14:53 `summary` holds a GitHub token, allowed by the comment on line 15',
    'hint prompts/allowed-secret 16:12-16:52 `lesson` holds a Stripe secret key, allowed by the comment on line 16',
    'hint prompts/allowed-secret 18:2-18:42 `title` holds an npm access token, allowed by the comment on line 20',
    `warning prompts/secret 20:11-20:${11 + fake('glpat').length} \`tags\` holds a GitLab token; redact it before this file is shared`,
    `hint prompts/allowed-secret 21:35-21:${35 + fakeSecrets(7).find((f) => f.name === 'slack-webhook')!.secret.length} a comment holds a Slack webhook URL, allowed by the comment on line 22`,
  ]);
  // Only the one left is redacted by Redact all.
  assert.equal(secretRanges(parsePrompts(file)).length, 1);
});

test('severity per kind: error, information or off; strict makes every reported secret an error; a team adds its own kinds', () => {
  const file = lines(minimalValid, `  summary = "${fake('ghp')} and ${fake('stripe')} and acme_${'q7'.repeat(8)}"`, `  lesson = "${fake('private-key').replaceAll('\n', '\\n')}"`);
  const severities = (options?: SecretOptions): string[] => findings(file, options).map((f) => `${(f.data as { kind: string }).kind} ${f.severity}`);
  assert.deepEqual(severities(), ['github-token warning', 'stripe-key warning', 'private-key warning']);
  assert.deepEqual(severities({ severity: { 'github-token': 'error', 'private-key': 'off', 'stripe-key': 'information' } }), ['github-token error', 'stripe-key information']);
  assert.deepEqual(severities({ severity: { 'private-key': 'off' }, strict: true }), ['github-token error', 'stripe-key error']);
  const team: SecretOptions = { extraPatterns: [{ kind: 'acme-token', label: 'an ACME deploy token', pattern: 'acme_[a-z0-9]{16}' }, { kind: 'broken', pattern: '([' }] };
  const found = findings(file, team);
  assert.deepEqual(found.map((f) => (f.data as { kind: string }).kind), ['github-token', 'stripe-key', 'acme-token', 'private-key']);
  assert.equal(found[2]!.message, '`summary` holds an ACME deploy token; redact it before this file is shared');
});

test('the settings carry the severities and patterns that make sense, and drop the rest', () => {
  const s = resolveSettings({
    prompts: { secrets: { severity: { 'github-token': 'error', 'x': 'loud' }, extraPatterns: [{ kind: 'acme', pattern: 'acme_[0-9]+', ignoreCase: true }, { pattern: 'no kind' }, 7] } },
  });
  assert.deepEqual(s.prompts.secrets, { severity: { 'github-token': 'error' }, extraPatterns: [{ kind: 'acme', pattern: 'acme_[0-9]+', ignoreCase: true }] });
  assert.equal(resolveSettings({}).prompts.secrets, undefined);
});

test('the bundled examples and a clean file have no secret finding', () => {
  assert.deepEqual(findings(minimalValid), []);
});
