// What a language extracts from each of its files across the workspace
// (the sessions of every `.prompts` file), kept until the file changes.
// Open documents win over the disk: their text is taken from the editor at
// its current version. The file list is read again when files are created
// or deleted, a file's extract when it changes; the first time a glob is
// listed, `watch` asks the client to report changes to those files, and
// every change reported is passed on to `onDidChange` listeners (the bundle
// rules check open documents against closed files again). A file read for
// one extract gives every other extract of its glob asked for so far (the
// sessions of Go to Symbol and the bundle's facts), so a changed file is
// read once, not once per feature.

import { FileChangeType, type FileEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isUnreadable, type WorkspaceFiles } from './workspaceFiles';

export interface Extractor<T> {
  /** Names this extract's cache. */
  readonly id: string;
  /** The files, relative to a workspace folder. */
  readonly glob: string;
  /** Open documents of this language are read from the editor. */
  readonly languageId: string;
  extract(text: string): T;
  /**
   * The extract of an open document, when it can come from more than its
   * text (its model, kept up to date per edit); undefined when that is not
   * ready yet: the document is left out for now, and asked again next time.
   */
  extractOpen?(document: TextDocument): T | undefined;
}

export interface WorkspaceEntry<T> {
  readonly uri: string;
  readonly value: T;
}

export class WorkspaceIndex {
  private readonly lists = new Map<string, Promise<string[]>>();
  private readonly fromDisk = new Map<string, Map<string, unknown>>();
  private readonly fromEditor = new Map<string, Map<string, { version: number; value: unknown }>>();
  private readonly watched = new Set<string>();
  /** The extractors asked for so far, by glob: one read of a file serves them all. */
  private readonly byGlob = new Map<string, Extractor<unknown>[]>();
  private readonly listeners: (() => void)[] = [];
  /** Bumped by every change, so a read that began before it is not cached. */
  private generation = 0;

  constructor(
    private readonly files: WorkspaceFiles,
    /** The open documents of a language (any others are skipped too): a caller that measures each one measures only those. */
    private readonly openDocuments: (languageId: string) => readonly TextDocument[],
    private readonly watch: (glob: string) => void,
  ) {}

  async entries<T>(x: Extractor<T>): Promise<WorkspaceEntry<T>[]> {
    const siblings = this.byGlob.get(x.glob) ?? [];
    if (!siblings.some((y) => y.id === x.id)) this.byGlob.set(x.glob, [...siblings, x as Extractor<unknown>]);
    const out: WorkspaceEntry<T>[] = [];
    const open = new Set<string>();
    for (const doc of this.openDocuments(x.languageId)) {
      if (doc.languageId !== x.languageId) continue;
      open.add(fileKey(doc.uri));
      const value = this.editorValue(x, doc);
      if (value !== undefined) out.push({ uri: doc.uri, value });
    }
    for (const uri of await this.list(x.glob)) {
      if (open.has(fileKey(uri))) continue;
      const value = await this.diskValue(x, uri);
      if (value !== undefined) out.push({ uri, value });
    }
    return out;
  }

  /** `workspace/didChangeWatchedFiles`: forget what the events make stale. */
  filesChanged(changes: readonly FileEvent[]): void {
    this.generation++;
    if (changes.some((c) => c.type !== FileChangeType.Changed)) this.lists.clear();
    for (const c of changes) {
      for (const cache of this.fromDisk.values()) cache.delete(fileKey(c.uri));
    }
    this.changed();
  }

  /** Forgets every list and every file read from disk (trust was granted: what it hid is there now). */
  forgetFiles(): void {
    this.generation++;
    this.lists.clear();
    for (const cache of this.fromDisk.values()) cache.clear();
    this.changed();
  }

  /** Called after files on disk changed (or trust showed them), once the caches have forgotten them. */
  onDidChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** The URIs of the files on disk matching `glob`, without reading them (watched from now on). */
  listFiles(glob: string): Promise<string[]> {
    return this.list(glob);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  private list(glob: string): Promise<string[]> {
    if (!this.watched.has(glob)) {
      this.watched.add(glob);
      this.watch(glob);
    }
    let listed = this.lists.get(glob);
    if (!listed) {
      listed = this.files.list(glob);
      this.lists.set(glob, listed);
      listed.catch(() => this.lists.delete(glob));
    }
    return listed;
  }

  private editorValue<T>(x: Extractor<T>, doc: TextDocument): T | undefined {
    const cache = cacheOf(this.fromEditor, x.id);
    const key = fileKey(doc.uri);
    const cached = cache.get(key);
    if (cached && cached.version === doc.version) return cached.value as T;
    const value = x.extractOpen ? x.extractOpen(doc) : x.extract(doc.getText());
    if (value === undefined) return undefined;
    cache.set(key, { version: doc.version, value });
    return value;
  }

  private async diskValue<T>(x: Extractor<T>, uri: string): Promise<T | undefined> {
    const cache = cacheOf(this.fromDisk, x.id);
    const key = fileKey(uri);
    if (cache.has(key)) return cache.get(key) as T;
    const generation = this.generation;
    let text: string;
    try {
      text = await this.files.read(uri);
    } catch (e) {
      // Deleted since it was listed, or unreadable: it has nothing to offer.
      if (isUnreadable(e)) return undefined;
      throw e;
    }
    const value = x.extract(text);
    if (generation !== this.generation) return value;
    cache.set(key, value);
    for (const y of this.byGlob.get(x.glob) ?? []) {
      const other = cacheOf(this.fromDisk, y.id);
      if (y.id !== x.id && !other.has(key)) other.set(key, y.extract(text));
    }
    return value;
  }
}

function cacheOf<V>(caches: Map<string, Map<string, V>>, id: string): Map<string, V> {
  let cache = caches.get(id);
  if (!cache) caches.set(id, (cache = new Map<string, V>()));
  return cache;
}

/** One key per file however its URI is spelt (the editor and Node percent-encode differently). */
export function fileKey(uri: string): string {
  if (!uri.startsWith('file:')) return uri;
  try {
    return decodeURIComponent(uri);
  } catch (e) {
    // A stray `%` that escapes nothing: the URI as it is names the file.
    if (e instanceof URIError) return uri;
    throw e;
  }
}
