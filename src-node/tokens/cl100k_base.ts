// The cl100k_base encoder, an entry of its own like o200k_base.ts.

import { encode as encodeText } from 'gpt-tokenizer/encoding/cl100k_base';
import { plainText } from './plainText';

export function encode(text: string): number[] {
  return encodeText(text, plainText);
}
