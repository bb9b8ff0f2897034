// A real window reload (`workbench.action.reloadWindow`) brings the Session
// Review back through the serializer VS Code calls: the pass of
// test/e2e/passes.mjs that sets PACKS_E2E_RELOAD runs this test twice in one
// window. The first time it opens the review, waits until the page has saved
// its state, leaves a marker in the workspace and reloads the window, which
// ends that extension host (and this run of the suite) mid-test; the
// reloaded window runs the suite again, and the marker says to check what
// came back: the review of the file, never opened in this window, showing
// its cards. Skipped in the other passes (a reload would end their run).

import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import type { PacksApi } from '../../../client/src/api';
import { activeExtension, workspaceUri } from './helpers';
import { opened, waitForReport } from './reviewHelpers';

const file = 'prompts/feature-review.prompts';
/** Written before the reload: what the review showed, so the reloaded window knows to check what came back. */
const marker = '.e2e-window-reload.json';

interface Before {
  readonly uri: string;
  readonly cards: readonly string[];
}

async function readMarker(): Promise<Before | undefined> {
  try {
    return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceUri(marker)))) as Before;
  } catch (e) {
    if (e instanceof vscode.FileSystemError && e.code === 'FileNotFound') return undefined;
    throw e;
  }
}

suite('window reload', () => {
  suiteSetup(function () {
    if (process.env['PACKS_E2E_RELOAD'] !== '1') this.skip();
  });

  test('after a real window reload the Session Review is back, restored by its serializer, showing the file', async () => {
    const before = await readMarker();
    if (!before) {
      const { packs, document } = await opened();
      const saved = await waitForReport(packs, document.uri, (r) => r.state !== undefined && r.built === 2, 'the page to save its state and build both cards');
      assert.deepEqual(saved.state, { uri: document.uri.toString() });
      const written: Before = { uri: document.uri.toString(), cards: saved.cards };
      await vscode.workspace.fs.writeFile(workspaceUri(marker), new TextEncoder().encode(JSON.stringify(written)));
      // The reload ends this extension host: the test never returns from here, and the reloaded window runs it again.
      await vscode.commands.executeCommand('workbench.action.reloadWindow');
      await new Promise(() => undefined);
    }
    // The reloaded window: nothing here opens a review, so one that reports came from VS Code's call of the serializer.
    const packs = (await activeExtension()).exports as PacksApi;
    const uri = vscode.Uri.parse(before!.uri);
    assert.equal(uri.toString(), workspaceUri(file).toString());
    const document = await vscode.workspace.openTextDocument(uri);
    const after = await waitForReport(packs, uri, (r) => r.version === document.version && r.built === 2, 'the restored review to show the file');
    assert.deepEqual(after.cards, before!.cards);
    assert.deepEqual(after.cards, ['r-1', 'r-2']);
    assert.deepEqual(after.state, { uri: before!.uri }, 'the restored page saves its state again');
    await vscode.workspace.fs.delete(workspaceUri(marker));
  });
});
