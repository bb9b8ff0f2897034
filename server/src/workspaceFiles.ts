// The files of the workspace on disk, behind a small interface so that
// workspace-wide features are tested on an in-memory fake. The disk
// version walks each workspace folder, leaving out `node_modules` and
// folders whose name starts with a dot (`.git`), and never follows links.
// While the workspace is untrusted nothing is read (`trustedFiles`); a file
// larger than the size limit is not read either (its size is asked first).

import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { globToRegExp } from './workspaceGlob';

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

export function diskWorkspaceFiles(folders: () => readonly string[], maxBytes: number): WorkspaceFiles {
  return {
    async list(glob) {
      const match = globToRegExp(glob);
      const found: string[] = [];
      for (const folder of folders()) {
        if (folder.startsWith('file:')) await walk(fileURLToPath(folder), '', match, found);
      }
      return found;
    },
    async read(uri) {
      const file = fileURLToPath(uri);
      const { size } = await stat(file);
      if (size > maxBytes) throw Object.assign(new Error(`${file} is larger than ${maxBytes} bytes`), { code: 'EFBIG' });
      return readFile(file, 'utf8');
    },
  };
}

async function walk(root: string, rel: string, match: RegExp, found: string[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(root, rel), { withFileTypes: true });
  } catch (e) {
    // A folder removed while we walk, or one we may not read, holds nothing for us.
    if (isUnreadable(e)) return;
    throw e;
  }
  for (const entry of entries) {
    const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && entry.name !== 'node_modules') await walk(root, relPath, match, found);
    } else if (entry.isFile() && match.test(relPath)) found.push(pathToFileURL(path.join(root, relPath)).href);
  }
}

/** Gone, forbidden, or too large to read: such a file has nothing to offer. */
export function isUnreadable(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'EACCES' || code === 'EPERM' || code === 'ENOTDIR' || code === 'EFBIG';
}
