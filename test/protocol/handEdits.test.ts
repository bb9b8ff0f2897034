// Hand edits through the real server over stdio, with a temporary git
// repository as the workspace: the diagnostics and the status line, the
// code actions and the fix request they run (refused for a stale version),
// a moved HEAD re-checking, and an untrusted workspace in which the server
// never starts git until trust is granted.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import {
  applyHandEditFixCommand,
  compareValueWithHeadCommand,
  gitHeadMovedNotification,
  type HandEditFixParams,
  type HandEditFixResult,
  handEditFixRequest,
  handEditStatusNotification,
  type HandEditStatusParams,
  watchGitNotification,
  type WatchGitParams,
  workspaceTrustedNotification,
} from '../../src-shared/protocol/prompts';
import { TempRepo, testAuthor } from '../support/gitRepos';
import { applyEdits, committed, snippetText, withLines } from '../support/handEditFixtures';
import { LspSession } from '../support/lspSession';
import { loggingGit, untilLogged } from '../support/loggingGit';

const edited = withLines(14, 1, '  text = "Add a login form with errors."');

interface Started {
  readonly session: LspSession;
  readonly repo: TempRepo;
  readonly uri: string;
  readonly statuses: HandEditStatusParams[];
  readonly watches: WatchGitParams[];
}

async function start(trusted: boolean): Promise<Started> {
  const repo = TempRepo.create();
  const file = repo.write('prompts/main.prompts', committed);
  repo.commitAll();
  const session = await LspSession.start({ rootPath: repo.root, ...(trusted && { initializationOptions: { workspaceTrusted: true } }) });
  const statuses: HandEditStatusParams[] = [];
  const watches: WatchGitParams[] = [];
  session.connection.onNotification(handEditStatusNotification, (p: HandEditStatusParams) => statuses.push(p));
  session.connection.onNotification(watchGitNotification, (p: WatchGitParams) => watches.push(p));
  return { session, repo, uri: pathToFileURL(file).href, statuses, watches };
}

async function stop(s: Started): Promise<void> {
  await s.session.stop();
  s.repo.dispose();
}

const unloggedOnly = (ds: readonly Diagnostic[]) => ds.filter((d) => d.code === 'prompts/unlogged-edit');

/** Applies a fix result's edits and entry (placeholders accepted) to `text`. */
function applyResult(text: string, result: HandEditFixResult): string {
  assert.ok(result.ok, result.ok ? '' : result.message);
  return applyEdits(text, result.edits, result.entry && { position: result.entry.position, text: snippetText(result.entry.snippet) });
}

test('an unlogged edit is a warning; its code action runs the fix request, whose entry clears it', async () => {
  const s = await start(true);
  try {
    await s.session.open(s.uri, 'spec-prompts', edited);
    const diagnostics = await s.session.waitForDiagnostics(s.uri, (p) => p.version === 1 && unloggedOnly(p.diagnostics).length > 0);
    assert.deepEqual(diagnostics, [
      {
        range: { start: { line: 14, character: 9 }, end: { line: 14, character: 40 } },
        severity: 2,
        code: 'prompts/unlogged-edit',
        source: 'packs-and-prompts',
        message: '`text` of turn 0 changed since HEAD, and no [[edits]] entry records it',
        data: { session: 's-1', turn: 0, what: '`text` of turn 0 changed', committed: '"Add a login form."' },
      },
    ]);
    assert.deepEqual(s.statuses.at(-1), { uri: s.uri, version: 1, state: 'unlogged', text: 'Hand edits: 1 unlogged' });
    const gitDir = path.join(s.repo.root, '.git');
    assert.deepEqual(s.watches.at(-1), { repositories: [{ gitDir, commonDir: gitDir, headRef: 'refs/heads/main' }] });

    const actions = await s.session.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: s.uri },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    });
    assert.deepEqual(
      actions.map((a) => [a.title, a.kind, a.command?.command]),
      [
        ['Record in [[edits]]', 'quickfix', applyHandEditFixCommand],
        ['Compare with HEAD: what this value was', 'quickfix', compareValueWithHeadCommand],
        ['Record all unlogged edits in [[edits]]', 'quickfix', applyHandEditFixCommand],
      ],
    );
    const params = actions[0]!.command!.arguments![0] as HandEditFixParams;
    assert.deepEqual(params, { uri: s.uri, version: 1, fix: { kind: 'record', edits: [{ session: 's-1', turn: 0, what: '`text` of turn 0 changed' }] } }, 'the record fix does not carry the committed text');
    assert.deepEqual(actions[1]!.command!.arguments![0], { uri: s.uri, version: 1, range: diagnostics[0]!.range, committed: '"Add a login form."', what: '`text` of turn 0 changed' });

    const result = await s.session.request<HandEditFixResult>(handEditFixRequest, params);
    assert.ok(result.ok && result.entry);
    assert.equal(result.version, 1);
    assert.deepEqual(result.edits, []);
    assert.deepEqual(result.entry.position, { line: 33, character: 0 });
    assert.match(result.entry.snippet, /^\n\[\[edits\]\]\nat = \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\nby = "tester@example\.com"\nsessions = \["s-1"\]\nturns = \[0\]\nreason = "\$\{1:Hand edit: text of turn 0 changed\.\}"\n$/);
    assert.equal(testAuthor, 'tester@example.com');

    const all = await s.session.request<HandEditFixResult>(handEditFixRequest, actions[2]!.command!.arguments![0]);
    const withoutTime = (r: HandEditFixResult) => (r.ok ? r.entry?.snippet.replace(/\nat = .*\n/, '\n') : r.message);
    assert.equal(withoutTime(all), withoutTime(result), 'with one unlogged edit, recording all records that one');

    const version = await s.session.replace(s.uri, applyResult(edited, result));
    assert.deepEqual(await s.session.diagnosticsAt(s.uri, version), []);
    assert.deepEqual(s.statuses.at(-1), { uri: s.uri, version, state: 'checked', text: 'Hand edits: all 1 logged' });
  } finally {
    await stop(s);
  }
});

test('a redaction\'s entry, which also records an earlier edit of the session\'s fields, names both in its reason', async () => {
  const s = await start(true);
  try {
    const titled = withLines(10, 1, 'title = "Sign-in form"');
    await s.session.open(s.uri, 'spec-prompts', titled);
    await s.session.waitForDiagnostics(s.uri, (p) => p.version === 1 && unloggedOnly(p.diagnostics).length === 1);
    const params: HandEditFixParams = { uri: s.uri, version: 1, fix: { kind: 'redact', ranges: [{ start: { line: 14, character: 16 }, end: { line: 14, character: 21 } }] } };
    const result = await s.session.request<HandEditFixResult>(handEditFixRequest, params);
    assert.ok(result.ok && result.entry, result.ok ? '' : result.message);
    assert.match(result.entry.snippet, /\nreason = "\$\{1:Redacted text in turn 0\. Also records: title changed\.\}"\n$/);
    const version = await s.session.replace(s.uri, applyResult(titled, result));
    assert.deepEqual(unloggedOnly(await s.session.diagnosticsAt(s.uri, version)), []);
  } finally {
    await stop(s);
  }
});

test('a fix computed for an older version is refused', async () => {
  const s = await start(true);
  try {
    await s.session.open(s.uri, 'spec-prompts', edited);
    await s.session.replace(s.uri, `${edited}# typed\n`);
    const result = await s.session.request<HandEditFixResult>(handEditFixRequest, { uri: s.uri, version: 1, fix: { kind: 'recordAll' } });
    assert.deepEqual(result, { ok: false, message: 'The file changed while the fix was being prepared; nothing was changed. Try again.' });
  } finally {
    await stop(s);
  }
});

test('when HEAD moves (the edit is committed) the warning goes', async () => {
  const s = await start(true);
  try {
    await s.session.open(s.uri, 'spec-prompts', edited);
    await s.session.waitForDiagnostics(s.uri, (p) => unloggedOnly(p.diagnostics).length === 1);
    s.repo.write('prompts/main.prompts', edited);
    s.repo.commitAll('commit the edit');
    await s.session.connection.sendNotification(gitHeadMovedNotification, {});
    await s.session.waitForDiagnostics(s.uri, (p) => p.diagnostics.length === 0);
    assert.equal(s.statuses.at(-1)?.text, 'Hand edits: none since HEAD');
  } finally {
    await stop(s);
  }
});

test('Make Session Private on a session header, Redact on a secret, Restore on a changed id', async () => {
  const s = await start(true);
  try {
    const text = withLines(8, 1, 'id = "s-9"').replace('"Add a login form."', '"Use token=abcd1234efgh5678 here."');
    await s.session.open(s.uri, 'spec-prompts', text);
    const diagnostics = await s.session.waitForDiagnostics(s.uri, (p) => p.diagnostics.some((d) => d.code === 'prompts/secret'));
    const actionsAt = (line: number, character: number) =>
      s.session.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri: s.uri },
        range: { start: { line, character }, end: { line, character } },
        context: { diagnostics: diagnostics.filter((d) => d.range.start.line === line) },
      });
    const titles = async (line: number, character: number) => (await actionsAt(line, character)).map((a) => `${a.kind}: ${a.title}`);
    assert.deepEqual(await titles(7, 3), ['refactor.rewrite: Make Session Private']);
    assert.deepEqual(await titles(8, 6), ['quickfix: Restore the session id "s-1"']);
    assert.deepEqual(await titles(14, 20), [
      'quickfix: Record in [[edits]]',
      'quickfix: Compare with HEAD: what this value was',
      'quickfix: Record all unlogged edits in [[edits]]',
      'quickfix: Redact this secret and record it in [[edits]]',
    ]);

    const [privacy] = await actionsAt(7, 3);
    const result = await s.session.request<HandEditFixResult>(handEditFixRequest, privacy!.command!.arguments![0]);
    const after = applyResult(text, result);
    assert.match(after, /\ntitle = "Login form"\nvisibility = "private"\n/);
    assert.match(after, /\nsessions = \["s-9"\]\nturns = \[\]\nreason = "Made the session private\."\n$/);

    const redact = (await actionsAt(14, 20))[3];
    const redacted = applyResult(text, await s.session.request<HandEditFixResult>(handEditFixRequest, redact!.command!.arguments![0]));
    assert.match(redacted, /\n {2}text = "Use \[REDACTED\] here\."\n/);
  } finally {
    await stop(s);
  }
});

test('an invisible character in a turn: a warning, and a fix that removes it and records it', async () => {
  const s = await start(true);
  try {
    const text = withLines(14, 1, '  text = "Add a \u202Elogin form."');
    await s.session.open(s.uri, 'spec-prompts', text);
    const diagnostics = await s.session.waitForDiagnostics(s.uri, (p) => p.diagnostics.some((d) => d.code === 'prompts/invisible-characters'));
    const found = diagnostics.filter((d) => d.code === 'prompts/invisible-characters');
    assert.deepEqual(found.map((d) => [d.range.start, d.range.end, d.message]), [
      [{ line: 14, character: 16 }, { line: 14, character: 17 }, '`text` holds a right-to-left override (U+202E), which can reorder what a reviewer reads; remove it'],
    ]);
    const actions = await s.session.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: s.uri },
      range: found[0]!.range,
      context: { diagnostics: found },
    });
    const remove = actions.find((a) => a.title === 'Remove the invisible characters and record it in [[edits]]');
    assert.ok(remove, actions.map((a) => a.title).join(', '));
    const after = applyResult(text, await s.session.request<HandEditFixResult>(handEditFixRequest, remove.command!.arguments![0]));
    assert.match(after, /\n {2}text = "Add a login form\."\n/);
    assert.match(after, /\nsessions = \["s-1"\]\nturns = \[0\]\nreason = "Removed invisible characters in turn 0\./);
  } finally {
    await stop(s);
  }
});

test('untrusted, the server never starts git; once trust is granted it does', async () => {
  const git = loggingGit();
  const log = git.log;
  let s: Started | undefined;
  try {
    s = await start(false);
    // Making the repository went through the logging git too; the server has not run yet.
    rmSync(log, { force: true });
    await s.session.open(s.uri, 'spec-prompts', edited);
    await s.session.diagnosticsAt(s.uri, 1);
    assert.deepEqual(s.statuses.at(-1), { uri: s.uri, version: 1, state: 'off', text: 'Hand edits off: restricted mode: git is not run' });
    const record = await s.session.request<HandEditFixResult>(handEditFixRequest, { uri: s.uri, version: 1, fix: { kind: 'recordAll' } });
    assert.deepEqual(record, { ok: false, message: 'Nothing to record. Hand edits off: restricted mode: git is not run.' });
    assert.equal(existsSync(log), false, 'no git call while untrusted');

    await s.session.connection.sendNotification(workspaceTrustedNotification, {});
    const diagnostics = await s.session.waitForDiagnostics(s.uri, (p) => unloggedOnly(p.diagnostics).length === 1);
    assert.equal(diagnostics[0]!.code, 'prompts/unlogged-edit');
    assert.match(readFileSync(log, 'utf8'), /core\.fsmonitor=false .*ls-tree -z --full-name HEAD -- main\.prompts/);
  } finally {
    git.restore();
    if (s) await stop(s);
  }
});

test('a document edited while git is still answering is judged as it now is, not as it was', async () => {
  const gate = path.join(mkdtempSync(path.join(os.tmpdir(), 'packs-git-gate-')), 'open');
  const git = loggingGit(gate);
  let s: Started | undefined;
  try {
    s = await start(true);
    await s.session.open(s.uri, 'spec-prompts', committed);
    // The first version's check waits on git for the committed text: edit now, then let git answer.
    await untilLogged(git.log, 'cat-file');
    const version = await s.session.replace(s.uri, edited);
    writeFileSync(gate, '');
    const diagnostics = await s.session.diagnosticsAt(s.uri, version);
    assert.deepEqual(diagnostics.map((d) => d.code), ['prompts/unlogged-edit']);
    assert.deepEqual(s.statuses.at(-1), { uri: s.uri, version, state: 'unlogged', text: 'Hand edits: 1 unlogged' });
  } finally {
    git.restore();
    rmSync(path.dirname(gate), { recursive: true, force: true });
    if (s) await stop(s);
  }
});

test('the status line says why hand edits are not checked: an untracked file, a syntax error, a file outside git', async () => {
  const s = await start(true);
  const outside = TempRepo.create(false);
  try {
    const untracked = pathToFileURL(s.repo.write('prompts/new.prompts', committed)).href;
    await s.session.open(untracked, 'spec-prompts', committed);
    await s.session.diagnosticsAt(untracked, 1);
    assert.deepEqual(s.statuses.at(-1), { uri: untracked, version: 1, state: 'off', text: 'Hand edits off: the file is not committed at HEAD' });

    await s.session.open(s.uri, 'spec-prompts', withLines(10, 1, 'title = "unclosed'));
    await s.session.diagnosticsAt(s.uri, 1);
    assert.deepEqual(s.statuses.at(-1), { uri: s.uri, version: 1, state: 'off', text: 'Hand edits off: the file has a TOML syntax error' });

    const elsewhere = pathToFileURL(outside.write('a.prompts', committed)).href;
    await s.session.open(elsewhere, 'spec-prompts', committed);
    await s.session.diagnosticsAt(elsewhere, 1);
    assert.deepEqual(s.statuses.at(-1), { uri: elsewhere, version: 1, state: 'off', text: 'Hand edits off: the file is not in a git repository' });
  } finally {
    outside.dispose();
    await stop(s);
  }
});
