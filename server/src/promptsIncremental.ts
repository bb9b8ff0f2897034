// How the `.prompts` model is kept up to date as the user types: a whole
// parse in steps, an edit applied to the block it falls in, and the
// per-block checks done in steps before the service's check assembles them.

import type { PromptsDocument } from '../../src-shared/prompts/toml/document';
import { parsePromptsInSteps } from '../../src-shared/prompts/toml/document';
import { updatePromptsInBatch } from '../../src-shared/prompts/toml/incremental';
import { checkBlockOnce, type ValidateOptions, validateOptions, validatePromptsInSteps } from '../../src-shared/prompts/rules/validate';
import type { Settings } from '../../src-shared/settings';
import type { IncrementalModels } from './models';

/** The same options as the service's check, so the checks done here are the ones it reuses. */
function optionsOf(settings: Settings): ValidateOptions {
  return validateOptions(settings.prompts);
}

export const promptsIncremental: IncrementalModels<PromptsDocument> = {
  parseInSteps(text, settings) {
    const options = settings && optionsOf(settings);
    return parsePromptsInSteps(text, options && ((block) => checkBlockOnce(block, options)));
  },
  update: updatePromptsInBatch,
  *prepareCheck(doc, settings) {
    yield* validatePromptsInSteps(doc, optionsOf(settings));
  },
};
