// The two tiers of bindings. Literal bindings are plain text from the
// environment; selection bindings name the fragment the environment
// chooses, which the renderer expands against the literal tier only (one
// level, so no pack can drive expansion in a loop).

import { utf8Length } from '../text/utf8';
import type { Environment } from './environment';
import { findSection, type PackContent } from './model';
import type { Condition, EnvironmentField, LiteralRule, Profile, SelectionRule } from './profiles';

/** The text of one environment field, lists joined as the rule says. */
function fieldText(rule: LiteralRule, env: Environment, pack: PackContent, profile: Profile): string {
  const list = (values: readonly string[]) => values.map((v) => rule.itemPrefix + v).join(rule.join);
  const from: EnvironmentField = rule.from;
  switch (from) {
    case 'workspace':
      return env.workspace;
    case 'platform':
      return env.platform;
    case 'shell':
      return env.shell;
    case 'tools':
      return list(env.tools);
    case 'protected_paths':
      return list(env.protectedPaths);
    case 'network_allow':
      return env.network.posture === 'proxied' ? list(env.network.allow) : '';
    case 'available_tools':
      return list(env.availableTools);
    case 'repository_guidance':
      return guidanceText(env, pack, profile);
  }
}

/** The literal tier: each name the profile binds to plain text, with its value. */
export function literalBindings(pack: PackContent, env: Environment, profile: Profile): ReadonlyMap<string, string> {
  const values = new Map<string, string>();
  for (const rule of profile.literalBindings) values.set(rule.name, fieldText(rule, env, pack, profile));
  return values;
}

/** Whether a selection case's condition holds in this environment. */
export function holds(condition: Condition, env: Environment): boolean {
  switch (condition.kind) {
    case 'enforcement':
      return env.enforcement === condition.value;
    case 'network':
      return env.network.posture === condition.value;
    case 'tool':
      return env.tools.includes(condition.name);
    case 'present':
      if (condition.field === 'repository_guidance') return env.repositoryGuidance !== null;
      if (condition.field === 'tools') return env.tools.length > 0;
      if (condition.field === 'protected_paths') return env.protectedPaths.length > 0;
      return env.availableTools.length > 0;
  }
}

/** The fragment a selection binding chooses in this environment (its first case that holds), or `undefined` when it renders empty. */
export function selectedFragment(rule: SelectionRule, env: Environment): string | undefined {
  return rule.cases.find((c) => holds(c.when, env))?.fragment;
}

// Guidance is inserted verbatim (never re-scanned, so `{shell}` in it stays
// literal). Under a capped profile it keeps whole lines while they fit,
// and a cut is announced by the truncation fragment's raw body.
function guidanceText(env: Environment, pack: PackContent, profile: Profile): string {
  const text = env.repositoryGuidance;
  if (text === null) return '';
  const cap = profile.guidanceCap;
  if (!cap) return text;
  const cut = firstLineOverBudget(text, cap.bytes);
  if (cut === -1) return text;
  return `${text.slice(0, Math.max(0, cut - 1))}\n\n${findSection(pack, cap.truncationFragment)?.body ?? ''}`;
}

/**
 * Where the first line that does not fit `budget` bytes starts, or -1 when
 * every line fits. Every line (the last, even an empty one after a final
 * newline) costs its UTF-8 bytes plus one: upstream's rule, so a single
 * line of exactly `budget` bytes does not fit.
 */
function firstLineOverBudget(text: string, budget: number): number {
  let remaining = budget;
  let start = 0;
  for (;;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const cost = utf8Length(text, start, end) + 1;
    if (cost > remaining) return start;
    remaining -= cost;
    if (newline === -1) return -1;
    start = newline + 1;
  }
}
