// The `.prompts` language service: the parsed model per document version,
// and its findings under the resource's settings.

import { parsePrompts, type PromptsDocument } from '../../../src-shared/prompts/document';
import { validatePrompts } from '../../../src-shared/prompts/validate';
import { languageIds } from '../../../src-shared/protocol';
import type { LanguageService } from '../languageService';
import { handEditCodeActions } from './handEditsActions';

export const promptsService: LanguageService<PromptsDocument> = {
  languageId: languageIds.prompts,
  parse: parsePrompts,
  check: (doc, settings) => validatePrompts(doc, { strictUnknownTools: settings.prompts.strictUnknownTools }),
  codeActions: handEditCodeActions,
};
