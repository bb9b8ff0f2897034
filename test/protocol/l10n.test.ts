// The server speaks the language of the bundle the client hands it in
// `initializationOptions` (`vscode.l10n.bundle`): its own words (a code
// lens, the pack's assess line) and the lines the pure core builds for it
// (the hand-edit status), each from the bundle; what the bundle lacks stays
// English, and a malformed bundle is no reason to fail.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CodeLens } from 'vscode-languageserver/node';
import { handEditStatusNotification, type HandEditStatusParams } from '../../src-shared/protocol/prompts';
import { LspSession, withDeadline } from '../support/lspSession';

const pack = '%% loom-prompt-pack 1\n%% version v1\n%% section identity\nYou are {agent_name}.\n';
const prompts = 'spec = "spec.prompts/v0.1"\n';

async function lensTitles(session: LspSession): Promise<string[]> {
  const uri = 'file:///w/a.pack';
  await session.open(uri, 'loom-pack', pack);
  const lenses = (await session.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
  return lenses.map((l) => l.command!.title);
}

async function handEditStatus(session: LspSession): Promise<string> {
  const statuses: HandEditStatusParams[] = [];
  const shown = new Promise<void>((resolve) =>
    session.connection.onNotification(handEditStatusNotification, (p: HandEditStatusParams) => {
      statuses.push(p);
      resolve();
    }),
  );
  await session.open('file:///w/prompts/main.prompts', 'spec-prompts', prompts);
  await withDeadline(shown, 'the hand-edit status');
  return statuses.at(-1)!.text;
}

test('with a bundle, the server says its own words and the core lines it shows in the bundle language', async () => {
  const l10nBundle = {
    'Open rendered prompt': 'Ouvrir le prompt rendu',
    'pack · {0} corrupting · {1} shaping · {2}': 'pack · {0} corrompant · {1} déformant · {2}',
    'Hand edits off: {0}': 'Retouches non vérifiées : {0}',
    'restricted mode: git is not run': { message: 'mode restreint : git ne tourne pas', comment: ['the workspace is not trusted'] },
  };
  const session = await LspSession.start({ initializationOptions: { l10nBundle } });
  try {
    const [split, open] = await lensTitles(session);
    assert.match(split!, /^pack · \d+ corrompant · \d+ déformant · loom-\d+ · digest /);
    assert.equal(open, 'Ouvrir le prompt rendu');
    // Untrusted (the client said nothing of trust): git is not run.
    assert.equal(await handEditStatus(session), 'Retouches non vérifiées : mode restreint : git ne tourne pas');
  } finally {
    await session.stop();
  }
});

test('without a bundle, or with a malformed one, the server answers in English', async () => {
  for (const initializationOptions of [undefined, {}, { l10nBundle: 5 }, { l10nBundle: ['x'] }, { l10nBundle: { 'Open rendered prompt': 7, 'Hand edits off: {0}': { message: 3 } } }]) {
    const session = await LspSession.start({ initializationOptions });
    try {
      assert.equal((await lensTitles(session))[1], 'Open rendered prompt', JSON.stringify(initializationOptions));
      assert.equal(await handEditStatus(session), 'Hand edits off: restricted mode: git is not run');
    } finally {
      await session.stop();
    }
  }
});
