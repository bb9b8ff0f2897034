// The prompt-pack language service: a document's model is its decode
// (with recovery), parsed once per version and shared by every feature.

import { checkDecoded } from '../../../src-shared/pack/check';
import { decodeAll, type DecodeResult } from '../../../src-shared/pack/decode';
import { languageIds } from '../../../src-shared/protocol';
import type { LanguageService } from '../languageService';

export const packService: LanguageService<DecodeResult> = {
  languageId: languageIds.pack,
  parse: (text) => decodeAll(text),
  check: (model, settings) => checkDecoded(model, settings.pack),
};
