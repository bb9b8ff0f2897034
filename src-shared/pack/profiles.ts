// The profiles: what a complete pack carries and what its placeholders may
// name, one table per Loom release. Upstream has changed these lists
// several times, so a release is data: a `*.loomprofile.json` file read by
// `profileFile.ts`. The built-in releases are such files too, bundled as
// JSON and read through the same validator as a workspace's own.

import type { Enforcement, NetworkPosture } from './environment';
import { profileFromJson } from './profileFile';
import loom1Json from './profiles/loom-1.loomprofile.json';
import loom9Json from './profiles/loom-9.loomprofile.json';
import loomRosterJson from './profiles/loom-roster.loomprofile.json';

/** A built-in profile's name, or the `name` of a workspace profile file. */
export type ProfileName = string;

/** The environment values a literal binding can take its text from. */
export const environmentFields = [
  'workspace',
  'platform',
  'shell',
  'tools',
  'protected_paths',
  'network_allow',
  'available_tools',
  'repository_guidance',
] as const;
export type EnvironmentField = (typeof environmentFields)[number];

/** The list-valued fields, which `present` conditions and `join` apply to. */
export const listFields = ['tools', 'protected_paths', 'network_allow', 'available_tools'] as const;

/** A binding whose value is plain text taken from the environment. */
export interface LiteralRule {
  readonly name: string;
  readonly from: EnvironmentField;
  /** Between list entries; `, ` unless the file says otherwise. */
  readonly join: string;
  /** Before each list entry (`- ` makes a bullet list). */
  readonly itemPrefix: string;
  readonly doc?: string;
}

/** When a selection case applies. */
export type Condition =
  | { readonly kind: 'enforcement'; readonly value: Enforcement }
  | { readonly kind: 'network'; readonly value: NetworkPosture }
  /** The field is non-empty (for guidance: there is guidance). */
  | { readonly kind: 'present'; readonly field: 'tools' | 'protected_paths' | 'available_tools' | 'repository_guidance' }
  /** The environment's `tools` include this name. */
  | { readonly kind: 'tool'; readonly name: string };

export interface SelectionCase {
  readonly when: Condition;
  readonly fragment: string;
}

/** A binding that renders a fragment: the first case whose condition holds; none, and it renders empty. */
export interface SelectionRule {
  readonly name: string;
  readonly cases: readonly SelectionCase[];
  readonly doc?: string;
}

/** Fragments required only when some section uses a placeholder (upstream's `selected_fragments`). */
export interface ConditionalFragments {
  readonly placeholder: string;
  readonly fragments: readonly string[];
}

export interface GuidanceCap {
  /** Bytes of guidance kept, on a line boundary (each line costs its bytes plus one). */
  readonly bytes: number;
  /** Whose body follows a cut guidance, after a blank line. */
  readonly truncationFragment: string;
}

export interface Profile {
  readonly name: ProfileName;
  readonly description: string;
  /** Where the tables come from (an upstream commit), for hovers and the README. */
  readonly source: string;
  readonly canonicalSections: readonly string[];
  readonly requiredFragments: readonly string[];
  readonly requiredWhenUsed: readonly ConditionalFragments[];
  readonly literalBindings: readonly LiteralRule[];
  readonly selections: readonly SelectionRule[];
  /** The postures this release knows; any other selects no enforcement fragment. */
  readonly enforcements: readonly Enforcement[];
  /** `null`: guidance is inserted whole. */
  readonly guidanceCap: GuidanceCap | null;
}

function builtin(json: unknown, file: string): Profile {
  const read = profileFromJson(json);
  // A unit test reads every built-in file; this only guards a broken build.
  if (!read.ok) throw new Error(`built-in profile ${file} is invalid: ${read.errors.map((e) => `${e.path.join('.')}: ${e.message}`).join('; ')}`);
  return read.profile;
}

/** The built-in releases, newest first after the default. */
export const builtinProfiles: readonly Profile[] = [
  builtin(loom9Json, 'loom-9.loomprofile.json'),
  builtin(loomRosterJson, 'loom-roster.loomprofile.json'),
  builtin(loom1Json, 'loom-1.loomprofile.json'),
];

export const profiles: Readonly<Record<string, Profile>> = Object.fromEntries(builtinProfiles.map((p) => [p.name, p]));

export const profileNames: readonly ProfileName[] = builtinProfiles.map((p) => p.name);

export const defaultProfile: ProfileName = 'loom-9';

/** The named built-in profile (or the profile itself); anything unknown gets the default, so callers stay total. */
export function profileOf(name: ProfileName | Profile | undefined): Profile {
  if (typeof name === 'object' && name !== null) return name;
  return (typeof name === 'string' && Object.prototype.hasOwnProperty.call(profiles, name) ? profiles[name] : undefined) ?? profiles[defaultProfile]!;
}

/** A built-in profile's name. */
export function isProfileName(value: unknown): boolean {
  return typeof value === 'string' && profileNames.includes(value);
}

/** Every name a placeholder may use: literal bindings, then selections. */
export function bindingNames(profile: Profile): readonly string[] {
  return [...profile.literalBindings.map((l) => l.name), ...profile.selections.map((s) => s.name)];
}

export function isLiteralBinding(profile: Profile, name: string): boolean {
  return profile.literalBindings.some((l) => l.name === name);
}

/** The selection rule that renders `fragment`, and its first case that does; `undefined` when no binding selects it. */
export function selectionOf(profile: Profile, fragment: string): { readonly rule: SelectionRule; readonly case: SelectionCase } | undefined {
  for (const rule of profile.selections) {
    for (const c of rule.cases) if (c.fragment === fragment) return { rule, case: c };
  }
  return undefined;
}

/** The placeholders that make `fragment` required, when it is required only on use. */
export function requiringPlaceholders(profile: Profile, fragment: string): string[] {
  return profile.requiredWhenUsed.filter((r) => r.fragments.includes(fragment)).map((r) => r.placeholder);
}
