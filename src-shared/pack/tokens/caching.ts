// What a provider's prompt cache keeps of a prefix, as data: one table per
// provider, from its own documentation (docs/tokens.md cites each), and one
// function that applies a table. OpenAI caches automatically: nothing below
// a minimum, then the longest run of whole steps. Anthropic caches up to an
// explicit breakpoint (`cache_control`), and only when everything before it
// is identical and at least the model's minimum: a harness that marks the
// end of the system prompt gets all of it back, or nothing.

export type ProviderName = 'openai' | 'anthropic';

/** Cached in steps from the start, whatever follows (OpenAI). */
export interface PrefixStepRule {
  readonly kind: 'prefixSteps';
  readonly provider: 'openai';
  readonly label: string;
  readonly source: string;
  /** Prompts shorter than this are not cached at all. */
  readonly minimum: number;
  /** Past the minimum, the cache grows by whole steps. */
  readonly step: number;
}

/** Cached up to a breakpoint only, when all before it is unchanged (Anthropic). */
export interface BreakpointRule {
  readonly kind: 'breakpoint';
  readonly provider: 'anthropic';
  readonly label: string;
  readonly source: string;
  /** Breakpoints one request may mark. */
  readonly maxBreakpoints: number;
  /** The shortest cacheable prefix, per model. */
  readonly models: readonly { readonly model: string; readonly minimum: number }[];
  /** The row the preview and the command line apply (a harness's usual model). */
  readonly applied: string;
}

export type CachingRule = PrefixStepRule | BreakpointRule;

export const openAiCaching: PrefixStepRule = {
  kind: 'prefixSteps',
  provider: 'openai',
  label: 'OpenAI',
  source: 'https://developers.openai.com/api/docs/guides/prompt-caching',
  minimum: 1024,
  step: 128,
};

export const anthropicCaching: BreakpointRule = {
  kind: 'breakpoint',
  provider: 'anthropic',
  label: 'Anthropic',
  source: 'https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching',
  maxBreakpoints: 4,
  models: [
    { model: 'Claude Opus 4.5, Opus 4.6', minimum: 4096 },
    { model: 'Claude Sonnet 4.6', minimum: 2048 },
    { model: 'Claude Sonnet 4.5, Opus 4.1, Opus 4, Sonnet 4, Sonnet 3.7', minimum: 1024 },
    { model: 'Claude Haiku 4.5', minimum: 4096 },
    { model: 'Claude Haiku 3.5, Haiku 3', minimum: 2048 },
  ],
  applied: 'Claude Sonnet 4.5, Opus 4.1, Opus 4, Sonnet 4, Sonnet 3.7',
};

export const cachingRules: Readonly<Record<ProviderName, CachingRule>> = { openai: openAiCaching, anthropic: anthropicCaching };

/** The minimum of the row a breakpoint rule applies. */
export function appliedMinimum(rule: BreakpointRule): number {
  return rule.models.find((m) => m.model === rule.applied)!.minimum;
}

/**
 * Tokens a provider serves from its cache when a request starts with a
 * render of `total` tokens whose first `shared` tokens are those of the
 * render it cached before (with a breakpoint at the render's end).
 */
export function cachedTokens(rule: CachingRule, shared: number, total: number): number {
  switch (rule.kind) {
    case 'prefixSteps':
      return shared < rule.minimum ? 0 : rule.minimum + Math.floor((shared - rule.minimum) / rule.step) * rule.step;
    case 'breakpoint':
      return shared >= total && total >= appliedMinimum(rule) ? total : 0;
  }
}

/** One line on the rule, for tooltips and the command line: `OpenAI: from 1,024 tokens, in steps of 128`. */
export function describeRule(rule: CachingRule): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  switch (rule.kind) {
    case 'prefixSteps':
      return `${rule.label}: cached from ${n(rule.minimum)} tokens, in steps of ${n(rule.step)}`;
    case 'breakpoint':
      return `${rule.label}: cached up to a breakpoint at the end of the render, all or nothing, from ${n(appliedMinimum(rule))} tokens (${rule.applied})`;
  }
}
