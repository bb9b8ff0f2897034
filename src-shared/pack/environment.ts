// The environment a pack renders against: nine fields, nothing numeric, so
// no clock or counter can reach the rendered bytes. Built only through
// `environment`, which normalises the lists so that the same facts in any
// order render the same prompt.

import { trim, isBlank } from './whitespace';

export const enforcements = ['FullyEnforced', 'PlatformEnforced', 'DegradedRefusing', 'BestEffort'] as const;
export type Enforcement = (typeof enforcements)[number];

export const networkPostures = ['blocked', 'proxied', 'open'] as const;
export type NetworkPosture = (typeof networkPostures)[number];

export type Network =
  | { readonly posture: 'blocked' }
  | { readonly posture: 'proxied'; readonly allow: readonly string[] }
  | { readonly posture: 'open' };

export interface Environment {
  readonly workspace: string;
  readonly platform: string;
  readonly shell: string;
  /** Sorted, unique, trimmed, no empties. */
  readonly tools: readonly string[];
  /** One-line snippets in the caller's order: unique, trimmed, no empties. */
  readonly availableTools: readonly string[];
  readonly enforcement: Enforcement;
  /** A proxied allow list is sorted and unique like `tools`. */
  readonly network: Network;
  /** Sorted, unique, trimmed, no empties. */
  readonly protectedPaths: readonly string[];
  /** `null` when there is none; whitespace-only guidance counts as none. Otherwise kept whole. */
  readonly repositoryGuidance: string | null;
}

export interface EnvironmentInput {
  readonly workspace: string;
  readonly platform: string;
  readonly shell: string;
  readonly tools?: readonly string[];
  readonly availableTools?: readonly string[];
  readonly enforcement: Enforcement;
  readonly network: Network;
  readonly protectedPaths?: readonly string[];
  readonly repositoryGuidance?: string | null;
}

export function environment(input: EnvironmentInput): Environment {
  const network: Network =
    input.network?.posture === 'proxied'
      ? { posture: 'proxied', allow: sortedSet(input.network.allow) }
      : input.network?.posture === 'open'
        ? { posture: 'open' }
        : { posture: 'blocked' };
  const guidance = input.repositoryGuidance;
  return {
    workspace: text(input.workspace),
    platform: text(input.platform),
    shell: text(input.shell),
    tools: sortedSet(input.tools),
    availableTools: orderedSet(input.availableTools),
    enforcement: input.enforcement,
    network,
    protectedPaths: sortedSet(input.protectedPaths),
    repositoryGuidance: typeof guidance === 'string' && !isBlank(guidance) ? guidance : null,
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function entries(values: readonly string[] | undefined): string[] {
  if (!Array.isArray(values)) return [];
  const kept: string[] = [];
  for (const v of values) {
    const t = typeof v === 'string' ? trim(v) : '';
    if (t !== '') kept.push(t);
  }
  return kept;
}

/** Trimmed, empties dropped, sorted by code point (upstream compares UTF-8 bytes), unique. */
function sortedSet(values: readonly string[] | undefined): string[] {
  const sorted = entries(values).sort(compareCodePoints);
  return sorted.filter((v, i) => i === 0 || v !== sorted[i - 1]);
}

/** Trimmed, empties dropped, unique, first occurrence kept in place. */
function orderedSet(values: readonly string[] | undefined): string[] {
  return [...new Set(entries(values))];
}

/**
 * Code-point order, which is UTF-8 byte order. Plain `<` compares UTF-16
 * units and puts astral characters (surrogate pairs) before U+E000-U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x < 0xe000 ? x + 0x2000 : x - 0x800;
      y = y < 0xe000 ? y + 0x2000 : y - 0x800;
    }
    return x - y;
  }
  return a.length - b.length;
}
