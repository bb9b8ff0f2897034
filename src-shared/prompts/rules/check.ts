// One call for a `.prompts` text: every finding, in reading order. The
// command line and any other caller without a cached model use this; the
// server parses once per version and calls `validatePrompts` itself. Each
// block is checked as soon as it is parsed, which costs less than checking
// them all after the parse (values still fresh, strings flattened young).

import type { Finding } from '../../finding';
import type { PromptsSettings } from '../../settings';
import { finish, parsePromptsInSteps, parsePromptsWithinInSteps, type PromptsDocument } from '../toml/document';
import type { TooManyTables } from '../toml/scanner';
import { checkBlockOnce, validateOptions, validatePrompts } from './validate';

export function checkPrompts(text: string, settings: PromptsSettings): Finding[] {
  const options = validateOptions(settings);
  return validatePrompts(finish(parsePromptsInSteps(text, (block) => checkBlockOnce(block, options))), options);
}

/**
 * `checkPrompts`, and the document it parsed, for a caller that reads it
 * further (the command line's hand-edit check); a text past `maxTables`
 * top-level tables is not checked, and their count comes back instead (the
 * structure limit measured by the parse's own split, not a pass before it).
 */
export function checkPromptsDocument(
  text: string,
  settings: PromptsSettings,
  maxTables = Number.POSITIVE_INFINITY,
): { readonly doc: PromptsDocument; readonly findings: Finding[] } | TooManyTables {
  const options = validateOptions(settings);
  const doc = finish(parsePromptsWithinInSteps(text, maxTables, (block) => checkBlockOnce(block, options)));
  return 'tables' in doc ? doc : { doc, findings: validatePrompts(doc, options) };
}
