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
  /** The pack as committed at HEAD; `undefined` when there is none (new, untracked, no git) or it does not decode. */
  readonly baseline: Pack | undefined;
  readonly environments: readonly JudgedEnvironment[];
  readonly profile: Profile;
  readonly settings: Pick<PackSettings, 'severity' | 'maxRenderBytes'>;
  /** Renders one side for one environment; the server passes its caches. Default: `render`. */
  readonly render?: (pack: Pack, side: 'baseline' | 'current', environment: JudgedEnvironment) => string;
  /** The baseline's name in messages: `HEAD` unless the command line's `--base` names another revision. */
  readonly base?: string;
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
  return withSeverities(findings, settings.severity);
}

/** `Linux workstation, CI runner and 2 more (4 of 8 environments)`. */
function named(labels: readonly string[], of: number): string {
  const shown = labels.slice(0, namedInMessage).map((l) => `"${l}"`);
  const rest = labels.length - shown.length;
  const list = rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0]!;
  return `${list} (${labels.length} of ${of} environment${of === 1 ? '' : 's'})`;
}
