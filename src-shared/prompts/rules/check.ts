// One call for a `.prompts` text: every finding, in reading order. The
// command line and any other caller without a cached model use this; the
// server parses once per version and calls `validatePrompts` itself. Each
// block is checked as soon as it is parsed, which costs less than checking
// them all after the parse (values still fresh, strings flattened young).

import type { Finding } from '../../finding';
import type { PromptsSettings } from '../../settings';
import { finish, parsePromptsInSteps, type PromptsDocument } from '../toml/document';
import { checkBlockOnce, validateOptions, validatePrompts } from './validate';

export function checkPrompts(text: string, settings: PromptsSettings): Finding[] {
  return checkPromptsDocument(text, settings).findings;
}

/** `checkPrompts`, and the document it parsed, for a caller that reads it further (the command line's hand-edit check). */
export function checkPromptsDocument(text: string, settings: PromptsSettings): { readonly doc: PromptsDocument; readonly findings: Finding[] } {
  const options = validateOptions(settings);
  const doc = finish(parsePromptsInSteps(text, (block) => checkBlockOnce(block, options)));
  return { doc, findings: validatePrompts(doc, options) };
}
