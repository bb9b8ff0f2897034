// The profiles: what a complete pack carries and what its placeholders may
// name, one table per Loom release line. Upstream has changed these lists
// several times, so they are data that `problems`, `render` and the editor
// read, never branches in code.

import type { ProfileName } from '../settings';
import type { Enforcement } from './environment';

export type { ProfileName };

/** Bindings whose value is plain text taken from the environment. */
export type LiteralBinding =
  | 'workspace'
  | 'platform'
  | 'shell'
  | 'tools'
  | 'protected_paths'
  | 'network_allow'
  | 'available_tools_list'
  | 'repository_guidance_text';

/** What a selection binding chooses its fragment by; each selector yields a key of the rule's `fragments` table. */
export type Selector =
  /** The enforcement posture: `FullyEnforced`, `PlatformEnforced`, `DegradedRefusing`, `BestEffort`. */
  | 'enforcement'
  /** The network posture: `blocked`, `proxied`, `open`. */
  | 'network'
  /** `present` when the environment has protected paths. */
  | 'protected_paths'
  /** `present` when the environment has tool snippets. */
  | 'available_tools'
  /** `present` when the environment has repository guidance. */
  | 'repository_guidance';

/** A binding that renders a fragment chosen by the environment; a key with no entry renders empty. */
export interface SelectionRule {
  readonly name: string;
  readonly by: Selector;
  readonly fragments: Readonly<Record<string, string>>;
}

export interface GuidanceCap {
  /** Bytes of guidance kept, on a line boundary (each line costs its bytes plus one). */
  readonly bytes: number;
  /** Whose body follows a cut guidance, after a blank line. */
  readonly truncationFragment: string;
}

export interface Profile {
  readonly name: ProfileName;
  readonly canonicalSections: readonly string[];
  readonly requiredFragments: readonly string[];
  readonly literalBindings: readonly LiteralBinding[];
  readonly selections: readonly SelectionRule[];
  /** The postures this release knows; any other selects no enforcement fragment. */
  readonly enforcements: readonly Enforcement[];
  /** `null`: guidance is inserted whole. */
  readonly guidanceCap: GuidanceCap | null;
}

const enforcementFragments = {
  FullyEnforced: '_enforcement_enforced',
  PlatformEnforced: '_enforcement_platform',
  DegradedRefusing: '_enforcement_degraded',
  BestEffort: '_enforcement_best_effort',
} as const;

const networkRule: SelectionRule = {
  name: 'network',
  by: 'network',
  fragments: { blocked: '_network_blocked', proxied: '_network_proxied', open: '_network_open' },
};
const protectedRule: SelectionRule = { name: 'protected', by: 'protected_paths', fragments: { present: '_protected_paths' } };
const guidanceRule: SelectionRule = {
  name: 'repository_guidance',
  by: 'repository_guidance',
  fragments: { present: '_repository_guidance' },
};

const loom9: Profile = {
  name: 'loom-9',
  canonicalSections: [
    'identity',
    'tool_discipline',
    'available_tools',
    'delegation',
    'conduct',
    'environment',
    'sandbox',
    'repository_guidance',
  ],
  requiredFragments: [
    '_enforcement_enforced',
    '_enforcement_platform',
    '_enforcement_degraded',
    '_enforcement_best_effort',
    '_network_blocked',
    '_network_proxied',
    '_network_open',
    '_protected_paths',
    '_available_tools',
    '_repository_guidance',
  ],
  literalBindings: [
    'workspace',
    'platform',
    'shell',
    'tools',
    'protected_paths',
    'network_allow',
    'available_tools_list',
    'repository_guidance_text',
  ],
  selections: [
    { name: 'enforcement', by: 'enforcement', fragments: enforcementFragments },
    networkRule,
    protectedRule,
    { name: 'available_tools', by: 'available_tools', fragments: { present: '_available_tools' } },
    guidanceRule,
  ],
  enforcements: ['FullyEnforced', 'PlatformEnforced', 'DegradedRefusing', 'BestEffort'],
  guidanceCap: null,
};

const loom1: Profile = {
  name: 'loom-1',
  canonicalSections: ['identity', 'tool_discipline', 'delegation', 'conduct', 'environment', 'sandbox', 'repository_guidance'],
  requiredFragments: [
    '_enforcement_enforced',
    '_enforcement_degraded',
    '_enforcement_best_effort',
    '_network_blocked',
    '_network_proxied',
    '_network_open',
    '_protected_paths',
    '_repository_guidance',
    '_repository_guidance_truncated',
  ],
  literalBindings: ['workspace', 'platform', 'shell', 'tools', 'protected_paths', 'network_allow', 'repository_guidance_text'],
  selections: [
    {
      name: 'enforcement',
      by: 'enforcement',
      fragments: {
        FullyEnforced: enforcementFragments.FullyEnforced,
        DegradedRefusing: enforcementFragments.DegradedRefusing,
        BestEffort: enforcementFragments.BestEffort,
      },
    },
    networkRule,
    protectedRule,
    guidanceRule,
  ],
  enforcements: ['FullyEnforced', 'DegradedRefusing', 'BestEffort'],
  guidanceCap: { bytes: 16_384, truncationFragment: '_repository_guidance_truncated' },
};

export const profiles: Readonly<Record<ProfileName, Profile>> = { 'loom-9': loom9, 'loom-1': loom1 };

export const profileNames: readonly ProfileName[] = ['loom-9', 'loom-1'];

export const defaultProfile: ProfileName = 'loom-9';

/** The named profile; anything unknown gets the default, so callers stay total. */
export function profileOf(name: ProfileName | Profile | undefined): Profile {
  if (typeof name === 'object' && name !== null) return name;
  return name === 'loom-1' ? loom1 : loom9;
}

export function isProfileName(value: unknown): value is ProfileName {
  return value === 'loom-9' || value === 'loom-1';
}

/** Every name a placeholder may use: literal bindings, then selections. */
export function bindingNames(profile: Profile): readonly string[] {
  return [...profile.literalBindings, ...profile.selections.map((s) => s.name)];
}

/** The selection rule that renders `fragment`, and the key it is chosen by; `undefined` when no binding selects it. */
export function selectionOf(profile: Profile, fragment: string): { readonly rule: SelectionRule; readonly key: string } | undefined {
  for (const rule of profile.selections) {
    for (const [key, name] of Object.entries(rule.fragments)) if (name === fragment) return { rule, key };
  }
  return undefined;
}
