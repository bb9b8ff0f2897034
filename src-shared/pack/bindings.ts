// The two tiers of bindings. Literal bindings are plain text from the
// environment; selection bindings name the fragment the environment
// chooses, which the renderer expands against the literal tier only (one
// level, so no pack can drive expansion in a loop).

import { utf8Length } from '../text/utf8';
import type { Environment } from './environment';
import { findSection, type PackContent } from './model';
import type { LiteralBinding, Profile, SelectionRule, Selector } from './profiles';

const literalValue: Readonly<Record<LiteralBinding, (env: Environment, pack: PackContent, profile: Profile) => string>> = {
  workspace: (env) => env.workspace,
  platform: (env) => env.platform,
  shell: (env) => env.shell,
  tools: (env) => env.tools.join(', '),
  protected_paths: (env) => env.protectedPaths.join(', '),
  network_allow: (env) => (env.network.posture === 'proxied' ? env.network.allow.join(', ') : ''),
  available_tools_list: (env) => env.availableTools.join('\n'),
  repository_guidance_text: guidanceText,
};

/** The literal tier: each name the profile binds to plain text, with its value. */
export function literalBindings(pack: PackContent, env: Environment, profile: Profile): ReadonlyMap<string, string> {
  const values = new Map<string, string>();
  for (const name of profile.literalBindings) values.set(name, literalValue[name](env, pack, profile));
  return values;
}

const selectorKey: Readonly<Record<Selector, (env: Environment) => string>> = {
  enforcement: (env) => env.enforcement,
  network: (env) => env.network.posture,
  protected_paths: (env) => (env.protectedPaths.length > 0 ? 'present' : 'absent'),
  available_tools: (env) => (env.availableTools.length > 0 ? 'present' : 'absent'),
  repository_guidance: (env) => (env.repositoryGuidance !== null ? 'present' : 'absent'),
};

/** The fragment a selection binding chooses in this environment, or `undefined` when it renders empty. */
export function selectedFragment(rule: SelectionRule, env: Environment): string | undefined {
  const key = selectorKey[rule.by](env);
  return Object.prototype.hasOwnProperty.call(rule.fragments, key) ? rule.fragments[key] : undefined;
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
