// The command line's tokenizer: `--tokenizer NAME`, else the environment
// variable PACKS_AND_PROMPTS_TOKENIZER (a CI job sets it once), else
// o200k_base. The revision renders are compared with is `--base`
// (baseline.ts), the same for every command.

import { type Counter } from '../../src-shared/pack/tokens/cache';
import { defaultTokenizer, isEncodingName, isTokenizerName, tokenizerNames, tokenizers, type TokenizerName } from '../../src-shared/pack/tokens/tokenizers';
import { loadEncoder } from '../../src-node/tokens/loadEncoder';
import { type ParsedArgs, stringOption, UsageError } from './args';

export const tokenizerVariable = 'PACKS_AND_PROMPTS_TOKENIZER';

export function tokenizerOption(args: ParsedArgs, env: Readonly<Record<string, string | undefined>> = process.env): TokenizerName {
  const given = stringOption(args, 'tokenizer');
  const name = given ?? (env[tokenizerVariable] || undefined) ?? defaultTokenizer;
  if (!isTokenizerName(name)) throw new UsageError(`${given !== undefined ? '--tokenizer' : tokenizerVariable} names no tokenizer: ${name}; tokenizers: ${tokenizerNames.join(', ')}`);
  return name;
}

export function counterFor(name: TokenizerName): Counter {
  return { tokenizer: tokenizers[name], encode: isEncodingName(name) ? loadEncoder(name) : undefined };
}

/** A whole number of tokens from an option, or `null` when it is not given; 0 means no check. */
export function tokenOption(args: ParsedArgs, name: string): number | null {
  const value = stringOption(args, name);
  if (value === undefined) return null;
  if (!/^\d{1,15}$/.test(value)) throw new UsageError(`--${name} takes a whole number of tokens (0: no check), not ${value}`);
  return Number(value) === 0 ? null : Number(value);
}
