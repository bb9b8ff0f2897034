// The command line's tokenizer: `--tokenizer NAME`, else the environment
// variable PACKS_AND_PROMPTS_TOKENIZER (a CI job sets it once), else
// o200k_base. The revision renders are compared with is `--base`
// (baseline.ts), the same for every command.

import { type Counter } from '../../src-shared/pack/tokens/cache';
import { defaultTokenizer, isEncodingName, isTokenizerName, tokenizerNames, tokenizers, type TokenizerName } from '../../src-shared/pack/tokens/tokenizers';
import { encoderPackage, findEncoder } from '../../src-node/tokens/loadEncoder';
import { type ParsedArgs, stringOption, UsageError } from './args';

export const tokenizerVariable = 'PACKS_AND_PROMPTS_TOKENIZER';

export function tokenizerOption(args: ParsedArgs, env: Readonly<Record<string, string | undefined>> = process.env): TokenizerName {
  const given = stringOption(args, 'tokenizer');
  const name = given ?? (env[tokenizerVariable] || undefined) ?? defaultTokenizer;
  if (!isTokenizerName(name)) throw new UsageError(`${given !== undefined ? '--tokenizer' : tokenizerVariable} names no tokenizer: ${name}; tokenizers: ${tokenizerNames.join(', ')}`);
  return name;
}

/**
 * The counter for `name`. An encoding whose encoder is not here (the npm
 * package ships without it, and gpt-tokenizer is not installed) counts an
 * estimate that says so and how to make it exact: `render --json` reports
 * it as such, and `check`'s budgets refuse it (`uncheckedBudgets`).
 */
export function counterFor(name: TokenizerName): Counter {
  if (!isEncodingName(name)) return { tokenizer: tokenizers[name], encode: undefined };
  const encode = findEncoder(name);
  if (encode) return { tokenizer: tokenizers[name], encode };
  return { tokenizer: { ...tokenizers[name], exact: false, method: `an estimate (characters ÷ 4.4 rounded up): ${missingEncoder(name)}` }, encode: undefined };
}

function missingEncoder(name: TokenizerName): string {
  return `the ${name} encoder is not installed (the command line's npm package ships without it); for exact counts, npm install --save-dev ${encoderPackage} beside it`;
}

/** Why `check` cannot judge a budget in tokens with `counter`: an exact encoding whose encoder is missing. Undefined: it can. */
export function uncheckedBudgets(counter: Counter, flags: readonly string[]): string | undefined {
  const { id, exact } = counter.tokenizer;
  if (exact || !isEncodingName(id)) return undefined;
  return `${flags.join(' and ')} not checked: ${missingEncoder(id)}, or count with --tokenizer claude-estimate`;
}

/** A whole number of tokens from an option, or `null` when it is not given; 0 means no check. */
export function tokenOption(args: ParsedArgs, name: string): number | null {
  const value = stringOption(args, name);
  if (value === undefined) return null;
  if (!/^\d{1,15}$/.test(value)) throw new UsageError(`--${name} takes a whole number of tokens (0: no check), not ${value}`);
  return Number(value) === 0 ? null : Number(value);
}
