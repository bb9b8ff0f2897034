// The bundle rules in the server: each open `.prompts` document's findings
// against the other files of its bundle (added to its diagnostics), the
// status line saying what it was checked against, diagnostics on the
// Markdown files under `prompts/` (closed files: nothing else reports on
// them), and Go to Definition, hover and Find References between a
// session's `forked_from` and the session it names, across files. A change
// on disk, or in another open document once it has been checked, checks
// the open documents again; a keystroke reads no other file (their facts
// are kept), and never parses another open document (its facts come from
// the model its own validation builds, in slices).

import * as l10n from '@vscode/l10n';
import type { Connection, Hover, Location, Position, TextDocuments } from 'vscode-languageserver';
import { MarkupKind } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../../src-shared/finding';
import { factsAtLine } from '../../../src-shared/prompts/bundle/facts';
import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { forkParentHover, forksOf, sessionReferenceAt, sessionsWithId } from '../../../src-shared/prompts/bundle/navigate';
import { languageIds } from '../../../src-shared/protocol/common';
import { bundleStatusNotification, type BundleStatusParams } from '../../../src-shared/protocol/prompts';
import { toDiagnostic } from '../diagnostics';
import { describeError, type Logger } from '../errorBoundary';
import type { BundleIndex } from './bundleIndex';

export interface BundleSupport {
  /** Files changed on disk: the Markdown files under `prompts/` are listed again. */
  filesChanged(): void;
  /** The bundle findings of one document version (none for other languages or files under no `prompts/`). */
  findings(document: TextDocument): Promise<Finding[]>;
  /** Go to Definition on a `forked_from` value: the session it names, in any file of the bundle. */
  definition(document: TextDocument, model: PromptsDocument, position: Position): Promise<Location[] | undefined>;
  /** Find References on a session id or a `forked_from` value: the sessions forked from it. */
  references(document: TextDocument, model: PromptsDocument, position: Position, includeDeclaration: boolean): Promise<Location[] | undefined>;
  /** The hover on a `forked_from` value. */
  hover(document: TextDocument, model: PromptsDocument, position: Position): Promise<Hover | undefined>;
}

export interface BundleSupportDeps {
  readonly documents: TextDocuments<TextDocument>;
  readonly bundles: BundleIndex;
  readonly logger: Logger;
  /** Check these open documents again (their bundle changed). */
  readonly revalidate: (uris: readonly string[]) => void;
  /** How long after a keystroke the other open documents are checked again. */
  readonly othersDelayMs: number;
  /** How long a check waits for the index to be built before it goes on without (and checks again once it is). */
  readonly indexWaitMs: number;
}

export function registerBundleSupport(connection: Connection, deps: BundleSupportDeps): BundleSupport {
  const { bundles, documents } = deps;
  let markdownShown = new Set<string>();
  let othersTimer: ReturnType<typeof setTimeout> | undefined;
  /** Documents checked before the index was built. */
  const deferred = new Set<string>();

  const openPrompts = () => documents.all().filter((d) => d.languageId === languageIds.prompts);

  const sendStatus = (document: TextDocument, scope: BundleStatusParams['scope'], text: string) => {
    const params: BundleStatusParams = { uri: document.uri, version: document.version, scope, text };
    void connection.sendNotification(bundleStatusNotification, params);
  };

  /** Diagnostics on the Markdown files under `prompts/`, which no editor has open: published, and cleared once gone. */
  async function publishMarkdown(): Promise<void> {
    try {
      const found = await bundles.markdownFindings();
      for (const [uri, findings] of found) void connection.sendDiagnostics({ uri, diagnostics: findings.map((f) => toDiagnostic(f, uri)) });
      for (const uri of markdownShown) if (!found.has(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
      markdownShown = new Set(found.keys());
    } catch (e) {
      deps.logger.error(`the Markdown files under prompts/ were not checked: ${describeError(e)}`);
    }
  }

  bundles.onDidBecomeReady(() => {
    deps.revalidate([...deferred]);
    deferred.clear();
    void publishMarkdown();
  });

  /** The facts each document had when it was last checked: when they change, the other open documents are checked again. */
  const lastFacts = new Map<string, unknown>();
  const othersChanged = (changed: string) => {
    clearTimeout(othersTimer);
    othersTimer = setTimeout(() => deps.revalidate(openPrompts().map((d) => d.uri).filter((u) => u !== changed)), deps.othersDelayMs);
  };
  documents.onDidClose((e) => {
    if (lastFacts.delete(e.document.uri) && openPrompts().length > 0) othersChanged(e.document.uri);
  });

  return {
    filesChanged: () => void publishMarkdown(),
    async findings(document) {
      if (document.languageId !== languageIds.prompts) return [];
      if (!(await bundles.readyWithin(deps.indexWaitMs))) {
        deferred.add(document.uri);
        sendStatus(document, 'none', l10n.t('Bundle: indexing the workspace…'));
        return [];
      }
      const view = await bundles.viewOf(document.uri);
      if (!view) {
        sendStatus(document, 'none', '');
        return [];
      }
      // Checked at a new version (or for the first time): what the others were checked against changed.
      if (lastFacts.get(document.uri) !== view.self.facts) {
        lastFacts.set(document.uri, view.self.facts);
        if (openPrompts().length > 1) othersChanged(document.uri);
      }
      const files = view.bundle.files.length;
      if (view.bundle.complete) sendStatus(document, 'workspace', files === 1 ? l10n.t('Bundle: 1 .prompts file') : l10n.t('Bundle: {0} .prompts files', files));
      else sendStatus(document, 'openFiles', l10n.t('Bundle: open files only ({0})', bundles.openOnlyReason === 'no disk here' ? l10n.t('no disk here') : l10n.t('restricted mode')));
      return [...(view.findings.get(view.self.name) ?? [])];
    },
    // Each asks the document's own facts first: only on a fork or an id does it wait for the bundle.
    async definition(document, model, position) {
      const at = sessionReferenceAt(factsAtLine(model, position.line), position);
      const view = at?.kind === 'fork' ? await bundles.viewOf(document.uri, true) : undefined;
      if (!view || !at) return undefined;
      return sessionsWithId(view.bundle, at.id).map((l) => ({ uri: l.file, range: l.range }));
    },
    async references(document, model, position, includeDeclaration) {
      const at = sessionReferenceAt(factsAtLine(model, position.line), position);
      const view = at ? await bundles.viewOf(document.uri, true) : undefined;
      if (!view || !at) return undefined;
      const declarations = includeDeclaration ? sessionsWithId(view.bundle, at.id) : [];
      return [...declarations, ...forksOf(view.bundle, at.id)].map((l) => ({ uri: l.file, range: l.range }));
    },
    async hover(document, model, position) {
      const at = sessionReferenceAt(factsAtLine(model, position.line), position);
      const view = at?.kind === 'fork' ? await bundles.viewOf(document.uri, true) : undefined;
      if (!view || !at) return undefined;
      return { contents: { kind: MarkupKind.Markdown, value: forkParentHover(view.bundle, at.id) }, range: at.range };
    },
  };
}
