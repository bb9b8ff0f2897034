// Secrets never leave in what the extension writes about a file: a capture
// holding every kind (in values, keys and comments) and a pack full of
// them go through the server with verbose tracing, every
// feature is asked at every line (hover, completion, symbols, folds, code
// lenses, code actions on every diagnostic, workspace symbols), and
// everything the server sent on the wire, logged and wrote to stderr is
// scanned for each secret: none may appear. The redaction fixes answer with
// `[REDACTED]` in their edits, never the secret. `check` on the files
// (human and JSON output) is scanned the same way. Not scanned: answers
// whose job is to give the document's own text back (formatting edits, the
// render of a pack that decodes), which are not asked here.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { type HandEditFixResult, handEditFixRequest, reviewRequest } from '../../src-shared/protocol/prompts';
import { fakeSecrets } from '../support/fakeSecrets';
import { renderRequest } from '../../src-shared/protocol/pack';
import { LspSession } from '../support/lspSession';
import { distDir } from '../support/paths';
import { secretRows } from '../../src-shared/prompts/rules/secrets';
import { secretPack, secretPrompts, secrets } from '../support/secretsFixture';

function assertNoSecret(text: string, where: string): void {
  const leaks = Object.entries(secrets).filter(([, secret]) => text.includes(secret));
  assert.deepEqual(leaks.map(([kind]) => kind), [], `${where} holds secrets:\n${leaks.map(([kind, secret]) => `${kind}: …${excerpt(text, secret)}…`).join('\n\n')}`);
}

function excerpt(text: string, secret: string): string {
  const at = text.indexOf(secret);
  return text.slice(Math.max(0, at - 200), at + secret.length + 60);
}

test('nothing the server sends or logs holds a secret of the files it checks; the redact fixes write [REDACTED]', async () => {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'packs-secrets-')));
  const promptsFile = path.join(root, 'capture.prompts');
  const packFile = path.join(root, 'agent.pack');
  writeFileSync(promptsFile, secretPrompts);
  writeFileSync(packFile, secretPack);
  const session = await LspSession.start({ rootPath: root, trace: 'verbose', initializationOptions: { workspaceTrusted: true } });
  try {
    await session.connection.sendNotification('$/setTrace', { value: 'verbose' });
    let redactions = 0;
    let refused = 0;
    let secretFindings = 0;
    const docs = [
      { uri: pathToFileURL(promptsFile).href, language: 'spec-prompts', text: secretPrompts },
      { uri: pathToFileURL(packFile).href, language: 'loom-pack', text: secretPack },
    ];
    for (const d of docs) {
      await session.open(d.uri, d.language, d.text);
      const diagnostics = await session.diagnosticsAt(d.uri, 1);
      assert.ok(diagnostics.length > 1, `${d.uri} has findings to scan`);
      const textDocument = { uri: d.uri };
      const lines = d.text.split('\n');
      for (let line = 0; line < lines.length; line++) {
        for (let character = 0; character <= lines[line]!.length; character += 4) {
          const position = { line, character };
          await session.request('textDocument/hover', { textDocument, position });
          await session.request('textDocument/completion', { textDocument, position });
        }
      }
      await session.request('textDocument/documentSymbol', { textDocument });
      await session.request('textDocument/foldingRange', { textDocument });
      await session.request('textDocument/codeLens', { textDocument });
      for (const diagnostic of diagnostics) {
        const actions = await session.request<CodeAction[]>('textDocument/codeAction', { textDocument, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
        for (const action of actions) {
          const params = action.command?.arguments?.[0] as { fix?: { kind: string } } | undefined;
          if (params?.fix?.kind !== 'redact') continue;
          const result = await session.request<HandEditFixResult>(handEditFixRequest, params);
          // A secret inside an [[edits]] entry is refused (the log is append-only); every other is redacted.
          if (!result.ok) assert.match(result.message, /append-only/);
          else assert.ok(result.edits.length > 0 && result.edits.every((e) => e.newText === '[REDACTED]'), 'a redaction writes [REDACTED]');
          if (!action.title.startsWith('Redact this secret')) continue;
          redactions += result.ok ? 1 : 0;
          refused += result.ok ? 0 : 1;
        }
      }
      assertSecretsFlagged(d.language, diagnostics);
      if (d.language === 'spec-prompts') secretFindings = diagnostics.filter((f) => f.code === 'prompts/secret').length;
    }
    // The fixture is seeded, so the counts are known: 133 planted secrets, found with 5 findings beside them (a private key
    // block, a URL's password); each finding can be redacted on its own but the key name (it has no redaction) and the one
    // in the append-only edits log (refused).
    assert.deepEqual({ planted: plantedSecrets.length, secretFindings, redactions, refused }, { planted: 133, secretFindings: 138, redactions: 138 - 1 - 1, refused: 1 });
    // The preview's answer for the pack, which does not decode: the report of its first corrupt line.
    const packRender = await session.request<{ kind: string }>(renderRequest, { uri: docs[1]!.uri });
    assert.equal(packRender.kind, 'corrupt');
    await session.request('workspace/symbol', { query: '' });
    await session.request('workspace/symbol', { query: 's' });
    assertNoSecret(session.sent, 'what the server sent');
    assertNoSecret(session.logs.join('\n'), "the server's log");
    assertNoSecret(session.stderr, "the server's stderr");
  } finally {
    await session.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

/**
 * Every secret planted in the capture, by its place: the 1-based line and
 * the secret, once per occurrence, read from the fixture's text itself (not
 * from the scanner), so a scan that skips a place (tool-call `args`, a list
 * item, a comment, the edits log, a key) loses its row.
 */
const plantedSecrets = secretPrompts
  .split('\n')
  .flatMap((line, i) => Object.entries(secrets).flatMap(([name, secret]) => Array.from({ length: line.split(secret).length - 1 }, () => `${i + 1} ${name}`)))
  .sort();

type Range = Diagnostic['range'];

/** Each secret finding as rows of `plantedSecrets`: its line and each secret its range covers. */
function secretPlaces(findings: ReadonlyArray<{ code?: unknown; range: Range; message: string }>): string[] {
  const lines = secretPrompts.split('\n');
  return findings
    .filter((f) => f.code === 'prompts/secret')
    .flatMap((f) => {
      const covered = lines[f.range.start.line]!.slice(f.range.start.character, f.range.end.line === f.range.start.line ? f.range.end.character : undefined);
      const names = Object.entries(secrets).filter(([, secret]) => covered.includes(secret)).map(([name]) => name);
      return names.length > 0 ? names.map((name) => `${f.range.start.line + 1} ${name}`) : [`${f.range.start.line + 1} ${JSON.stringify(covered)}`];
    })
    .sort();
}

/** The capture's secrets are found, each in its place (so the scan above had something to leak). */
function assertSecretsFlagged(language: string, diagnostics: readonly Diagnostic[]): void {
  if (language !== 'spec-prompts') return;
  // Every planted secret is found in its place (a private key block or a URL's password is reported beside them too).
  const found = secretPlaces(diagnostics);
  assert.deepEqual(plantedSecrets.filter((row) => !found.includes(row)), [], 'planted secrets not found in their place');

  const reported = new Set(diagnostics.filter((d) => d.code === 'prompts/secret').map((d) => (d.data as { kind: string }).kind));
  assert.deepEqual([...new Set(secretRows.map((r) => r.kind))].filter((k) => !reported.has(k)), [], 'kinds not reported');
}

test('`check` prints no secret of the files it checks, in either output, nor `render` in its report', () => {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'packs-secrets-')));
  try {
    writeFileSync(path.join(root, 'capture.prompts'), secretPrompts);
    writeFileSync(path.join(root, 'agent.pack'), secretPack);
    const render = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'render', path.join(root, 'agent.pack')], { encoding: 'utf8' });
    assert.match(render.stderr, /^corruption at prompt\/pack\.decode \(line 4\): expected a directive or a blank line, got: \[REDACTED\] outside any section/);
    assertNoSecret(render.stderr, 'render stderr');
    for (const json of [false, true]) {
      const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'check', ...(json ? ['--json'] : []), root], { encoding: 'utf8' });
      assert.match(r.stdout, /prompts\/secret/);
      if (json) {
        const findings = (JSON.parse(r.stdout) as Array<{ file: string; code: string; range: Range; message: string }>).filter((f) => f.file.endsWith('capture.prompts'));
        const found = secretPlaces(findings);
        assert.deepEqual(plantedSecrets.filter((row) => !found.includes(row)), [], 'check --json flags each planted secret in its place');
      }
      assertNoSecret(r.stdout, `check${json ? ' --json' : ''} stdout`);
      assertNoSecret(r.stderr, `check${json ? ' --json' : ''} stderr`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

/** A filler of words `length` characters long, so a secret after it starts where a label is cut. */
function words(length: number): string {
  return 'word '.repeat(Math.ceil(length / 5)).slice(0, length - 1) + ' ';
}

test('no character of a secret the cut of a label splits, nor one in any header field, leaves in symbols, hovers or the review', async () => {
  const tokens = fakeSecrets(7).filter((f) => f.name === 'ghp').concat(fakeSecrets(8).filter((f) => f.name === 'ghp'), fakeSecrets(9).filter((f) => f.name === 'ghp'));
  const [a, b, c] = tokens.map((t) => t.text);
  assert.ok(a && b && c && new Set([a, b, c]).size === 3, 'three distinct tokens');
  // Cuts are at 192 (turn text, edit reasons: four times the words shown) and 200 (titles, commands, ids).
  const text = [
    'schema = "spec.prompts/v0.1"',
    '',
    '[commit]',
    `branch = "${words(196)}${a}"`,
    `message = "${words(194)}${b}"`,
    `author_username = "${c}"`,
    'author_email = "alice@example.com"',
    '',
    '[[sessions]]',
    'id = "s-1"',
    `title = "${words(190)}${a}"`,
    'source = "claude_code"',
    `tags = ["${b}", "${words(195)}${c}"]`,
    '',
    '  [[sessions.turns]]',
    '  role = "user"',
    `  text = "${words(186)}${b}"`,
    '',
    '  [[sessions.turns]]',
    '  role = "assistant"',
    `  model = "${a}"`,
    `  summary = "${words(188)}${c}"`,
    '',
    '    [[sessions.turns.tool_calls]]',
    '    name = "Shell"',
    `    args = { command = "${words(194)}${a}" }`,
    '',
    '[[edits]]',
    'at = 2026-04-21T09:00:00Z',
    'by = "alice@example.com"',
    'sessions = ["s-1"]',
    `reason = "${words(189)}${b}"`,
    '',
  ].join('\n');
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'packs-labels-')));
  const file = path.join(root, 'cut.prompts');
  writeFileSync(file, text);
  const session = await LspSession.start({ rootPath: root, initializationOptions: { workspaceTrusted: true } });
  try {
    const uri = pathToFileURL(file).href;
    await session.open(uri, 'spec-prompts', text);
    const diagnostics = await session.diagnosticsAt(uri, 1);
    assert.ok(diagnostics.filter((d) => d.code === 'prompts/secret').length >= 9, 'the secrets are found');
    const textDocument = { uri };
    await session.request('textDocument/documentSymbol', { textDocument });
    await session.request('workspace/symbol', { query: '' });
    await session.request('workspace/symbol', { query: 'word' });
    await session.request(reviewRequest, { uri, published: false });
    const all = text.split('\n');
    for (let line = 0; line < all.length; line++) {
      for (let character = 0; character <= all[line]!.length; character += 16) await session.request('textDocument/hover', { textDocument, position: { line, character } });
    }
    // Any six characters in a row of a token is a piece of it shown.
    for (const [name, secret] of [['a', a], ['b', b], ['c', c]] as const) {
      const pieces = Array.from({ length: secret.length - 5 }, (_, i) => secret.slice(i, i + 6)).filter((p) => session.sent.includes(p));
      assert.deepEqual(pieces, [], `token ${name} shows in what the server sent: …${pieces[0] ? excerpt(session.sent, pieces[0]) : ''}…`);
    }
  } finally {
    await session.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
