// The workspace's files on disk, for the Node server: each workspace
// folder walked, leaving out `node_modules` and folders whose name starts
// with a dot (`.git`), never following links; a file larger than the size
// limit is not read (its size is asked first).

import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isUnreadable, type WorkspaceFiles } from './workspaceFiles';
import { globToRegExp } from './workspaceGlob';

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
