// One call for a `.prompts` text: every finding, in reading order. The
// command line and any other caller without a cached model use this; the
// server parses once per version and calls `validatePrompts` itself.

import type { Finding } from '../finding';
import type { PromptsSettings } from '../settings';
import { parsePrompts } from './document';
import { validatePrompts } from './validate';

export function checkPrompts(text: string, settings: PromptsSettings): Finding[] {
  return validatePrompts(parsePrompts(text), { strictUnknownTools: settings.strictUnknownTools });
}
