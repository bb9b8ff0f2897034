// Quick fixes through the real server: ask for the actions of each
// published diagnostic, apply the edit as the editor would, send the new
// text, and check what the server publishes next.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { editsFor } from '../support/workspaceEdits';
import { LspSession } from '../support/lspSession';
import { examplesDir } from '../support/paths';

const uri = 'file:///work/typos.pack';

async function actionsFor(session: LspSession, diagnostic: Diagnostic): Promise<CodeAction[]> {
  return session.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
}

function apply(text: string, action: CodeAction): string {
  return TextDocument.applyEdits(TextDocument.create(uri, 'loom-pack', 1, text), editsFor(action.edit, uri)!);
}

test('every problem of the typos example is fixed by its quick fix until the server publishes nothing', async () => {
  const session = await LspSession.start();
  try {
    let text = readFileSync(path.join(examplesDir, 'broken', 'placeholder-typos.pack'), 'utf8');
    await session.open(uri, 'loom-pack', text);
    let diagnostics = await session.diagnosticsAt(uri, 1);
    assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['pack/missing-fragment', 'pack/unknown-placeholder', 'pack/unknown-placeholder']);
    const titles: string[] = [];
    for (const code of ['pack/missing-fragment', 'pack/unknown-placeholder']) {
      const d = diagnostics.find((x) => x.code === code && !/current_time/.test(x.message))!;
      const [action] = await actionsFor(session, d);
      titles.push(action!.title);
      text = apply(text, action!);
      diagnostics = await session.diagnosticsAt(uri, await session.replace(uri, text));
    }
    assert.deepEqual(titles, ['Add missing fragment `_network_proxied`', 'Did you mean `{platform}`?']);
    // {current_time} is no misspelling: no guess is offered, and it stays.
    assert.deepEqual(diagnostics.map((d) => d.code), ['pack/unknown-placeholder']);
    assert.deepEqual(await actionsFor(session, diagnostics[0]!), []);
    // The fragment goes after the last fragment, with an empty body.
    assert.ok(text.endsWith('%% section _repository_guidance\n{repository_guidance_text}\n\n%% section _network_proxied\n'), text);
  } finally {
    await session.stop();
  }
});

test('a corrupt line starting with %% inside a body: indent it, and the pack decodes', async () => {
  const session = await LspSession.start();
  try {
    let text = '%% loom-prompt-pack 1\n%% version v1\n%% section identity\nKeep this line as it is:\n%% 100% of the time\n';
    await session.open(uri, 'loom-pack', text);
    const [d] = await session.diagnosticsAt(uri, 1);
    assert.equal(d!.code, 'pack/unknown-keyword');
    const actions = await actionsFor(session, d!);
    assert.deepEqual(actions.map((a) => a.title), ['Indent by one space (keep the line as body text)']);
    text = apply(text, actions[0]!);
    const after = await session.diagnosticsAt(uri, await session.replace(uri, text));
    assert.ok(after.every((x) => x.code !== 'pack/unknown-keyword'));
    assert.ok(after.some((x) => x.code === 'pack/missing-section'), 'the pack decodes: assess runs');
  } finally {
    await session.stop();
  }
});
