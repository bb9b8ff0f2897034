// The prompt-pack language service.

import { checkPack } from '../../../src-shared/pack/check';
import { languageIds } from '../../../src-shared/protocol';
import type { LanguageService } from '../languageService';

export const packService: LanguageService<string> = {
  languageId: languageIds.pack,
  parse: (text) => text,
  check: (text, settings) => checkPack(text, settings.pack),
};
