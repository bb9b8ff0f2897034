// The workspace's profile files (`*.loomprofile.json`): found at start, then
// watched, and read from the open editor while one is being edited (in
// restricted mode only those open in an editor). Their texts go to the
// server (`packs/workspaceProfiles`), which reads them, since the setting
// or a pack's `%% # profile:` comment may name one.

import * as vscode from 'vscode';
import { type BaseLanguageClient, State } from 'vscode-languageclient';
import { profileFileSuffix } from '../../src-shared/pack/profileFile';
import { workspaceProfilesNotification, type WorkspaceProfileFile, type WorkspaceProfilesParams } from '../../src-shared/protocol/pack';

const filePattern = `**/*${profileFileSuffix}`;

class WorkspaceProfiles implements vscode.Disposable {
  private readonly files = new Map<string, WorkspaceProfileFile>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly client: BaseLanguageClient) {}

  async start(): Promise<void> {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (isProfileFile(e.document.uri)) this.set(e.document.uri, e.document.getText());
      }),
      vscode.workspace.onDidOpenTextDocument((d) => {
        if (isProfileFile(d.uri) && (!vscode.workspace.isTrusted || !this.files.has(d.uri.toString()))) this.set(d.uri, d.getText());
      }),
      // An editor closed without saving leaves the file as it is on disk (restricted mode reads no closed file).
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (!isProfileFile(d.uri)) return;
        if (vscode.workspace.isTrusted && d.uri.scheme === 'file') void this.read(d.uri);
        else if (this.files.delete(d.uri.toString())) this.schedule();
      }),
    );
    // A restarted server (after a crash) knows no profile file: it hears them all again.
    this.subscriptions.push(this.client.onDidChangeState((e) => e.newState === State.Running && this.tellServer()));
    if (vscode.workspace.isTrusted) await this.discover();
    else {
      for (const d of vscode.workspace.textDocuments) if (isProfileFile(d.uri)) this.set(d.uri, d.getText(), false);
      this.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(() => void this.discover().then(() => this.tellServer())));
    }
    this.tellServer();
  }

  private async discover(): Promise<void> {
    const watcher = vscode.workspace.createFileSystemWatcher(filePattern);
    this.subscriptions.push(
      watcher,
      watcher.onDidCreate((uri) => void this.read(uri)),
      watcher.onDidChange((uri) => void this.read(uri)),
      watcher.onDidDelete((uri) => {
        if (this.files.delete(uri.toString())) this.schedule();
      }),
    );
    const found = await vscode.workspace.findFiles(filePattern, '**/node_modules/**');
    await Promise.all(found.map((uri) => this.read(uri, false)));
  }

  private async read(uri: vscode.Uri, announce = true): Promise<void> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    let text: string;
    try {
      text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (e) {
      // Gone or unreadable: it is no profile, and a pack naming it says no such profile exists.
      this.client.warn(vscode.l10n.t('{0}: cannot be read: {1}', vscode.workspace.asRelativePath(uri, false), e instanceof Error ? e.message : String(e)), undefined, false);
      if (this.files.delete(uri.toString()) && announce) this.schedule();
      return;
    }
    this.set(uri, text, announce);
  }

  private set(uri: vscode.Uri, text: string, announce = true): void {
    this.files.set(uri.toString(), { uri: uri.toString(), path: vscode.workspace.asRelativePath(uri, false), text });
    if (announce) this.schedule();
  }

  // Typing in a profile file sends at most one list per 200 ms: every pack is judged again on each.
  private schedule(): void {
    if (this.pending !== undefined) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.tellServer();
    }, 200);
  }

  private tellServer(): void {
    const params: WorkspaceProfilesParams = { files: [...this.files.values()].sort((a, b) => a.path.localeCompare(b.path)) };
    void this.client.sendNotification(workspaceProfilesNotification, params);
  }

  dispose(): void {
    if (this.pending !== undefined) clearTimeout(this.pending);
    for (const s of this.subscriptions) s.dispose();
  }
}

function isProfileFile(uri: vscode.Uri): boolean {
  return uri.path.endsWith(profileFileSuffix);
}

export async function registerWorkspaceProfiles(context: vscode.ExtensionContext, client: BaseLanguageClient): Promise<void> {
  const profiles = new WorkspaceProfiles(client);
  context.subscriptions.push(profiles);
  await profiles.start();
}
