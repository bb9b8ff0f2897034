// The preview's tokens: the figure in the header (the estimate until the
// server's count arrives, then the count, saying whether it is exact), the
// sections with the most tokens, and the line about the cached prefix
// against HEAD in the provider's units. Text only, never markup.

import type { RenderedPack, RenderTokens } from '../../../../src-shared/protocol/pack';
import { describeTokenCache } from '../../../../src-shared/pack/tokens/cache';
import { formatCount } from '../../../../src-shared/pack/summary';
import type { Maker } from './page';

type Tokens = Exclude<RenderTokens, { kind: 'superseded' }> | undefined;

export function tokensFigure(el: Maker, r: RenderedPack, tokens: Tokens): HTMLElement {
  const f = el('span', 'figure tokens');
  if (tokens?.kind === 'counted') {
    f.append(el('span', 'figure-value', `${tokens.exact ? '' : '≈'}${formatCount(tokens.tokens)} tokens`), el('span', 'figure-label', ` ${tokens.tokenizer}`));
    f.title = tokens.exact ? `Counted with ${tokens.tokenizer}, the provider's own encoding (packsAndPrompts.pack.tokenizer)` : `Not exact: ${tokens.method ?? 'an estimate'}`;
    return f;
  }
  f.append(el('span', 'figure-value', `≈${formatCount(r.tokens)} tokens`));
  if (tokens?.kind === 'unavailable') f.title = `An estimate (characters / 4.4): ${tokens.reason}`;
  else {
    f.append(el('span', 'figure-label', ' counting…'));
    f.title = 'An estimate (characters / 4.4) until the count with packsAndPrompts.pack.tokenizer arrives';
  }
  return f;
}

/** `identity 412`, the sections with the most tokens first. */
export function sectionChips(tokens: Extract<RenderTokens, { kind: 'counted' }>, max: number): string[] {
  const sorted = [...tokens.sections].sort((a, b) => b.tokens - a.tokens);
  const chips = sorted.slice(0, max).map((s) => `${s.section} ${formatCount(s.tokens)}`);
  return sorted.length > max ? [...chips, `and ${formatCount(sorted.length - max)} more`] : chips;
}

/** The line about the cached prefix, once counted and compared with HEAD's render. */
export function cacheRow(el: Maker, tokens: Tokens): HTMLElement | undefined {
  if (tokens?.kind !== 'counted' || tokens.cache.kind !== 'compared') return undefined;
  const c = tokens.cache;
  const row = el('div', `row facts cache ${c.changed && c.cached < c.headCached ? 'broken' : 'kept'}`);
  row.append(el('span', 'label', 'Cache:'), el('span', undefined, describeTokenCache(c, tokens.exact)));
  row.title = `${c.rule}. HEAD's render: ${formatCount(c.headTokens)} tokens; this one: ${formatCount(c.tokens)}; shared from the start: ${formatCount(c.sharedTokens)}.${tokens.exact ? '' : ` ${tokens.method ?? ''}`}`;
  return row;
}
