// The o200k_base encoder, an entry of its own: built into
// dist/tokenizers/o200k_base.js (and dist/web/tokenizers/ for the browser),
// loaded only when a count is first asked for, so its 2.4 MB of ranks stay
// out of the extension's activation.

import { encode as encodeText } from 'gpt-tokenizer/encoding/o200k_base';
import { plainText } from './plainText';

export function encode(text: string): number[] {
  return encodeText(text, plainText);
}
