// Presentation of a pack's figures, shared by the status bar, the code lens
// and the preview so the three say the same thing in the same words.

import type { PackFigures } from '../protocol/pack';
import type { Environment } from './environment';
import type { Profile } from './profiles';
import { english, type Localizer } from '../l10n';

/**
 * Characters per token for prompt prose. Measured against o200k_base and
 * cl100k_base (gpt-tokenizer 3.4.0) on every bundled example rendered for
 * every example environment: within 6% on each; on markdown and source
 * files within 15%. An estimate to watch a budget by, not a tokenizer.
 */
export const charactersPerToken = 4.4;

/** Estimated tokens of a text of `codePoints` code points (the figure `estimateTokens` gives). */
export function tokensOfCodePoints(codePoints: number): number {
  return Math.ceil(codePoints / charactersPerToken);
}

/** Estimated tokens of `text` (code points / 4.4, rounded up). */
export function estimateTokens(text: string): number {
  let codePoints = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is one character.
    if (c < 0xd800 || c > 0xdbff || i + 1 >= text.length) codePoints++;
    else {
      const next = text.charCodeAt(i + 1);
      codePoints++;
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return tokensOfCodePoints(codePoints);
}

/** `pack · 0 corrupting · 2 shaping · loom-9` (the profile that judged it), or `pack · corrupt (3 lines)` when it does not decode. */
export function figuresLine(f: PackFigures, l10n: Localizer = english): string {
  const profile = f.profileFallback ? l10n.t('{0} (fallback)', f.profile) : f.profile;
  if (f.corruptions > 0) return f.corruptions === 1 ? l10n.t('pack · corrupt (1 line)') : l10n.t('pack · corrupt ({0} lines)', formatCount(f.corruptions));
  return l10n.t('pack · {0} corrupting · {1} shaping · {2}', f.corrupting, f.shaping, profile);
}

/** A longer sentence for tooltips: what the counts mean for the harness. */
export function figuresVerdict(f: PackFigures, l10n: Localizer = english): string {
  if (f.corruptions > 0) {
    return f.corruptions === 1 ? l10n.t('The pack does not decode: 1 corrupt line. Loom refuses it.') : l10n.t('The pack does not decode: {0} corrupt lines. Loom refuses it.', formatCount(f.corruptions));
  }
  const scorable = f.scorable ? l10n.t('Scorable: nothing corrupting.') : l10n.t('Not scorable: fix the corrupting problems first.');
  const shaping = f.shaping === 1 ? l10n.t('1 shaping problem under {0}.', f.profile) : l10n.t('{0} shaping problems under {1}.', formatCount(f.shaping), f.profile);
  const judged = f.profileNote ? ` ${l10n.t('Judged under {0}.', f.profileNote)}` : '';
  return `${scorable} ${shaping}${judged}`;
}

/** `1,234`, the same in every locale (the preview and tests must agree). */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function count(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** Why `{enforcement}` renders empty when the profile lacks the environment's posture, or `undefined` when it has it. */
export function postureWarning(profile: Profile, env: Environment): string | undefined {
  if (profile.enforcements.includes(env.enforcement)) return undefined;
  return `${profile.name} has no ${env.enforcement} posture, so {enforcement} renders empty`;
}
