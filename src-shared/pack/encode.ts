// Decode's inverse for a writer (an optimizer saving a mutated pack):
// header, version, then each section's directive, body and a newline.
// Comments and blank lines are not kept, so encoding is idempotent.
//
// Two bodies decode can return need care, so that `decode(encode(p))` is
// `p` for every pack decode returns. Decode trims a body, which also strips
// the first line's indentation, so ` %% x` as a first body line decodes to
// a body starting `%%`: written as it is it would read as a directive, so
// it is written indented by one space, which decode trims again. And decode
// strips one "\r" from a line's end, so a body line that still ends with
// "\r" (its source line ended "\r\r") is written with one more.

import { formatVersion } from './corruption';
import type { PackContent } from './model';

export function encode(pack: PackContent): string {
  const parts = [`%% loom-prompt-pack ${formatVersion}\n%% version ${pack.version}\n`];
  for (const section of pack.sections) {
    const body = section.body.replaceAll('\r\n', '\r\r\n');
    parts.push(`%% section ${section.name}\n`, body.startsWith('%%') ? ` ${body}` : body, '\n');
  }
  return parts.join('');
}
