// Parsed models per (uri, version): parse once, let every feature share it.
// Evicted when the document closes. A language with incremental support
// (`.prompts`) gets more: after an edit its model is updated from the
// previous version's model and the document's recorded changes, and a whole
// parse runs as steps the caller may interleave with other work; a parse
// begun for an older version is carried on, then brought up to date, rather
// than thrown away when the user types on. A language without incremental
// models but with `parseInSteps` (packs) gets the steps alone: its large
// file parses in slices, and a parse begun for an older version is dropped.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import { finish } from '../../src-shared/prompts/toml/document';
import type { TextChange } from '../../src-shared/prompts/toml/incremental';
import type { Settings } from '../../src-shared/settings';
import { ChunkedTextDocument } from './chunkedTextDocument';
import type { AnyLanguageService } from './languageService';

export interface IncrementalModels<M> {
  /**
   * The model of a whole text, in steps: it yields between them. With the
   * settings the document is about to be checked under, it may do part of
   * that check on the way (what `prepareCheck` then finds done).
   */
  parseInSteps(text: string, settings?: Settings): Generator<void, M, void>;
  /**
   * The model after `changes` (in order, each relative to the text the one
   * before left), or undefined when only a whole parse can tell. However
   * many they are, the work is one pass over what they changed.
   */
  update(previous: M, changes: readonly TextChange[]): M | undefined;
  /** Steps that make the language service's `check(model, settings)` cheap afterwards. */
  prepareCheck(model: M, settings: Settings): Generator<void, void, void>;
}

/** How the model of a version was obtained, and the time spent on it (steps only, not the pauses between them). */
export interface ModelStats {
  readonly version: number;
  readonly mode: 'incremental' | 'full';
  readonly ms: number;
}

interface Entry {
  readonly version: number;
  readonly languageId: string;
  readonly model: unknown;
}

interface Build {
  readonly version: number;
  readonly languageId: string;
  readonly steps: Generator<void, unknown, void>;
  ms: number;
}

export class ModelCache {
  private readonly entries = new Map<string, Entry>();
  private readonly builds = new Map<string, Build>();
  private readonly stats = new Map<string, ModelStats>();

  constructor(
    private readonly services: ReadonlyMap<string, AnyLanguageService>,
    private readonly incremental: ReadonlyMap<string, IncrementalModels<unknown>> = new Map(),
  ) {}

  service(document: TextDocument): AnyLanguageService | undefined {
    return this.services.get(document.languageId);
  }

  incrementalFor(document: TextDocument): IncrementalModels<unknown> | undefined {
    return this.incremental.get(document.languageId);
  }

  /** The model of the document's current version, computed now if need be. */
  model(document: TextDocument): unknown {
    return finish(this.modelInSteps(document));
  }

  /**
   * The model of the document's current version; yields between steps when
   * it has to parse a large text whole. `settings`: those the caller will
   * check the model under, for a parse that checks as it goes.
   */
  *modelInSteps(document: TextDocument, settings?: Settings): Generator<void, unknown, void> {
    const uri = document.uri;
    for (;;) {
      const cached = this.entries.get(uri);
      const current = cached && cached.languageId === document.languageId ? cached : undefined;
      if (current?.version === document.version) return current.model;
      const service = this.service(document);
      if (!service) return undefined;
      const incremental = this.incremental.get(document.languageId);
      const parseInSteps = incremental ? (text: string) => incremental.parseInSteps(text, settings) : service.parseInSteps?.bind(service);
      if (!parseInSteps) return this.parsed(document, service);
      let build = this.builds.get(uri);
      if (!build && incremental) {
        const began = performance.now();
        const updated = current && updatedModel(incremental, current, document);
        if (updated) {
          this.store(document, updated.model, { version: document.version, mode: 'incremental', ms: performance.now() - began });
          return updated.model;
        }
      }
      // A parse begun for an older version is worth finishing only if the changes since are known and can be applied to it.
      if (!build || build.languageId !== document.languageId || (build.version !== document.version && !(incremental && changesKnown(document, build.version)))) {
        // The old model cannot be brought up to date: let it go now, so a huge file is never held twice.
        this.entries.delete(uri);
        build = { version: document.version, languageId: document.languageId, steps: parseInSteps(document.getText()), ms: 0 };
        this.builds.set(uri, build);
      }
      const began = performance.now();
      const step = build.steps.next();
      build.ms += performance.now() - began;
      if (step.done) {
        this.builds.delete(uri);
        this.entries.set(uri, { version: build.version, languageId: build.languageId, model: step.value });
        this.stats.set(uri, { version: build.version, mode: 'full', ms: build.ms });
      } else yield;
    }
  }

  /** The model of the document's current version if it is built already; never builds one (a large file's parse runs in slices, not here). */
  builtModel(document: TextDocument): unknown {
    const cached = this.entries.get(document.uri);
    return cached && cached.languageId === document.languageId && cached.version === document.version ? cached.model : undefined;
  }

  /** How the model of the document's last computed version was obtained. */
  statsOf(uri: string): ModelStats | undefined {
    return this.stats.get(uri);
  }

  evict(uri: string): void {
    this.entries.delete(uri);
    this.builds.delete(uri);
    this.stats.delete(uri);
  }

  private parsed(document: TextDocument, service: AnyLanguageService): unknown {
    const began = performance.now();
    const model = service.parse(document.getText());
    this.store(document, model, { version: document.version, mode: 'full', ms: performance.now() - began });
    return model;
  }

  private store(document: TextDocument, model: unknown, stats: ModelStats): void {
    this.entries.set(document.uri, { version: document.version, languageId: document.languageId, model });
    this.stats.set(document.uri, stats);
  }
}

function changesKnown(document: TextDocument, version: number): boolean {
  return document instanceof ChunkedTextDocument && document.changesSince(version) !== undefined;
}

/** The cached model brought up to the document's version through its recorded changes, all at once, if they are local. */
function updatedModel(incremental: IncrementalModels<unknown>, cached: Entry, document: TextDocument): { model: unknown } | undefined {
  const changes = document instanceof ChunkedTextDocument ? document.changesSince(cached.version) : undefined;
  if (!changes) return undefined;
  const model = incremental.update(cached.model, changes);
  return model === undefined ? undefined : { model };
}
