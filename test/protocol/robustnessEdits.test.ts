// Edits are never lost: every code action the server offers, for packs and
// `.prompts` files alike, either carries its edits as one workspace edit
// naming the document version it was computed for (so the editor refuses
// it once the text moved on) or runs the hand-edit command with that
// version, whose request the server refuses, with a message, for any other
// version. Checked at a version past the first, with every fixable problem
// of both languages in the files, in a trusted git repository so that the
// hand-edit actions (record, redact, make private, restore an id) appear.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic, TextDocumentEdit } from 'vscode-languageserver/node';
import { applyHandEditFixCommand, type HandEditFixParams, type HandEditFixResult, handEditFixRequest } from '../../src-shared/protocol/prompts';
import { TempRepo } from '../support/gitRepos';
import { committed, withLines } from '../support/handEditFixtures';
import { LspSession } from '../support/lspSession';
import { examplesDir } from '../support/paths';

const changedMeanwhile = 'The file changed while the fix was being prepared; nothing was changed. Try again.';

/** Every action offered for each diagnostic, and at each line (refactorings such as Make Session Private). */
async function allActions(session: LspSession, uri: string, diagnostics: readonly Diagnostic[], lines: number): Promise<CodeAction[]> {
  const textDocument = { uri };
  const found: CodeAction[] = [];
  for (const d of diagnostics) found.push(...(await session.request<CodeAction[]>('textDocument/codeAction', { textDocument, range: d.range, context: { diagnostics: [d] } })));
  for (let line = 0; line < lines; line++) {
    const at = { start: { line, character: 1 }, end: { line, character: 1 } };
    found.push(...(await session.request<CodeAction[]>('textDocument/codeAction', { textDocument, range: at, context: { diagnostics: [] } })));
  }
  return found;
}

test('every code action of both languages is versioned; every hand-edit fix is refused for another version', async () => {
  const repo = TempRepo.create();
  const prompts = repo.write('prompts/feature.prompts', committed);
  repo.commitAll();
  const session = await LspSession.start({ rootPath: repo.root, initializationOptions: { workspaceTrusted: true } });
  try {
    const promptsUri = pathToFileURL(prompts).href;
    // Version 2: an unlogged edit, a changed id, a secret, a bad enum value and an unknown key.
    const text = withLines(8, 1, 'id = "s-9"').replace('"Add a login form."', '"Use token=abcd1234efgh5678 here."').replace('source = "claude_code"', 'source = "curser"\ntitel = "x"');
    await session.open(promptsUri, 'spec-prompts', committed);
    await session.diagnosticsAt(promptsUri, 1);
    const version = await session.replace(promptsUri, text);
    const promptsDiagnostics = await session.diagnosticsAt(promptsUri, version);
    const packUri = 'file:///work/typos.pack';
    const pack = readFileSync(`${examplesDir}/broken/placeholder-typos.pack`, 'utf8');
    await session.open(packUri, 'loom-pack', pack);
    const packVersion = await session.replace(packUri, `${pack}\n`);
    const packDiagnostics = await session.diagnosticsAt(packUri, packVersion);

    const commands: HandEditFixParams[] = [];
    const kinds = new Set<string>();
    for (const [uri, diagnostics, atVersion, lines] of [
      [promptsUri, promptsDiagnostics, version, text.split('\n').length],
      [packUri, packDiagnostics, packVersion, 0],
    ] as const) {
      const actions = await allActions(session, uri, diagnostics, lines);
      assert.ok(actions.length >= 2, `${uri} offers actions`);
      for (const action of actions) {
        if (action.command) {
          const params = action.command.arguments?.[0] as HandEditFixParams;
          assert.equal(params.version, atVersion, `${action.title}: the command names the version`);
          // The other command (Compare with HEAD) only shows; the client refuses it for another version.
          if (action.command.command !== applyHandEditFixCommand) continue;
          commands.push(params);
          kinds.add(params.fix.kind);
          continue;
        }
        assert.equal(action.edit?.changes, undefined, `${action.title}: no unversioned edit`);
        const changes = (action.edit?.documentChanges ?? []) as TextDocumentEdit[];
        assert.equal(changes.length, 1, `${action.title}: one document edit`);
        assert.deepEqual(changes[0]!.textDocument, { uri, version: atVersion }, `${action.title}: the version it was computed for`);
      }
    }
    assert.deepEqual([...kinds].sort(), ['makePrivate', 'record', 'recordAll', 'redact', 'restoreId']);

    // Each hand-edit fix is prepared for the version it names and no other.
    for (const params of commands) {
      const stale = await session.request<HandEditFixResult>(handEditFixRequest, { ...params, version: params.version - 1 });
      assert.deepEqual(stale, { ok: false, message: changedMeanwhile }, `${params.fix.kind} for an older version`);
      const current = await session.request<HandEditFixResult>(handEditFixRequest, params);
      assert.ok(current.ok, `${params.fix.kind}: ${current.ok ? '' : current.message}`);
      assert.equal(current.version, params.version);
    }
  } finally {
    await session.stop();
    repo.dispose();
  }
});
