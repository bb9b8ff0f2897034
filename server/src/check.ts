// Which core checker a document gets, by its language id.

import type { Finding } from '../../src-shared/finding';
import { checkPack } from '../../src-shared/pack/check';
import { languageIds } from '../../src-shared/protocol';
import type { Settings } from '../../src-shared/settings';

export function checkDocument(languageId: string, text: string, settings: Settings): Finding[] {
  switch (languageId) {
    case languageIds.pack:
      return checkPack(text, settings.pack);
    default:
      return [];
  }
}
