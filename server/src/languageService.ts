// What each language (packs, .prompts) provides to the server. The server
// registers every LSP method once and dispatches by the document's language
// id, so the two languages never compete for a handler. Each feature takes
// the language's parsed model, parsed once per document version (models.ts).

import type { Finding } from '../../src-shared/finding';
import type { Settings } from '../../src-shared/settings';

export interface LanguageService<M> {
  readonly languageId: string;
  /** The immutable model of one document version. Must not throw. */
  parse(text: string): M;
  /** Every finding for the model, in reading order. */
  check(model: M, settings: Settings): Finding[];
}

// A registry keyed by language id; the model type is erased at this boundary.
export type AnyLanguageService = LanguageService<unknown>;
