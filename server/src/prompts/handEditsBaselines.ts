// The committed version of each `.prompts` document, parsed (and of any
// file, as text: packs are compared with theirs): found through git once
// and kept until HEAD moves (or trust changes). Repositories are
// remembered per folder, parsed baselines per blob id (content-addressed,
// so a move of HEAD that leaves the file alone re-parses nothing). While
// the workspace is untrusted nothing here runs git.

import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePrompts, type PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { judgeable } from '../../../src-shared/prompts/handEdits/check';
import type { AsyncSpawner } from '../../../src-node/git/command';
import { findRepository, type HeadText, headTextIn, type NoBaseline, type Repository, runAsync, userEmail } from '../../../src-node/git/repository';

export type Baseline = { readonly kind: 'baseline'; readonly doc: PromptsDocument; readonly repository: Repository } | NoBaseline;

/** What hand edits ask of committed versions; `BaselineStore` answers from git, `noBaselines` where no process runs. */
export type Baselines = Pick<BaselineStore, 'invalidate' | 'knownRepositories' | 'baseline' | 'headText' | 'authorFor'>;

/** Parsed baselines kept at once (the documents open at a time, give or take). */
const parsedCapacity = 16;

export class BaselineStore {
  private readonly repositories = new Map<string, Promise<Repository | NoBaseline>>();
  private readonly lookups = new Map<string, Promise<Baseline>>();
  private readonly texts = new Map<string, Promise<HeadText | NoBaseline>>();
  private readonly emails = new Map<string, Promise<string | undefined>>();
  private readonly parsed = new Map<string, PromptsDocument | undefined>();

  /** `trust` is read on every question: nothing untrusted is ever cached, so trust granted needs no reset. */
  constructor(
    private readonly spawner: AsyncSpawner,
    private readonly trust: { readonly trusted: boolean },
  ) {}

  /** HEAD or a ref moved: every file's committed version may have changed. */
  invalidate(): void {
    this.repositories.clear();
    this.lookups.clear();
    this.texts.clear();
    this.emails.clear();
  }

  /** The repositories found so far (for the client to watch their HEAD and refs). */
  async knownRepositories(): Promise<Repository[]> {
    const all = await Promise.all(this.repositories.values());
    const byRoot = new Map<string, Repository>();
    for (const r of all) if (!('kind' in r)) byRoot.set(r.gitDir, r);
    return [...byRoot.values()];
  }

  baseline(uri: string): Promise<Baseline> {
    const file = fileOf(uri);
    if (!file) return Promise.resolve({ kind: 'off', reason: 'notAFile' });
    if (!this.trust.trusted) return Promise.resolve({ kind: 'off', reason: 'untrusted' });
    let lookup = this.lookups.get(file);
    if (!lookup) {
      lookup = this.lookUp(file);
      this.lookups.set(file, lookup);
    }
    return lookup;
  }

  /** HEAD's version of any file's text (packs are compared with it too), kept until HEAD moves. */
  headText(uri: string): Promise<HeadText | NoBaseline> {
    const file = fileOf(uri);
    if (!file) return Promise.resolve({ kind: 'off', reason: 'notAFile' });
    if (!this.trust.trusted) return Promise.resolve({ kind: 'off', reason: 'untrusted' });
    return this.textOf(file);
  }

  /** `git config user.email` of the repository holding `uri`; undefined when untrusted or unknown. */
  async authorFor(uri: string): Promise<string | undefined> {
    const file = fileOf(uri);
    if (!file || !this.trust.trusted) return undefined;
    const repository = await this.repositoryOf(path.dirname(file));
    if ('kind' in repository) return undefined;
    let email = this.emails.get(repository.root);
    if (!email) {
      email = runAsync(userEmail(repository.root), this.spawner);
      this.emails.set(repository.root, email);
    }
    return email;
  }

  private repositoryOf(dir: string): Promise<Repository | NoBaseline> {
    let found = this.repositories.get(dir);
    if (!found) {
      found = runAsync(findRepository(dir), this.spawner);
      this.repositories.set(dir, found);
    }
    return found;
  }

  private textOf(file: string): Promise<HeadText | NoBaseline> {
    let text = this.texts.get(file);
    if (!text) {
      text = this.readHead(file);
      this.texts.set(file, text);
    }
    return text;
  }

  private async readHead(file: string): Promise<HeadText | NoBaseline> {
    const repository = await this.repositoryOf(path.dirname(file));
    if ('kind' in repository) return repository;
    return runAsync(headTextIn(repository, file), this.spawner);
  }

  private async lookUp(file: string): Promise<Baseline> {
    const head = await this.textOf(file);
    if (head.kind === 'off') return head;
    let doc = this.parsed.get(head.oid);
    if (!this.parsed.has(head.oid)) {
      const parsed = parsePrompts(head.text);
      doc = judgeable(parsed) ? parsed : undefined;
      this.remember(head.oid, doc);
    }
    return doc ? { kind: 'baseline', doc, repository: head.repository } : { kind: 'off', reason: 'baselineUnparseable' };
  }

  private remember(oid: string, doc: PromptsDocument | undefined): void {
    this.parsed.set(oid, doc);
    if (this.parsed.size > parsedCapacity) this.parsed.delete(this.parsed.keys().next().value!);
  }
}

function fileOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch (e) {
    // A file URI Node cannot map (a UNC host on POSIX, say) is no file we can ask git about.
    if (e instanceof TypeError) return undefined;
    throw e;
  }
}
