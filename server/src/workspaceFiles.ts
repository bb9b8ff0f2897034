// The files of the workspace, behind a small interface so that
// workspace-wide features are tested on an in-memory fake and run on disk
// (diskWorkspaceFiles.ts) or, in the browser, on the open documents alone.
// While the workspace is untrusted nothing is read (`trustedFiles`).

export interface WorkspaceFiles {
  /** The URIs of the files whose path, relative to a workspace folder, matches `glob`. */
  list(glob: string): Promise<string[]>;
  /** A file's text (UTF-8); rejects if it cannot be read. */
  read(uri: string): Promise<string>;
}

/** `files` while the workspace is trusted; before that, no file at all (and nothing read). */
export function trustedFiles(files: WorkspaceFiles, trust: { readonly trusted: boolean }): WorkspaceFiles {
  return {
    list: (glob) => (trust.trusted ? files.list(glob) : Promise.resolve([])),
    read: (uri) => (trust.trusted ? files.read(uri) : Promise.reject(new Error(`${uri} is not read: the workspace is not trusted`))),
  };
}

/** Gone, forbidden, or too large to read: such a file has nothing to offer. */
export function isUnreadable(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'EACCES' || code === 'EPERM' || code === 'ENOTDIR' || code === 'EFBIG';
}

/** No file beyond the open documents: the browser server's workspace (vscode.dev has no disk to walk). */
export const noWorkspaceFiles: WorkspaceFiles = {
  list: () => Promise.resolve([]),
  read: (uri) => Promise.reject(Object.assign(new Error(`${uri} is not read: only open documents are checked here`), { code: 'ENOENT' })),
};
