// The user settings, one typed read-only tree mirroring
// `contributes.configuration` in package.json. The server reads it per
// resource (section `packsAndPrompts`) and never keeps it in a global.

import type { SeverityLevel } from './finding';
import type { ExtraSecretPattern, SecretOptions } from './prompts/rules/checkSecrets';
import { defaultTokenizer, isTokenizerName, type TokenizerName } from './pack/tokens/tokenizers';

/** A built-in profile's name, a workspace profile's `name`, or a path to a `*.loomprofile.json`. */
export type ProfileName = string;

export interface PackSettings {
  readonly profile: ProfileName;
  /** Severity override per finding code; codes not listed keep their default. */
  readonly severity: Readonly<Record<string, SeverityLevel>>;
  /** The largest render, in UTF-8 bytes, for any preset or workspace environment; `null` when unchecked. */
  readonly maxRenderBytes: number | null;
  /** The tokenizer a render is counted with, and so whose provider's caching rule applies (pack/tokens/tokenizers.ts). */
  readonly tokenizer: TokenizerName;
}

export interface PromptsSettings {
  /** Unknown tool names are errors instead of warnings. */
  readonly strictUnknownTools: boolean;
  /** Severity per secret kind, a team's extra patterns, and (command line) every secret an error. */
  readonly secrets?: SecretOptions;
}

export interface Settings {
  readonly pack: PackSettings;
  readonly prompts: PromptsSettings;
  /** Files larger than this many megabytes (of UTF-8) are not checked at all (fileLimits.ts). */
  readonly maxFileSizeMB: number;
  /** The most outline symbols, folding ranges and workspace symbols computed for one request (the rest are left out, and the outline says so). */
  readonly maxItemsComputed: number;
}

export const defaultSettings: Settings = {
  pack: { profile: 'loom-9', severity: {}, maxRenderBytes: null, tokenizer: defaultTokenizer },
  prompts: { strictUnknownTools: false },
  maxFileSizeMB: 50,
  maxItemsComputed: 5000,
};

/**
 * The settings that can hide or soften a finding (severities, patterns, limits), under the
 * section: `capabilities.untrustedWorkspaces.restrictedConfigurations` lists each, and until
 * the workspace is trusted the server takes their defaults, so a cloned repository's
 * `.vscode/settings.json` cannot switch its own secret warnings off. `pack.profile` is not
 * here: a pack names its own profile in its text anyway.
 */
export const restrictedSettings = [
  'maxFileSizeMB',
  'maxItemsComputed',
  'pack.severity',
  'pack.maxRenderBytes',
  'prompts.strictUnknownTools',
  'prompts.secrets.severity',
  'prompts.secrets.extraPatterns',
] as const;

/**
 * Fills what a partial settings object (from the client, or none) leaves out. `trusted: false`:
 * the restricted settings keep their defaults, whatever the client sent.
 */
export function resolveSettings(raw: unknown, options: { readonly trusted: boolean } = { trusted: true }): Settings {
  const r = isObject(raw) ? (options.trusted ? raw : withoutRestricted(raw)) : {};
  const pack = isObject(r['pack']) ? r['pack'] : {};
  const prompts = isObject(r['prompts']) ? r['prompts'] : {};
  const profile = typeof pack['profile'] === 'string' && pack['profile'].trim() !== '' ? pack['profile'].trim() : defaultSettings.pack.profile;
  const severity: Record<string, SeverityLevel> = {};
  if (isObject(pack['severity'])) {
    for (const [code, level] of Object.entries(pack['severity'])) {
      if (isLevel(level)) severity[code] = level;
    }
  }
  return {
    pack: { profile, severity, maxRenderBytes: byteBudget(pack['maxRenderBytes']), tokenizer: isTokenizerName(pack['tokenizer']) ? pack['tokenizer'] : defaultTokenizer },
    prompts: { strictUnknownTools: prompts['strictUnknownTools'] === true, ...secretSettings(prompts['secrets']) },
    maxFileSizeMB: positive(r['maxFileSizeMB']) ?? defaultSettings.maxFileSizeMB,
    maxItemsComputed: count(r['maxItemsComputed']) ?? defaultSettings.maxItemsComputed,
  };
}

/** `prompts.secrets`: the levels that are levels, the patterns that have a kind and a pattern. */
function secretSettings(raw: unknown): { secrets?: SecretOptions } {
  if (!isObject(raw)) return {};
  const severity: Record<string, SeverityLevel> = {};
  if (isObject(raw['severity'])) {
    for (const [kind, level] of Object.entries(raw['severity'])) if (isLevel(level)) severity[kind] = level;
  }
  const extraPatterns: ExtraSecretPattern[] = [];
  for (const p of Array.isArray(raw['extraPatterns']) ? raw['extraPatterns'] : []) {
    if (!isObject(p) || typeof p['kind'] !== 'string' || typeof p['pattern'] !== 'string') continue;
    extraPatterns.push({ kind: p['kind'], pattern: p['pattern'], ...(typeof p['label'] === 'string' && { label: p['label'] }), ...(p['ignoreCase'] === true && { ignoreCase: true }) });
  }
  if (Object.keys(severity).length === 0 && extraPatterns.length === 0) return {};
  return { secrets: { ...(Object.keys(severity).length > 0 && { severity }), ...(extraPatterns.length > 0 && { extraPatterns }) } };
}

function isLevel(level: unknown): level is SeverityLevel {
  return level === 'error' || level === 'warning' || level === 'information' || level === 'off';
}

function positive(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
}

function count(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

/** A positive whole number of bytes; 0, null and anything else mean no budget. */
function byteBudget(v: unknown): number | null {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null;
}

function withoutRestricted(raw: Record<string, unknown>): Record<string, unknown> {
  const out = { ...raw };
  for (const key of restrictedSettings) {
    const parts = key.split('.');
    let node: Record<string, unknown> | undefined = out;
    for (const part of parts.slice(0, -1)) {
      const child: unknown = node[part];
      node = isObject(child) ? (node[part] = { ...child }) : undefined;
      if (!node) break;
    }
    if (node) delete node[parts[parts.length - 1]!];
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
