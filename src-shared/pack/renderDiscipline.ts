// Render discipline: the render is the cached system prefix of every
// request, so a changed render is a full cache write for every session that
// follows, and `%% version` is how a cache miss gets attributed to a prompt
// change. Given the pack as committed and as it is now, the environments it
// runs in (the built-in presets and the workspace's files) and a byte
// budget, two findings on the version line: the render changed in some
// environment but the version id did not (fixed by bumping it), and the
// render is over the budget somewhere. An edit the render drops (a
// comment, whitespace the tidy step removes) changes no render, so it
// warns about nothing.

import type { Finding } from '../finding';
import type { PackSettings } from '../settings';
import { packCodes, versionLineRange, withSeverities } from './check';
import { utf8Length } from '../text/utf8';
import type { Environment } from './environment';
import type { Pack } from './model';
import type { Profile } from './profiles';
import { environmentPresets } from './presets';
import { render } from './render';
import { formatCount } from './summary';
import { bumpVersion } from './versionBump';
import { type Counter, tally, tokenCache } from './tokens/cache';
import { runToEnd, type TokenTally } from './tokens/count';

/** An environment a pack is judged in, named as the person knows it. */
export interface JudgedEnvironment {
  readonly id: string;
  readonly label: string;
  readonly environment: Environment;
}

/** The built-in presets, with the ids the editor gives them (`preset:<id>`). */
export const presetEnvironments: readonly JudgedEnvironment[] = environmentPresets.map((p) => ({ id: `preset:${p.id}`, label: p.name, environment: p.environment }));

export interface RenderDisciplineInput {
  readonly current: Pack;
  /** The pack as committed at the base (HEAD unless `--base`); `undefined` when there is none (new, untracked, no git) or it does not decode. */
  readonly baseline: Pack | undefined;
  readonly environments: readonly JudgedEnvironment[];
  readonly profile: Profile;
  readonly settings: Pick<PackSettings, 'severity' | 'maxRenderBytes'>;
  /** The budgets in tokens, judged when given (the command line's `--max-render-tokens`, `--min-cached-tokens`). */
  readonly tokens?: TokenBudgets;
  /** Renders one side for one environment; the server passes its caches. Default: `render`. */
  readonly render?: (pack: Pack, side: 'baseline' | 'current', environment: JudgedEnvironment) => string;
  /** The baseline's name in messages: `HEAD` unless the command line's `--base` names another revision. */
  readonly base?: string;
}

export interface TokenBudgets {
  readonly counter: Counter;
  /** The largest render in tokens; `null`: unchecked. */
  readonly maxRenderTokens: number | null;
  /** A change may not leave fewer tokens cached than this (when it leaves fewer than the base's render had); `null`: unchecked. */
  readonly minCachedTokens: number | null;
}

/** What the bump fix needs, and which environments changed. */
export interface VersionUnchangedData {
  /** The version id the warning is about: no fix once the line says something else. */
  readonly version: string;
  readonly bumped: string;
  /** Ids of the environments whose render changed. */
  readonly environments: readonly string[];
}

export interface OverBudgetData {
  readonly budget: number;
  readonly over: readonly { readonly id: string; readonly label: string; readonly bytes: number }[];
}

/** Labels named in a message before "and N more". */
const namedInMessage = 3;

export function checkRenderDiscipline(input: RenderDisciplineInput): Finding[] {
  const { current, baseline, environments, profile, settings, base = 'HEAD' } = input;
  const renderOf = input.render ?? ((pack: Pack, _side: string, e: JudgedEnvironment) => render(pack, e.environment, profile));
  const findings: Finding[] = [];
  const range = versionLineRange(current);
  // Rendered only when a finding can need them: a render of a large pack in every environment is not cheap.
  let renders: string[] | undefined;
  const currentRenders = (): string[] => (renders ??= environments.map((e) => renderOf(current, 'current', e)));

  if (baseline && baseline.version === current.version) {
    const changed = environments.filter((e, i) => renderOf(baseline, 'baseline', e) !== currentRenders()[i]);
    if (changed.length > 0) {
      const data: VersionUnchangedData = { version: current.version, bumped: bumpVersion(current.version), environments: changed.map((e) => e.id) };
      findings.push({
        range,
        severity: 'warning',
        code: packCodes.renderChangedVersionUnchanged,
        message: `the render changed but the version did not: \`${current.version}\` is ${base}'s version too, and the render differs from ${base}'s in ${named(changed.map((e) => e.label), environments.length)}`,
        data,
      });
    }
  }

  const budget = settings.maxRenderBytes;
  if (budget !== null && budget > 0) {
    const over = environments
      .map((e, i) => ({ id: e.id, label: e.label, bytes: utf8Length(currentRenders()[i]!) }))
      .filter((r) => r.bytes > budget)
      .sort((a, b) => b.bytes - a.bytes);
    if (over.length > 0) {
      const data: OverBudgetData = { budget, over };
      const sizes = over.map((r) => `${formatCount(r.bytes)} bytes in ${r.label}`);
      findings.push({
        range,
        severity: 'warning',
        code: packCodes.renderOverBudget,
        message: `the render is over the budget of ${formatCount(budget)} bytes: ${sizes.join('; ')}`,
        data,
      });
    }
  }
  if (input.tokens) findings.push(...tokenFindings(input, input.tokens, renderOf, currentRenders, range));
  return withSeverities(findings, settings.severity);
}

type RenderOf = NonNullable<RenderDisciplineInput['render']>;

// Each environment's render counted once; the base's only when a change can shrink its cached prefix.
function tokenFindings(input: RenderDisciplineInput, budgets: TokenBudgets, renderOf: RenderOf, currentRenders: () => string[], range: Finding['range']): Finding[] {
  const { counter, maxRenderTokens, minCachedTokens } = budgets;
  const { environments, baseline, base = 'HEAD' } = input;
  if (maxRenderTokens === null && (minCachedTokens === null || !baseline)) return [];
  const tallies: TokenTally[] = currentRenders().map((text) => runToEnd(tally(counter, text)));
  const unit = `${counter.tokenizer.exact ? '' : 'estimated '}tokens (${counter.tokenizer.id})`;
  const findings: Finding[] = [];
  if (maxRenderTokens !== null) {
    const over = environments.map((e, i) => ({ label: e.label, tokens: tallies[i]!.total })).filter((r) => r.tokens > maxRenderTokens).sort((a, b) => b.tokens - a.tokens);
    if (over.length > 0) {
      findings.push({
        range,
        severity: 'warning',
        code: packCodes.renderOverTokenBudget,
        message: `the render is over the budget of ${formatCount(maxRenderTokens)} ${unit}: ${over.map((r) => `${formatCount(r.tokens)} in ${r.label}`).join('; ')}`,
      });
    }
  }
  if (minCachedTokens !== null && baseline) {
    const shrunk: string[] = [];
    let rule = '';
    environments.forEach((e, i) => {
      const text = currentRenders()[i]!;
      const headText = renderOf(baseline, 'baseline', e);
      const c = tokenCache(counter, { text: headText, tally: runToEnd(tally(counter, headText)) }, { text, tally: tallies[i]! });
      rule = c.rule;
      if (c.cached < minCachedTokens && c.cached < c.headCached) shrunk.push(`${formatCount(c.cached)} (was ${formatCount(c.headCached)}; the edit changes token ${formatCount(c.sharedTokens + 1)}) in ${e.label}`);
    });
    if (shrunk.length > 0) {
      findings.push({
        range,
        severity: 'warning',
        code: packCodes.cachedPrefixShrunk,
        message: `the change leaves fewer than ${formatCount(minCachedTokens)} ${unit} of the render cached since ${base}'s: ${shrunk.join('; ')} (${rule})`,
      });
    }
  }
  return findings;
}

/** `Linux workstation, CI runner and 2 more (4 of 8 environments)`. */
function named(labels: readonly string[], of: number): string {
  const shown = labels.slice(0, namedInMessage).map((l) => `"${l}"`);
  const rest = labels.length - shown.length;
  const list = rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0]!;
  return `${list} (${labels.length} of ${of} environment${of === 1 ? '' : 's'})`;
}
