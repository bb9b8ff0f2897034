// What each language (packs, .prompts) provides to the server. The server
// registers every LSP method once (features.ts) and dispatches by the
// document's language id, so the two languages never compete for a
// handler. Each feature takes the language's parsed model, parsed once per
// document version (models.ts).

import type {
  CodeAction,
  CodeLens,
  CompletionContext,
  CompletionItem,
  DocumentSymbol,
  FoldingRange,
  FormattingOptions,
  Hover,
  Location,
  Position,
  Range,
  TextEdit,
  WorkspaceSymbol,
} from 'vscode-languageserver';
import type { Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../src-shared/finding';
import type { Settings } from '../../src-shared/settings';
import type { Steps } from '../../src-shared/steps';
import type { WorkspaceIndex } from './workspaceIndex';

/** What every feature gets: one document version, its model and the settings for it. */
export interface FeatureContext<M> {
  readonly document: TextDocument;
  readonly model: M;
  readonly settings: Settings;
}

export interface LanguageService<M> {
  readonly languageId: string;
  /** The immutable model of one document version. Must not throw. */
  parse(text: string): M;
  /** Every finding for the model, in reading order. */
  check(model: M, settings: Settings, uri: string): Finding[];
  /** `parse` in steps, for a language whose large files would otherwise hold the server (a language with incremental models has its own, models.ts). */
  parseInSteps?(text: string): Steps<M>;
  /** `check` in steps, for the same reason. */
  checkInSteps?(model: M, settings: Settings, uri: string): Steps<Finding[]>;

  hover?(ctx: FeatureContext<M>, position: Position): Hover | null | Promise<Hover | null>;
  completion?(ctx: FeatureContext<M>, position: Position, context?: CompletionContext): CompletionItem[];
  /** Definitions and references may reach into other files (a `.prompts` bundle), so they may answer later. */
  definition?(ctx: FeatureContext<M>, position: Position): Location[] | Promise<Location[]>;
  references?(ctx: FeatureContext<M>, position: Position, includeDeclaration: boolean): Location[] | Promise<Location[]>;
  documentSymbols?(ctx: FeatureContext<M>): DocumentSymbol[];
  foldingRanges?(ctx: FeatureContext<M>): FoldingRange[];
  codeActions?(ctx: FeatureContext<M>, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[];
  codeLenses?(ctx: FeatureContext<M>): CodeLens[];
  /** The edits, or why the formatter declines (the server tells the user: Format Document must not fail silently). */
  format?(ctx: FeatureContext<M>, options: FormattingOptions): Formatting;
  /** Symbols across the workspace, not of one document: the server asks every service that has it. */
  workspaceSymbols?(workspace: WorkspaceIndex, query: string, limit: number, onCut: (shown: number, matched: number) => void): Promise<WorkspaceSymbol[]>;
}

export type Formatting = { readonly edits: TextEdit[] } | { readonly declined: string };

// A registry keyed by language id; the model type is erased at this boundary.
export type AnyLanguageService = LanguageService<unknown>;
