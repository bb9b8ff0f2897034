// Watching the git folders the server names (HEAD, the checked-out
// branch's ref, packed-refs) and telling the server when one changes, so a
// commit, checkout or reset re-checks hand edits. VS Code may exclude
// `.git` from its workspace watcher, and ignores recursive watchers inside
// the workspace; non-recursive watchers on a folder are always honoured,
// so each watched file gets one on its own folder.

import { baseName, dirName } from '../../../src-shared/text/uriPath';
import * as vscode from 'vscode';
import type { WatchedRepository } from '../../../src-shared/protocol/prompts';

export class GitWatch implements vscode.Disposable {
  private watchers: vscode.Disposable[] = [];

  constructor(private readonly onMoved: () => void) {}

  watch(repositories: readonly WatchedRepository[]): void {
    this.disposeWatchers();
    for (const r of repositories) {
      const common = vscode.Uri.file(r.commonDir);
      // A ref is `/`-separated on every platform: `refs/heads/main` is watched as `main` in `<common>/refs/heads`.
      const files: (readonly [vscode.Uri, string])[] = [
        [vscode.Uri.file(r.gitDir), 'HEAD'],
        [common, 'packed-refs'],
        ...(r.headRef ? [[vscode.Uri.joinPath(common, dirName(r.headRef)), baseName(r.headRef)] as const] : []),
      ];
      for (const [folder, name] of files) {
        const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, name));
        watcher.onDidChange(this.onMoved);
        watcher.onDidCreate(this.onMoved);
        watcher.onDidDelete(this.onMoved);
        this.watchers.push(watcher);
      }
    }
  }

  private disposeWatchers(): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = [];
  }

  dispose(): void {
    this.disposeWatchers();
  }
}
