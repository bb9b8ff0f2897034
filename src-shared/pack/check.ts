// Every finding for one pack source: each corrupt line (decodeAll) as an
// error on its line; when the pack decodes, assess's problems, corrupting
// as errors and shaping as warnings, each where the editor can fix it.
// The user's per-code severity overrides and profile apply last.

import type { Finding, Severity } from '../finding';
import { sortFindings } from '../finding';
import type { PackSettings } from '../settings';
import { finish, type Steps } from '../steps';
import { controlRunMessage, controlRunsInSteps } from '../text/controlCharacters';
import { LineIndex } from '../text/lineIndex';
import type { Range } from '../text/range';
import { describeCondition } from './bindingDocs';
import { corruptionKinds, type Corruption } from './corruption';
import { decodeAll, type DecodeResult } from './decode';
import { closest } from '../text/editDistance';
import type { Pack } from './model';
import { placeholderOccurrencesInSteps } from './placeholders';
import { bindingNames, profileOf, requiringPlaceholders, selectionOf, type Profile, type ProfileName } from './profiles';
import { assessInSteps, severity, type Problem } from './problems';
import { chooseProfile, profileDirective, type ProfileChoice, type ProfileFile } from './profileChoice';

export const packCodes = {
  unknownPlaceholder: 'pack/unknown-placeholder',
  missingSection: 'pack/missing-section',
  missingFragment: 'pack/missing-fragment',
  // Judged against the committed pack and the byte budget (renderDiscipline.ts).
  renderChangedVersionUnchanged: 'pack/render-changed-version-unchanged',
  renderOverBudget: 'pack/render-over-budget',
  // Judged in tokens, by the command line's `--max-render-tokens` and `--min-cached-tokens` (renderDiscipline.ts).
  renderOverTokenBudget: 'pack/render-over-token-budget',
  cachedPrefixShrunk: 'pack/cached-prefix-shrunk',
  // A control character no text holds (text/controlCharacters.ts).
  controlCharacter: 'pack/control-character',
  // The chosen profile is unknown or its file is invalid (profileChoice.ts).
  profileFallback: 'pack/profile-fallback',
} as const;

/** What the checks of the source alone read from the settings. */
export type PackCheckSettings = Pick<PackSettings, 'profile' | 'severity'>;

/** What a quick fix for an unknown placeholder needs. */
export interface UnknownPlaceholderData {
  readonly name: string;
  readonly section: string;
  /** The binding nearest by edit distance, and how near. */
  readonly closest: string | undefined;
  readonly distance: number | undefined;
}

/** What a quick fix for a missing section or fragment needs. */
export interface MissingSectionData {
  readonly name: string;
}

export function checkPack(text: string, settings: PackCheckSettings, files: readonly ProfileFile[] = [], packUri?: string): Finding[] {
  const source = typeof text === 'string' ? text : '';
  const choice = chooseProfile({ directive: profileDirective(source), setting: settings?.profile, ...(packUri !== undefined && { packUri }) }, files);
  return checkDecoded(decodeAll(source), settings, choice);
}

/** The same findings from an already decoded source (the server's cached model), under the chosen profile. */
export function checkDecoded(result: DecodeResult, settings: PackCheckSettings, choice?: ProfileChoice): Finding[] {
  return finish(checkDecodedInSteps(result, settings, choice));
}

/** `checkDecoded` in steps (a section's placeholders at a time), for a server that must answer other requests while a large pack is checked. */
export function* checkDecodedInSteps(result: DecodeResult, settings: PackCheckSettings, choice?: ProfileChoice): Steps<Finding[]> {
  const profile = choice?.profile ?? profileOf(settings?.profile);
  const findings =
    result.corruptions.length > 0 ? result.corruptions.map(corruptionFinding) : yield* problemFindings(result.pack, profile);
  if (choice?.fallback) findings.push(fallbackFinding(choice));
  yield;
  return sortFindings(withSeverities([...findings, ...(yield* controlFindings(result.pack.source))], settings?.severity));
}

/** Each run of control characters, an error where it is: upstream's decoder takes them as text, but no text holds one. */
function* controlFindings(source: string): Steps<Finding[]> {
  const runs = yield* controlRunsInSteps(source);
  if (runs.length === 0) return [];
  const lines = yield* LineIndex.inSteps(source);
  return runs.map((run) => ({ range: lines.rangeOf(run.start, run.end), severity: 'error', code: packCodes.controlCharacter, message: controlRunMessage(source, run, 'a prompt pack') }));
}

// On the directive that asked, else on the first line: a setting has no line of its own.
function fallbackFinding(choice: ProfileChoice): Finding {
  const range = choice.directiveRange ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return { range, severity: 'warning', code: packCodes.profileFallback, message: `profile \`${choice.requested}\` cannot be used: ${choice.fallback}` };
}

/** The user's per-code severities applied: `off` drops a finding, a level replaces its default. */
export function withSeverities(findings: readonly Finding[], overrides: PackSettings['severity'] = {}): Finding[] {
  const adjusted: Finding[] = [];
  for (const f of findings) {
    const level = Object.prototype.hasOwnProperty.call(overrides, f.code) ? overrides[f.code] : undefined;
    if (level === 'off') continue;
    adjusted.push(level ? { ...f, severity: level } : f);
  }
  return adjusted;
}

/** The `%% version` line, where whole-pack findings sit (the line every pack has once it decodes). */
export function versionLineRange(pack: Pack): Range {
  return { start: { line: pack.versionLine, character: 0 }, end: pack.versionRange.end };
}

export function corruptionMessage(c: Corruption): string {
  return `expected ${c.expected}, got: ${c.context}`;
}

function corruptionFinding(c: Corruption): Finding {
  return {
    range: c.range,
    severity: 'error',
    code: corruptionKinds[c.kind].code,
    message: corruptionMessage(c),
    ...(c.related.length > 0 && { related: c.related }),
  };
}

function* problemFindings(pack: Pack, profile: Profile): Steps<Finding[]> {
  const { corrupting, shaping } = yield* assessInSteps(pack, profile);
  const findings: Finding[] = [];
  const versionLine = versionLineRange(pack);
  const occurrences = new Map<string, Range[]>();
  for (const o of yield* placeholderOccurrencesInSteps(pack, profile)) {
    if (o.isBinding) continue;
    const key = `${o.section}\n${o.name}`;
    const ranges = occurrences.get(key);
    if (ranges) ranges.push(o.range);
    else occurrences.set(key, [o.range]);
  }
  const names = bindingNames(profile);
  for (const problem of [...corrupting, ...shaping]) {
    const level: Severity = severity(problem) === 'Corrupting' ? 'error' : 'warning';
    if (problem.kind === 'MissingSection') {
      const data: MissingSectionData = { name: problem.name };
      const fragment = problem.name.startsWith('_');
      findings.push({
        range: versionLine,
        severity: level,
        code: fragment ? packCodes.missingFragment : packCodes.missingSection,
        message: fragment ? missingFragmentMessage(problem.name, profile) : `missing section \`${problem.name}\` (canonical in ${profile.name})`,
        data,
      });
      continue;
    }
    const near = closest(problem.name, names);
    const data: UnknownPlaceholderData = {
      name: problem.name,
      section: problem.section,
      closest: near?.name,
      distance: near?.distance,
    };
    const message = unknownPlaceholderMessage(problem, profile, near);
    // Every occurrence, not only the first: fixing one must not reveal the next.
    for (const range of occurrences.get(`${problem.section}\n${problem.name}`) ?? []) {
      findings.push({ range, severity: level, code: packCodes.unknownPlaceholder, message, data });
    }
  }
  return findings;
}

function unknownPlaceholderMessage(
  problem: Extract<Problem, { kind: 'UnknownPlaceholder' }>,
  profile: Profile,
  near: { name: string; distance: number } | undefined,
): string {
  const base = `unknown placeholder \`{${problem.name}}\`: ${profile.name} binds no such name, so it renders empty`;
  return near && isCloseEnough(problem.name, near.distance) ? `${base} (did you mean \`{${near.name}}\`?)` : base;
}

// Close enough to be a misspelling rather than a different word.
function isCloseEnough(name: string, distance: number): boolean {
  return distance <= Math.max(2, Math.floor(name.length / 3));
}

/** The binding an unknown placeholder name is probably a misspelling of, or `undefined` when none is close. */
export function suggestedBinding(name: string, profile: ProfileName | Profile): string | undefined {
  const near = closest(name, bindingNames(profileOf(profile)));
  return near && isCloseEnough(name, near.distance) ? near.name : undefined;
}

function missingFragmentMessage(name: string, profile: Profile): string {
  const selection = selectionOf(profile, name);
  const usedBy = requiringPlaceholders(profile, name);
  const because = usedBy.length > 0 ? ` (${profile.name} requires it because the pack uses ${usedBy.map((p) => `\`{${p}}\``).join(', ')})` : '';
  if (selection) return `missing fragment \`${name}\`: \`{${selection.rule.name}}\` renders nothing ${describeCondition(selection.case.when)}${because}`;
  if (profile.guidanceCap?.truncationFragment === name) return `missing fragment \`${name}\`: cut repository guidance goes unannounced`;
  return `missing fragment \`${name}\``;
}
