// An in-memory stand-in for the workspace's files on disk (the server's
// `WorkspaceFiles`), under `file:///ws/`, counting what is listed and read.

import type { WorkspaceFiles } from '../../server/src/workspaceFiles';
import { globToRegExp } from '../../server/src/workspaceGlob';

export class FakeFiles implements WorkspaceFiles {
  readonly reads: string[] = [];
  lists = 0;
  constructor(readonly files: Map<string, string>) {}
  async list(glob: string): Promise<string[]> {
    this.lists++;
    const g = globToRegExp(glob);
    return [...this.files.keys()].filter((u) => g.test(u.replace('file:///ws/', '')));
  }
  async read(uri: string): Promise<string> {
    this.reads.push(uri);
    const text = this.files.get(uri);
    if (text === undefined) throw Object.assign(new Error(`ENOENT ${uri}`), { code: 'ENOENT' });
    return text;
  }
}
