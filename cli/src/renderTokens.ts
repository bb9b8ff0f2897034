// `render --json`'s tokens: the render counted with the chosen tokenizer
// (per section too), and, when the pack is committed in a git repository
// at the base (`--base REV`, default HEAD: the same Baselines `check`
// judges against), the prefix it shares with the committed pack's render
// for the same environment, in tokens, and what the provider's cache keeps
// of it.

import * as path from 'node:path';
import { decode } from '../../src-shared/pack/decode';
import type { Environment } from '../../src-shared/pack/environment';
import type { Profile } from '../../src-shared/pack/profiles';
import { render, type RenderSpan } from '../../src-shared/pack/render';
import { type Counter, tally, tokenCache, type TokenCache } from '../../src-shared/pack/tokens/cache';
import { runToEnd, sectionStarts } from '../../src-shared/pack/tokens/count';
import { describeOffReason } from '../../src-shared/prompts/handEdits/status';
import { type Baselines, unresolvedBase } from './baseline';

export interface RenderTokensInput {
  readonly text: string;
  readonly spans: readonly RenderSpan[];
  readonly file: string;
  readonly env: Environment;
  readonly profile: Profile;
  readonly counter: Counter;
  /** Where the committed pack comes from (`--base`). */
  readonly baselines: Baselines;
}

export interface RenderTokensJson {
  readonly tokens: {
    readonly tokenizer: string;
    readonly exact: boolean;
    readonly count: number;
    /** For an estimate: how it is made. */
    readonly method?: string;
    readonly sections: readonly { readonly section: string; readonly tokens: number }[];
  };
  /** Against the committed render: the cache figures, or why there are none. */
  readonly baseline: ({ readonly revision: string } & TokenCache) | { readonly revision: string; readonly off: string };
}

export function renderTokens(input: RenderTokensInput): RenderTokensJson {
  const { counter, text } = input;
  const current = runToEnd(tally(counter, text, sectionStarts(input.spans)));
  const info = counter.tokenizer;
  const tokens = { tokenizer: info.id, exact: info.exact, count: current.total, ...(info.method !== undefined && { method: info.method }), sections: current.sections };
  const file = path.resolve(input.file);
  const revision = input.baselines.base;
  const head = input.baselines.committed(file);
  if (head.kind === 'unresolved') return { tokens, baseline: { revision, off: unresolvedBase(head, 'render --json') } };
  if (head.kind === 'off') return { tokens, baseline: { revision, off: describeOffReason(head.reason) } };
  const committed = decode(head.text);
  if (!committed.ok) return { tokens, baseline: { revision, off: `the pack as committed at ${input.baselines.nameOf(head)} does not decode` } };
  const headText = render(committed.pack, input.env, input.profile);
  const cache = tokenCache(counter, { text: headText, tally: runToEnd(tally(counter, headText)) }, { text, tally: current });
  return { tokens, baseline: { revision, ...cache } };
}
