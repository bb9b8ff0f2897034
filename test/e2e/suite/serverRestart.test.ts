// A crash of the language server in a real VS Code: the server's process is
// killed (SIGKILL, as a crash would end it), the client starts a new one, and
// the pack judged under a workspace profile (`%% # profile: fork`, the file
// under profiles/) gets the same verdict from the new server, since the
// client tells it the profile files, environments and each pack's choice
// again. A server that forgot them judges the pack under loom-9: a fallback
// note, `{os}` unknown and every canonical section missing.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { PacksApi } from '../../../client/src/api';
import { activeExtension, closeAllEditors, defaultDeadlineMs, openDocument, waitFor, waitForDiagnostics } from './helpers';

const packPath = 'Prompt Packs ü/fork restart.pack';

/** The language server: the extension host's child process running dist/server.js. */
function serverPid(): number | undefined {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' }).split('\n');
  const servers = rows
    .map((row) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(row))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[2]) === process.pid && /[\\/]dist[\\/]server\.js\b/.test(m[3]!))
    .map((m) => Number(m[1]));
  return servers.length === 1 ? servers[0] : undefined;
}

/** What the editor shows of a verdict: code and range of each problem, in order. */
function verdict(diagnostics: readonly vscode.Diagnostic[]): string[] {
  return diagnostics
    .map((d) => `${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`)
    .sort();
}

suite('server restart', () => {
  suiteTeardown(closeAllEditors);

  test('after the server is killed, the restarted one judges a pack under its workspace profile as before', async () => {
    const packs = (await activeExtension()).exports as PacksApi;
    const pack = await openDocument(packPath);
    // Under fork: {os} is a binding, identity is the only canonical section; only the typo is a problem.
    const before = verdict(await waitForDiagnostics(pack.uri, (ds) => ds.length === 1 && ds[0]!.code === 'pack/unknown-placeholder'));
    assert.deepEqual(before, ['pack/unknown-placeholder 4:20-4:30']);
    await waitFor(() => packs.statusBarText()?.endsWith('· fork'), defaultDeadlineMs, 'the status bar to name the fork profile');

    const starts = packs.serverStarts();
    const pid = await waitFor(serverPid, defaultDeadlineMs, 'one language server process, a child of the extension host');
    // Every publish for the pack once the new server runs (the old one's diagnostics stay until replaced).
    const published: string[][] = [];
    const listening = vscode.languages.onDidChangeDiagnostics((e) => {
      const ours = e.uris.some((u) => u.toString() === pack.uri.toString());
      if (ours && packs.serverStarts() > starts) published.push(verdict(vscode.languages.getDiagnostics(pack.uri)));
    });
    try {
      process.kill(pid, 'SIGKILL');
      await waitFor(() => packs.serverStarts() > starts, defaultDeadlineMs, 'the client to start the server again');
      await waitFor(() => ![undefined, pid].includes(serverPid()), defaultDeadlineMs, 'a new language server process');
      const settled = (): boolean => published.length > 0 && JSON.stringify(published.at(-1)) === JSON.stringify(before);
      await waitFor(settled, defaultDeadlineMs, 'the new server to judge the pack as before').catch((e: unknown) => {
        throw new Error(`${e instanceof Error ? e.message : String(e)}: ${JSON.stringify(before)}; it published ${JSON.stringify(published)}`);
      });
      // No publish of the new server judged it without the profile.
      assert.ok(!published.flat().some((d) => /^pack\/(profile-fallback|missing-section|missing-fragment) /.test(d)), `a false problem was shown: ${JSON.stringify(published)}`);
    } finally {
      listening.dispose();
    }
    await vscode.window.showTextDocument(pack);
    await waitFor(() => packs.statusBarText()?.endsWith('· fork'), defaultDeadlineMs, 'the status bar to name the fork profile again');
  });
});
