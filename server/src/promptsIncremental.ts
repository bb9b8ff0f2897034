// How the `.prompts` model is kept up to date as the user types: a whole
// parse in steps, an edit applied to the block it falls in, and the
// per-block checks done in steps before the service's check assembles them.

import type { PromptsDocument } from '../../src-shared/prompts/document';
import { parsePromptsInSteps } from '../../src-shared/prompts/document';
import { updatePromptsLocally } from '../../src-shared/prompts/incremental';
import { validatePromptsInSteps } from '../../src-shared/prompts/validate';
import type { IncrementalModels } from './models';

export const promptsIncremental: IncrementalModels<PromptsDocument> = {
  parseInSteps: parsePromptsInSteps,
  update: updatePromptsLocally,
  *prepareCheck(doc, settings) {
    // The same options as the service's check, so the checks done here are the ones it reuses.
    yield* validatePromptsInSteps(doc, { strictUnknownTools: settings.prompts.strictUnknownTools });
  },
};
