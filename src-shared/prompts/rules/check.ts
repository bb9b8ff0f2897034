// One call for a `.prompts` text: every finding, in reading order. The
// command line and any other caller without a cached model use this; the
// server parses once per version and calls `validatePrompts` itself. Each
// block is checked as soon as it is parsed, which costs less than checking
// them all after the parse (values still fresh, strings flattened young).

import type { Finding } from '../../finding';
import type { PromptsSettings } from '../../settings';
import { finish, parsePromptsInSteps } from '../toml/document';
import { checkBlockOnce, validateOptions, validatePrompts } from './validate';

export function checkPrompts(text: string, settings: PromptsSettings): Finding[] {
  const options = validateOptions(settings);
  return validatePrompts(
    finish(parsePromptsInSteps(text, (block) => checkBlockOnce(block, options))),
    options,
  );
}
