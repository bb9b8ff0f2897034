// Decode's inverse for a writer (an optimizer saving a mutated pack):
// header, version, then each section's directive, body and a newline.
// Comments and blank lines are not kept, so encoding is idempotent.

import { formatVersion } from './corruption';
import type { PackContent } from './model';

export function encode(pack: PackContent): string {
  const parts = [`%% loom-prompt-pack ${formatVersion}\n%% version ${pack.version}\n`];
  for (const section of pack.sections) parts.push(`%% section ${section.name}\n`, section.body, '\n');
  return parts.join('');
}
