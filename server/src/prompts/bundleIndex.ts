// The bundles of the workspace (FORMATS.md B.7) as the bundle rules see
// them: the facts of every `.prompts` file, open or not, from the
// workspace index (an open document's from its model, a closed file's read
// once from disk and kept until it changes), the Markdown files under
// `prompts/` and the `spec.yaml` files that mark bundle roots (listed,
// never read). In restricted mode the index lists no file, so a bundle is
// its open documents, and says it is incomplete. The first use starts the
// index in the background; a caller that cannot wait for it goes on
// without and hears `onDidBecomeReady`. Results are kept while no file of
// the bundle changed, so the open documents of one bundle share one check.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../../src-shared/finding';
import { type Bundle, type BundleFile, bundleRootOf } from '../../../src-shared/prompts/bundle/bundle';
import { checkBundle, mergeComparisons, type SessionDigests } from '../../../src-shared/prompts/bundle/check';
import { sessionDigests, sessionDigestsOf } from '../../../src-shared/prompts/bundle/content';
import { factsOfDocument, factsOfText, type PromptsFacts } from '../../../src-shared/prompts/bundle/facts';
import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { dirName } from '../../../src-shared/text/uriPath';
import { languageIds } from '../../../src-shared/protocol/common';
import type { Logger } from '../errorBoundary';
import { describeError } from '../errorBoundary';
import type { ModelCache } from '../models';
import { isUnreadable, type WorkspaceFiles } from '../workspaceFiles';
import { type Extractor, fileKey, type WorkspaceEntry, type WorkspaceIndex } from '../workspaceIndex';

export interface BundleIndexDeps {
  readonly workspace: WorkspaceIndex;
  /** The same (trusted) files the index reads: for the sessions a merged copy is compared with. */
  readonly files: WorkspaceFiles;
  readonly documents: { all(): readonly TextDocument[] };
  readonly models: ModelCache;
  readonly trust: { readonly trusted: boolean; onDidChange(listener: () => void): void };
  readonly logger: Logger;
}

/** A bundle around one file, with the rules' findings for all of its files. */
export interface BundleView {
  readonly bundle: Bundle;
  readonly self: BundleFile;
  readonly findings: ReadonlyMap<string, readonly Finding[]>;
}

interface Snapshot {
  readonly entries: readonly WorkspaceEntry<PromptsFacts>[];
  readonly markdown: readonly string[];
  readonly roots: readonly string[];
}

export const markdownGlobs = ['**/prompts/**/*.md', '**/prompts/**/*.markdown'];
const specGlob = '**/spec.yaml';

export function bundleFactsExtractor(models: ModelCache): Extractor<PromptsFacts> {
  return {
    id: 'prompts/bundleFacts',
    glob: '**/*.prompts',
    languageId: languageIds.prompts,
    extract: factsOfText,
    // Never a parse here: a large document's model is built in slices by its validation, which then checks the others again.
    extractOpen: (document) => {
      const model = models.builtModel(document) as PromptsDocument | undefined;
      return model && factsOfDocument(model);
    },
  };
}

export class BundleIndex {
  private readonly extractor: Extractor<PromptsFacts>;
  private ready = false;
  private warming: Promise<void> | undefined;
  private readonly checked = new Map<string, { key: readonly unknown[]; findings: Map<string, Finding[]> }>();
  private readonly digests = new WeakMap<PromptsFacts, Map<string, string>>();
  private readonly readyListeners: (() => void)[] = [];
  /** Where each file sits, for the bundle roots it was placed among (a keystroke places 1,000 files again otherwise). */
  private placed = { roots: '', byUri: new Map<string, { root: string; path: string } | undefined>() };

  constructor(private readonly deps: BundleIndexDeps) {
    this.extractor = bundleFactsExtractor(deps.models);
    deps.trust.onDidChange(() => {
      this.ready = false;
      this.warming = undefined;
    });
  }

  /** Whether every file of a bundle is known (the workspace is trusted and has a disk to read). */
  get complete(): boolean {
    return this.deps.files.openOnly !== true;
  }

  /** Why only open documents are known, when they are: restricted mode, or a host without a disk (the browser). */
  get openOnlyReason(): 'restricted mode' | 'no disk here' | undefined {
    if (!this.deps.trust.trusted) return 'restricted mode';
    return this.complete ? undefined : 'no disk here';
  }

  /** The bundle `uri` belongs to, checked; undefined while the index is being built (`wait`: until it is) or for a file under no `prompts/`. */
  async viewOf(uri: string, wait = false): Promise<BundleView | undefined> {
    const snapshot = await this.snapshot(wait);
    return snapshot && (await this.view(snapshot, uri));
  }

  /** The bundle rules' findings on every Markdown file under a `prompts/` folder, by URI. */
  async markdownFindings(): Promise<Map<string, Finding[]>> {
    const snapshot = await this.snapshot(false);
    if (!snapshot) return new Map();
    const files = snapshot.markdown.flatMap((uri) => {
      const placed = this.place(snapshot, uri);
      return placed ? [{ name: uri, path: placed.path }] : [];
    });
    return checkBundle({ complete: this.complete, files });
  }

  /** Builds the index if need be; true once it is built, false if that takes longer than `ms`. */
  async readyWithin(ms: number): Promise<boolean> {
    if (this.ready) return true;
    this.warming ??= this.warm();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const done = await Promise.race([this.warming.then(() => true), late]);
    clearTimeout(timer);
    return done;
  }

  /** Called each time the index has been built (at the first use, again after trust was granted). */
  onDidBecomeReady(listener: () => void): void {
    this.readyListeners.push(listener);
  }

  private async snapshot(wait: boolean): Promise<Snapshot | undefined> {
    if (!this.ready) {
      this.warming ??= this.warm();
      if (!wait) return undefined;
      await this.warming;
    }
    return this.read();
  }

  private async warm(): Promise<void> {
    try {
      await this.read();
    } catch (e) {
      this.deps.logger.error(`indexing the bundles failed: ${describeError(e)}`);
    }
    this.ready = true;
    for (const l of this.readyListeners) l();
  }

  private async read(): Promise<Snapshot> {
    const { workspace } = this.deps;
    const entries = await workspace.entries(this.extractor);
    const markdown = (await Promise.all(markdownGlobs.map((g) => workspace.listFiles(g)))).flat();
    const roots = (await workspace.listFiles(specGlob)).map((uri) => dirName(pathOf(uri)));
    return { entries, markdown, roots };
  }

  private place(snapshot: Snapshot, uri: string): { root: string; path: string } | undefined {
    const roots = snapshot.roots.join('\n');
    if (this.placed.roots !== roots) this.placed = { roots, byUri: new Map() };
    const known = this.placed.byUri;
    if (known.has(uri)) return known.get(uri);
    const placed = bundleRootOf(pathOf(uri), snapshot.roots);
    known.set(uri, placed);
    return placed;
  }

  private async view(snapshot: Snapshot, uri: string): Promise<BundleView | undefined> {
    const own = this.place(snapshot, uri);
    if (!own) return undefined;
    const files: BundleFile[] = [];
    let self: BundleFile | undefined;
    for (const e of snapshot.entries) {
      const placed = this.place(snapshot, e.uri);
      if (!placed || placed.root !== own.root) continue;
      const file: BundleFile = { name: e.uri, path: placed.path, facts: e.value };
      files.push(file);
      if (placed.path === own.path) self = file;
    }
    if (!self) return undefined;
    const bundle: Bundle = { complete: this.complete, files };
    const memoKey = [bundle.complete, ...files.map((f) => f.facts)];
    const memo = this.checked.get(own.root);
    if (memo && sameKey(memo.key, memoKey)) return { bundle, self, findings: memo.findings };
    const findings = checkBundle(bundle, await this.digestsFor(bundle));
    this.checked.set(own.root, { key: memoKey, findings });
    return { bundle, self, findings };
  }

  /** The digests the merged copies of `bundle` are compared by: from an open document's model, else read from disk; kept with the facts they belong to. */
  private async digestsFor(bundle: Bundle): Promise<SessionDigests> {
    const out = new Map<string, Map<string, string>>();
    for (const [name, ids] of mergeComparisons(bundle)) {
      const facts = bundle.files.find((f) => f.name === name)?.facts;
      if (!facts) continue;
      let known = this.digests.get(facts);
      if (!known || [...ids].some((id) => !known!.has(id))) {
        const computed = await this.compute(name, ids);
        if (!computed) continue;
        known = computed;
        this.digests.set(facts, known);
      }
      out.set(name, known);
    }
    return out;
  }

  private async compute(uri: string, ids: ReadonlySet<string>): Promise<Map<string, string> | undefined> {
    const open = this.deps.documents.all().find((d) => fileKey(d.uri) === fileKey(uri));
    if (open) {
      const model = this.deps.models.builtModel(open) as PromptsDocument | undefined;
      return model && sessionDigestsOf(model, ids);
    }
    try {
      return sessionDigests(await this.deps.files.read(uri), ids);
    } catch (e) {
      // Gone or unreadable since it was indexed: its copy is not compared.
      if (isUnreadable(e)) return undefined;
      throw e;
    }
  }
}

function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A URI as the core places files: `/`-separated, one spelling per file (no Node `path`: the server runs in the browser too). */
function pathOf(uri: string): string {
  return fileKey(uri);
}
