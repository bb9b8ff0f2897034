// A render's tokens against the render as committed at HEAD, in the words
// a pack author reads: which token the edit changes, and what the
// provider's cache still serves of the prefix, now and before the edit.
// One counter for every tokenizer: an exact encoding counts in slices
// (count.ts), an estimate says so and is characters ÷ 4.4 throughout.

import { estimateTokens } from '../summary';
import { cachedTokens, cachingRules, describeRule } from './caching';
import { type SectionStart, sharedTokens, tallyTokens, type TokenTally } from './count';
import { type TokenEncoder, type TokenizerInfo } from './tokenizers';

/** A tokenizer and, for an exact one, its loaded encoder. */
export interface Counter {
  readonly tokenizer: TokenizerInfo;
  readonly encode: TokenEncoder | undefined;
}

/** What the preview and `render --json` say about the cached prefix. */
export interface TokenCache {
  /** The render differs from HEAD's. */
  readonly changed: boolean;
  /** Tokens the two renders share from the start: the edit changes token `sharedTokens + 1`. */
  readonly sharedTokens: number;
  readonly tokens: number;
  readonly headTokens: number;
  /** What the provider's cache serves of this render, after a request with HEAD's. */
  readonly cached: number;
  /** What it served of HEAD's render, sent again. */
  readonly headCached: number;
  /** The rule applied, in words (`OpenAI: cached from 1,024 tokens, in steps of 128`). */
  readonly rule: string;
}

export function* tally(counter: Counter, text: string, sections: readonly SectionStart[] = []): Generator<void, TokenTally, void> {
  if (counter.encode) return yield* tallyTokens(text, counter.encode, sections);
  return estimatedTally(text, sections);
}

function estimatedTally(text: string, sections: readonly SectionStart[]): TokenTally {
  const bySection = new Map<string, number>();
  sections.forEach((s, i) => {
    const end = i + 1 < sections.length ? sections[i + 1]!.start : text.length;
    bySection.set(s.section, (bySection.get(s.section) ?? 0) + estimateTokens(text.slice(s.start, end)));
  });
  return { total: estimateTokens(text), cuts: [0], before: [0], sections: [...bySection].map(([section, tokens]) => ({ section, tokens })) };
}

/** Compares two tallied renders under the counter's provider's caching rule. */
export function tokenCache(counter: Counter, head: { readonly text: string; readonly tally: TokenTally }, current: { readonly text: string; readonly tally: TokenTally }): TokenCache {
  const rule = cachingRules[counter.tokenizer.provider];
  const shared = counter.encode ? sharedTokens(head.text, current.text, current.tally, counter.encode) : estimatedShared(head.text, current.text, current.tally.total);
  const tokens = current.tally.total;
  const headTokens = head.tally.total;
  return {
    changed: head.text !== current.text,
    sharedTokens: shared,
    tokens,
    headTokens,
    cached: cachedTokens(rule, shared, tokens),
    headCached: cachedTokens(rule, headTokens, headTokens),
    rule: describeRule(rule),
  };
}

function estimatedShared(baseline: string, current: string, total: number): number {
  if (baseline === current) return total;
  let i = 0;
  const max = Math.min(baseline.length, current.length);
  while (i < max && baseline.charCodeAt(i) === current.charCodeAt(i)) i++;
  return Math.min(total, estimateTokens(current.slice(0, i)));
}

/** `This edit changes token 3,105 of 3,990: 3,072 tokens stay cached (was 3,968).` */
export function describeTokenCache(c: TokenCache, exact: boolean): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  const about = exact ? '' : 'about ';
  const cached = `${about}${n(c.cached)} token${c.cached === 1 ? '' : 's'} stay${c.cached === 1 ? 's' : ''} cached (was ${n(c.headCached)})`;
  if (!c.changed) return `Unchanged since HEAD: ${cached}.`;
  const sizes = `${about}${n(c.headTokens)} → ${n(c.tokens)} tokens`;
  if (c.sharedTokens >= c.headTokens) return `This edit adds to the end of HEAD's render (${sizes}): ${cached}.`;
  if (c.sharedTokens >= c.tokens) return `This edit cuts the end of HEAD's render (${sizes}): ${cached}.`;
  return `This edit changes token ${about}${n(c.sharedTokens + 1)} of ${n(c.tokens)}: ${cached}.`;
}
