// The tokenizers a render is counted with, as data: the two OpenAI
// encodings counted exactly (by gpt-tokenizer, loaded by each host: the
// core only ever sees an encoder function), and an estimate for providers
// without a public tokenizer, which says it is one and how it is made.
// Each names the provider whose caching rules (caching.ts) apply to it.

import type { ProviderName } from './caching';

/** Token ids of a text, as the provider's tokenizer gives them; special-token text counts as plain text. */
export type TokenEncoder = (text: string) => readonly number[];

export interface TokenizerInfo {
  readonly id: TokenizerName;
  /** Counted by the provider's own published encoding (true), or estimated. */
  readonly exact: boolean;
  readonly provider: ProviderName;
  /** The models it counts for, in words. */
  readonly models: string;
  /** For an estimate: how it is made, said wherever the figure is shown. */
  readonly method?: string;
}

export const tokenizerNames = ['o200k_base', 'cl100k_base', 'claude-estimate'] as const;
export type TokenizerName = (typeof tokenizerNames)[number];
/** The encodings a host loads an encoder for. */
export type EncodingName = Extract<TokenizerName, 'o200k_base' | 'cl100k_base'>;

export const defaultTokenizer: TokenizerName = 'o200k_base';

export const tokenizers: Readonly<Record<TokenizerName, TokenizerInfo>> = {
  o200k_base: { id: 'o200k_base', exact: true, provider: 'openai', models: 'GPT-4o, GPT-4.1, GPT-5 and the o-series' },
  cl100k_base: { id: 'cl100k_base', exact: true, provider: 'openai', models: 'GPT-4 and GPT-3.5 Turbo' },
  'claude-estimate': {
    id: 'claude-estimate',
    exact: false,
    provider: 'anthropic',
    models: "Anthropic's Claude models",
    method: "an estimate: Anthropic publishes no tokenizer for its current models, so this is characters ÷ 4.4 rounded up (within about 6% of the OpenAI encodings on prompt prose; Claude's own count can differ by more); Anthropic's token-counting endpoint gives the real figure",
  },
};

export function isTokenizerName(name: unknown): name is TokenizerName {
  return typeof name === 'string' && (tokenizerNames as readonly string[]).includes(name);
}

export function isEncodingName(name: TokenizerName): name is EncodingName {
  return tokenizers[name].exact;
}
