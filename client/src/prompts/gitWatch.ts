// Watching the git folders the server names (HEAD, the checked-out
// branch's ref, packed-refs) and telling the server when one changes, so a
// commit, checkout or reset re-checks hand edits. VS Code may exclude
// `.git` from its workspace watcher, and ignores recursive watchers inside
// the workspace; non-recursive watchers on a folder are always honoured,
// so each watched file gets one on its own folder.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WatchedRepository } from '../../../src-shared/protocol/prompts';

export class GitWatch implements vscode.Disposable {
  private watchers: vscode.Disposable[] = [];

  constructor(private readonly onMoved: () => void) {}

  watch(repositories: readonly WatchedRepository[]): void {
    this.disposeWatchers();
    for (const r of repositories) {
      const files = [
        [r.gitDir, 'HEAD'],
        [r.commonDir, 'packed-refs'],
        ...(r.headRef ? [[path.join(r.commonDir, path.dirname(r.headRef)), path.basename(r.headRef)]] : []),
      ] as const;
      for (const [folder, name] of files) {
        const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(folder), name));
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
