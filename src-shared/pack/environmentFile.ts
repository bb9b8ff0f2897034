// Environment files (`*.packenv.json`, FORMATS A.8): JSON text to an
// environment, or every error with the path of the field at fault. Pure, so
// the command line and the preview read them the same way. The JSON Schema
// in schemas/packenv.schema.json describes the same fields for editors.

import { closest } from '../text/editDistance';
import { enforcements, environment, networkPostures, type Enforcement, type Environment, type Network } from './environment';

export interface EnvironmentFileError {
  /** Where the fault is: `network.allow[1]`, `tools`, or `` for the file as a whole. */
  readonly path: string;
  readonly message: string;
}

export type EnvironmentFileResult =
  | { readonly ok: true; readonly name: string | null; readonly environment: Environment }
  | { readonly ok: false; readonly errors: readonly EnvironmentFileError[] };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Fields = Record<string, Json>;

/** The keys a file may hold, in the order the schema and the examples list them. */
export const environmentFileKeys = [
  '$schema',
  'name',
  'workspace',
  'platform',
  'shell',
  'tools',
  'available_tools',
  'enforcement',
  'network',
  'protected_paths',
  'repository_guidance',
] as const;

const requiredKeys = ['workspace', 'platform', 'shell', 'enforcement', 'network'] as const;

export function parseEnvironmentFile(text: string): EnvironmentFileResult {
  let value: Json;
  try {
    value = JSON.parse(typeof text === 'string' ? text : '') as Json;
  } catch (e) {
    return { ok: false, errors: [{ path: '', message: `not valid JSON: ${jsonErrorMessage(e, text)}` }] };
  }
  return environmentFromJson(value);
}

/** The same checks on an already parsed value. */
export function environmentFromJson(value: unknown): EnvironmentFileResult {
  const errors: EnvironmentFileError[] = [];
  const error = (path: string, message: string) => errors.push({ path, message });
  if (!isFields(value)) return { ok: false, errors: [{ path: '', message: 'must be a JSON object' }] };
  for (const key of Object.keys(value)) {
    if ((environmentFileKeys as readonly string[]).includes(key)) continue;
    const near = closest(key, environmentFileKeys);
    error(key, `unknown field${near && near.distance <= 3 ? ` (did you mean \`${near.name}\`?)` : ''}`);
  }
  for (const key of requiredKeys) if (!(key in value)) error(key, 'is required');

  const string = (key: string): string => {
    const v = value[key];
    if (v === undefined) return '';
    if (typeof v !== 'string') error(key, 'must be a string');
    return typeof v === 'string' ? v : '';
  };
  const list = (v: Json | undefined, path: string, oneLine = false): string[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v)) {
      error(path, 'must be a list of strings');
      return [];
    }
    v.forEach((item, i) => {
      if (typeof item !== 'string') error(`${path}[${i}]`, 'must be a string');
      else if (oneLine && item.includes('\n')) error(`${path}[${i}]`, 'must be one line');
    });
    return v.filter((item): item is string => typeof item === 'string');
  };

  const name = value['name'];
  if (name !== undefined && name !== null && typeof name !== 'string') error('name', 'must be a string');
  if (value['$schema'] !== undefined && typeof value['$schema'] !== 'string') error('$schema', 'must be a string');
  const workspace = string('workspace');
  const platform = string('platform');
  const shell = string('shell');
  const tools = list(value['tools'], 'tools');
  const availableTools = list(value['available_tools'], 'available_tools', true);
  const protectedPaths = list(value['protected_paths'], 'protected_paths');

  const enforcement = value['enforcement'];
  if (enforcement !== undefined && !(enforcements as readonly Json[]).includes(enforcement)) {
    error('enforcement', `must be one of ${enforcements.map((e) => `"${e}"`).join(', ')}`);
  }
  const network = readNetwork(value['network'], list, error);

  const guidance = value['repository_guidance'];
  if (guidance !== undefined && guidance !== null && typeof guidance !== 'string') {
    error('repository_guidance', 'must be a string or null');
  }

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    name: typeof name === 'string' ? name : null,
    environment: environment({
      workspace,
      platform,
      shell,
      tools,
      availableTools,
      enforcement: enforcement as Enforcement,
      network,
      protectedPaths,
      repositoryGuidance: typeof guidance === 'string' ? guidance : null,
    }),
  };
}

function readNetwork(
  v: Json | undefined,
  list: (v: Json | undefined, path: string) => string[],
  error: (path: string, message: string) => void,
): Network {
  if (v === undefined) return { posture: 'blocked' };
  if (!isFields(v)) {
    error('network', 'must be an object with a `posture`');
    return { posture: 'blocked' };
  }
  for (const key of Object.keys(v)) if (key !== 'posture' && key !== 'allow') error(`network.${key}`, 'unknown field');
  const posture = v['posture'];
  if (!(networkPostures as readonly Json[]).includes(posture ?? null)) {
    error('network.posture', `must be one of ${networkPostures.map((p) => `"${p}"`).join(', ')}`);
    return { posture: 'blocked' };
  }
  if (posture === 'proxied') return { posture, allow: list(v['allow'], 'network.allow') };
  if (v['allow'] !== undefined) error('network.allow', `only a proxied network has an allow list (posture is ${JSON.stringify(posture)})`);
  return posture === 'open' ? { posture: 'open' } : { posture: 'blocked' };
}

function isFields(v: unknown): v is Fields {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// JSON.parse reports an offset ("at position 11"); people want a line and column.
function jsonErrorMessage(e: unknown, text: string): string {
  const message = e instanceof Error ? e.message : String(e);
  const m = /at position (\d+)/.exec(message);
  if (!m || typeof text !== 'string') return message;
  const offset = Number(m[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${message.replace(/ at position \d+.*$/, '')} at line ${line}, column ${column}`;
}

/** The errors in one line: `tools[1]: must be a string; network.posture: must be one of …`. */
export function describeEnvironmentErrors(errors: readonly EnvironmentFileError[]): string {
  return errors.map((e) => (e.path === '' ? e.message : `${e.path}: ${e.message}`)).join('; ');
}

/** An environment as file JSON (the inverse of `parseEnvironmentFile`), for presets and tests. */
export function environmentToJson(env: Environment, name: string | null = null): Record<string, unknown> {
  return {
    ...(name !== null && { name }),
    workspace: env.workspace,
    platform: env.platform,
    shell: env.shell,
    tools: [...env.tools],
    available_tools: [...env.availableTools],
    enforcement: env.enforcement,
    network: env.network.posture === 'proxied' ? { posture: 'proxied', allow: [...env.network.allow] } : { posture: env.network.posture },
    protected_paths: [...env.protectedPaths],
    repository_guidance: env.repositoryGuidance,
  };
}
