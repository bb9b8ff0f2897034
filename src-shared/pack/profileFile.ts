// Profile files (`*.loomprofile.json`): one Loom release's tables as JSON,
// validated into a `Profile` or into every error, each with the path of the
// field at fault and, when read from text, its exact range. The built-in
// profiles go through `profileFromJson` too. The JSON Schema in
// schemas/loomprofile.schema.json describes the same fields for editors.

import { closest } from '../text/editDistance';
import { describePath, parseJsonWithPositions, type JsonPath } from '../text/jsonPositions';
import { LineIndex } from '../text/lineIndex';
import { comparePositions, type Range } from '../text/range';
import { enforcements, networkPostures, type Enforcement } from './environment';
import type { Condition, ConditionalFragments, EnvironmentField, GuidanceCap, LiteralRule, Profile, SelectionCase, SelectionRule } from './profiles';

export interface ProfileFileError {
  readonly path: JsonPath;
  readonly message: string;
  /** A fault the JSON Schema cannot express (a name bound twice, a posture the profile lacks): the editor shows these beside the schema's. */
  readonly beyondSchema?: boolean;
  /** Where in the text, when the file was read from text. */
  readonly range?: Range;
}

export type ProfileFileResult =
  | { readonly ok: true; readonly profile: Profile }
  | { readonly ok: false; readonly errors: readonly ProfileFileError[]; readonly name?: string };

export const profileFileSuffix = '.loomprofile.json';

const topKeys = [
  '$schema',
  'name',
  'description',
  'source',
  'canonical_sections',
  'required_fragments',
  'required_when_used',
  'literal_bindings',
  'selections',
  'enforcements',
  'guidance_cap',
] as const;
const requiredTopKeys = ['name', 'canonical_sections', 'required_fragments', 'literal_bindings', 'selections', 'enforcements'] as const;

const fields: readonly EnvironmentField[] = ['workspace', 'platform', 'shell', 'tools', 'protected_paths', 'network_allow', 'available_tools', 'repository_guidance'];
const listValued: readonly string[] = ['tools', 'protected_paths', 'network_allow', 'available_tools'];
const presentFields = ['tools', 'protected_paths', 'available_tools', 'repository_guidance'] as const;
/** `by` shorthands: what a `fragments` table is keyed by. */
const byKinds = ['enforcement', 'network', 'protected_paths', 'available_tools', 'repository_guidance', 'tools'] as const;

const sectionName = /^[a-z0-9_]{1,64}$/;
const profileName = /^[a-z0-9._-]{1,64}$/;

type Fields = Record<string, unknown>;

/** Reads profile file text: JSON positions for every error. */
export function parseProfileFile(text: string): ProfileFileResult {
  const source = typeof text === 'string' ? text : '';
  const lines = new LineIndex(source);
  const parsed = parseJsonWithPositions(source);
  if (!parsed.ok) {
    const at = lines.positionAt(parsed.offset);
    return { ok: false, errors: [{ path: [], message: `not valid JSON: ${parsed.message}`, range: { start: at, end: at } }] };
  }
  const result = profileFromJson(parsed.value);
  if (result.ok) return result;
  const errors = result.errors.map((e) => {
    const span = nearestSpan(e.path, parsed.spanOf);
    if (!span) return e;
    const useKey = e.message.startsWith('unknown field') && span.key;
    const from = useKey ? span.key!.start : span.start;
    const to = useKey ? span.key!.end : span.end;
    return { ...e, range: { start: lines.positionAt(from), end: lines.positionAt(to) } };
  });
  // In reading order, the faults of fields that are there before the fields that are missing.
  const rank = (e: ProfileFileError) => (e.message === 'is required' ? 1 : 0);
  errors.sort((a, b) => rank(a) - rank(b) || (a.range && b.range ? comparePositions(a.range.start, b.range.start) : 0));
  return { ...result, errors };
}

// A required field that is missing has no span of its own: point at the object that lacks it.
function nearestSpan(path: JsonPath, spanOf: (p: JsonPath) => { start: number; end: number; key?: { start: number; end: number } } | undefined) {
  for (let n = path.length; n >= 0; n--) {
    const span = spanOf(path.slice(0, n));
    if (span) return n === path.length ? span : { start: span.start, end: Math.min(span.end, span.start + 1) };
  }
  return undefined;
}

/** The same checks on an already parsed value (the built-ins, bundled as JSON). */
export function profileFromJson(value: unknown): ProfileFileResult {
  const errors: ProfileFileError[] = [];
  const error: ErrorSink = (path, message, beyondSchema) => errors.push({ path, message, ...(beyondSchema && { beyondSchema }) });
  if (!isFields(value)) return { ok: false, errors: [{ path: [], message: 'must be a JSON object' }] };
  unknownKeys(value, topKeys, [], error);
  for (const key of requiredTopKeys) if (!(key in value)) error([key], 'is required');

  const name = value['name'];
  if (name !== undefined && (typeof name !== 'string' || !profileName.test(name))) error(['name'], 'must be 1-64 characters from [a-z0-9._-]');
  for (const key of ['description', 'source', '$schema'] as const) {
    if (value[key] !== undefined && typeof value[key] !== 'string') error([key], 'must be a string');
  }

  const canonical = names(value['canonical_sections'], ['canonical_sections'], 'section', error);
  const required = names(value['required_fragments'], ['required_fragments'], 'fragment', error);
  const postures = readEnforcements(value['enforcements'], error);
  const literals = readLiterals(value['literal_bindings'], error);
  const selections = readSelections(value['selections'], postures, error);
  const bindings = new Map<string, JsonPath>();
  for (const [i, l] of literals.entries()) bindings.set(l.name, ['literal_bindings', i, 'name']);
  for (const [i, s] of selections.entries()) {
    if (bindings.has(s.name)) error(['selections', i, 'name'], `\`${s.name}\` is already a literal binding`, true);
    else bindings.set(s.name, ['selections', i, 'name']);
  }
  const conditional = readConditional(value['required_when_used'], bindings, error);
  const cap = readCap(value['guidance_cap'], error);

  if (errors.length > 0) return { ok: false, errors, ...(typeof name === 'string' && { name }) };
  return {
    ok: true,
    profile: {
      name: name as string,
      description: typeof value['description'] === 'string' ? value['description'] : '',
      source: typeof value['source'] === 'string' ? value['source'] : '',
      canonicalSections: canonical,
      requiredFragments: required,
      requiredWhenUsed: conditional,
      literalBindings: literals,
      selections,
      enforcements: postures,
      guidanceCap: cap,
    },
  };
}

type ErrorSink = (path: JsonPath, message: string, beyondSchema?: boolean) => void;

function unknownKeys(value: Fields, allowed: readonly string[], at: JsonPath, error: ErrorSink): void {
  for (const key of Object.keys(value)) {
    if (allowed.includes(key)) continue;
    const near = closest(key, allowed);
    error([...at, key], `unknown field${near && near.distance <= 3 ? ` (did you mean \`${near.name}\`?)` : ''}`);
  }
}

/** A list of unique section names; fragments start with `_`, sections do not. */
function names(v: unknown, at: JsonPath, kind: 'section' | 'fragment', error: ErrorSink): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) {
    error(at, `must be a list of ${kind} names`);
    return [];
  }
  // A set, not the list searched again per item: a profile of many names is read in linear time.
  const kept = new Set<string>();
  v.forEach((item, i) => {
    const problem = nameProblem(item, kind);
    if (problem) error([...at, i], problem);
    else if (kept.has(item as string)) error([...at, i], `\`${String(item)}\` is listed twice`);
    else kept.add(item as string);
  });
  return [...kept];
}

function nameProblem(item: unknown, kind: 'section' | 'fragment' | 'binding'): string | undefined {
  if (typeof item !== 'string' || !sectionName.test(item)) return `must be a ${kind} name of 1-64 characters from [a-z0-9_]`;
  if (kind === 'fragment' && !item.startsWith('_')) return `a fragment's name starts with \`_\` (\`_${item}\`?)`;
  if (kind === 'section' && item.startsWith('_')) return `\`${item}\` is a fragment (it starts with \`_\`); list it under required_fragments`;
  return undefined;
}

function readEnforcements(v: unknown, error: ErrorSink): Enforcement[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length === 0) {
    error(['enforcements'], `must be a non-empty list of postures from ${quoted(enforcements)}`);
    return [];
  }
  const kept = new Set<Enforcement>();
  v.forEach((item, i) => {
    if (!(enforcements as readonly unknown[]).includes(item)) error(['enforcements', i], `must be one of ${quoted(enforcements)}`);
    else if (kept.has(item as Enforcement)) error(['enforcements', i], `\`${String(item)}\` is listed twice`);
    else kept.add(item as Enforcement);
  });
  return [...kept];
}

function readLiterals(v: unknown, error: ErrorSink): LiteralRule[] {
  const at = ['literal_bindings'];
  if (v === undefined) return [];
  if (!Array.isArray(v)) {
    error(at, 'must be a list of `{ "name", "from" }` objects');
    return [];
  }
  const kept: LiteralRule[] = [];
  const bound = new Set<string>();
  v.forEach((item, i) => {
    const here = [...at, i];
    if (!isFields(item)) return error(here, 'must be an object with `name` and `from`');
    unknownKeys(item, ['name', 'from', 'join', 'item_prefix', 'doc'], here, error);
    const name = bindingName(item['name'], [...here, 'name'], error);
    const from = item['from'];
    if (!(fields as readonly unknown[]).includes(from)) error([...here, 'from'], `must be one of ${quoted(fields)}`);
    for (const key of ['join', 'item_prefix', 'doc'] as const) {
      if (item[key] !== undefined && typeof item[key] !== 'string') error([...here, key], 'must be a string');
    }
    if ((item['join'] !== undefined || item['item_prefix'] !== undefined) && typeof from === 'string' && !listValued.includes(from) && (fields as readonly string[]).includes(from)) {
      error([...here, item['join'] !== undefined ? 'join' : 'item_prefix'], `\`${from}\` is not a list, so it has nothing to join`, true);
    }
    if (name === undefined || !(fields as readonly unknown[]).includes(from)) return;
    if (bound.has(name)) return error([...here, 'name'], `\`${name}\` is bound twice`, true);
    bound.add(name);
    kept.push({
      name,
      from: from as EnvironmentField,
      join: typeof item['join'] === 'string' ? item['join'] : ', ',
      itemPrefix: typeof item['item_prefix'] === 'string' ? item['item_prefix'] : '',
      ...(typeof item['doc'] === 'string' && { doc: item['doc'] }),
    });
  });
  return kept;
}

function bindingName(v: unknown, at: JsonPath, error: ErrorSink): string | undefined {
  const problem = nameProblem(v, 'binding');
  if (problem) {
    error(at, problem);
    return undefined;
  }
  return v as string;
}

function readSelections(v: unknown, postures: readonly Enforcement[], error: ErrorSink): SelectionRule[] {
  const at = ['selections'];
  if (v === undefined) return [];
  if (!Array.isArray(v)) {
    error(at, 'must be a list of selection bindings');
    return [];
  }
  const kept: SelectionRule[] = [];
  const bound = new Set<string>();
  v.forEach((item, i) => {
    const here = [...at, i];
    if (!isFields(item)) return error(here, 'must be an object with `name` and `cases` (or `by` and `fragments`)');
    unknownKeys(item, ['name', 'doc', 'by', 'fragments', 'cases'], here, error);
    const name = bindingName(item['name'], [...here, 'name'], error);
    if (item['doc'] !== undefined && typeof item['doc'] !== 'string') error([...here, 'doc'], 'must be a string');
    const hasCases = item['cases'] !== undefined;
    const hasTable = item['by'] !== undefined || item['fragments'] !== undefined;
    let cases: SelectionCase[] = [];
    if (hasCases && hasTable) error(here, 'give either `cases` or `by` with `fragments`, not both');
    else if (hasCases) cases = readCases(item['cases'], [...here, 'cases'], postures, error);
    else if (hasTable) cases = readTable(item, here, postures, error);
    else error(here, 'needs `cases` (or `by` with `fragments`)');
    if (name === undefined) return;
    if (bound.has(name)) return error([...here, 'name'], `\`${name}\` is bound twice`, true);
    bound.add(name);
    kept.push({ name, cases, ...(typeof item['doc'] === 'string' && { doc: item['doc'] }) });
  });
  return kept;
}

// `"by": "network", "fragments": { "blocked": "_network_blocked", … }`: a case per key.
function readTable(item: Fields, here: JsonPath, postures: readonly Enforcement[], error: ErrorSink): SelectionCase[] {
  const by = item['by'];
  const table = item['fragments'];
  if (!(byKinds as readonly unknown[]).includes(by)) {
    error([...here, 'by'], `must be one of ${quoted(byKinds)}`);
    return [];
  }
  if (!isFields(table)) {
    error([...here, 'fragments'], 'must be an object from key to fragment name');
    return [];
  }
  const keys: readonly string[] = by === 'enforcement' ? postures : by === 'network' ? networkPostures : ['present'];
  const cases: SelectionCase[] = [];
  for (const [key, fragment] of Object.entries(table)) {
    const at = [...here, 'fragments', key];
    if (!keys.includes(key)) {
      error(at, by === 'enforcement' && (enforcements as readonly string[]).includes(key) ? `\`${key}\` is not in this profile's \`enforcements\`` : `unknown key: must be one of ${quoted(keys)}`, true);
      continue;
    }
    const problem = nameProblem(fragment, 'fragment');
    if (problem) {
      error(at, problem);
      continue;
    }
    const when: Condition =
      by === 'enforcement'
        ? { kind: 'enforcement', value: key as Enforcement }
        : by === 'network'
          ? { kind: 'network', value: key as (typeof networkPostures)[number] }
          : { kind: 'present', field: by as (typeof presentFields)[number] };
    cases.push({ when, fragment: fragment as string });
  }
  return cases;
}

function readCases(v: unknown, at: JsonPath, postures: readonly Enforcement[], error: ErrorSink): SelectionCase[] {
  if (!Array.isArray(v)) {
    error(at, 'must be a list of `{ "when", "fragment" }` cases');
    return [];
  }
  const cases: SelectionCase[] = [];
  v.forEach((item, i) => {
    const here = [...at, i];
    if (!isFields(item)) return error(here, 'must be an object with `when` and `fragment`');
    unknownKeys(item, ['when', 'fragment'], here, error);
    const when = readCondition(item['when'], [...here, 'when'], postures, error);
    const problem = nameProblem(item['fragment'], 'fragment');
    if (problem) error([...here, 'fragment'], problem);
    if (when && !problem) cases.push({ when, fragment: item['fragment'] as string });
  });
  return cases;
}

const conditionKeys = ['enforcement', 'network', 'present', 'tool'] as const;

function readCondition(v: unknown, at: JsonPath, postures: readonly Enforcement[], error: ErrorSink): Condition | undefined {
  const shape = `must be an object with one of ${conditionKeys.map((k) => `\`${k}\``).join(', ')}`;
  if (!isFields(v)) return void error(at, shape);
  const keys = Object.keys(v);
  if (keys.length !== 1) return void error(at, shape);
  const key = keys[0]!;
  const value = v[key];
  const here = [...at, key];
  switch (key) {
    case 'enforcement':
      if (!(postures as readonly unknown[]).includes(value)) return void error(here, `must be one of this profile's enforcements: ${quoted(postures)}`, (enforcements as readonly unknown[]).includes(value));
      return { kind: 'enforcement', value: value as Enforcement };
    case 'network':
      if (!(networkPostures as readonly unknown[]).includes(value)) return void error(here, `must be one of ${quoted(networkPostures)}`);
      return { kind: 'network', value: value as (typeof networkPostures)[number] };
    case 'present':
      if (!(presentFields as readonly unknown[]).includes(value)) return void error(here, `must be one of ${quoted(presentFields)}`);
      return { kind: 'present', field: value as (typeof presentFields)[number] };
    case 'tool':
      if (typeof value !== 'string' || value.trim() === '') return void error(here, 'must be a tool name');
      return { kind: 'tool', name: value.trim() };
    default: {
      const near = closest(key, conditionKeys);
      return void error(here, `unknown condition${near && near.distance <= 3 ? ` (did you mean \`${near.name}\`?)` : ''}: ${shape.replace('must be an object with ', 'use ')}`);
    }
  }
}

function readConditional(v: unknown, bindings: ReadonlyMap<string, JsonPath>, error: ErrorSink): ConditionalFragments[] {
  const at = ['required_when_used'];
  if (v === undefined) return [];
  if (!Array.isArray(v)) {
    error(at, 'must be a list of `{ "placeholder", "fragments" }` objects');
    return [];
  }
  const kept: ConditionalFragments[] = [];
  v.forEach((item, i) => {
    const here = [...at, i];
    if (!isFields(item)) return error(here, 'must be an object with `placeholder` and `fragments`');
    unknownKeys(item, ['placeholder', 'fragments'], here, error);
    const placeholder = item['placeholder'];
    if (typeof placeholder !== 'string' || !bindings.has(placeholder)) {
      error([...here, 'placeholder'], `must name a binding of this profile${typeof placeholder === 'string' ? ` (\`${placeholder}\` is none)` : ''}`, typeof placeholder === 'string');
    }
    const fragments = names(item['fragments'], [...here, 'fragments'], 'fragment', error);
    if (typeof placeholder === 'string') kept.push({ placeholder, fragments });
  });
  return kept;
}

function readCap(v: unknown, error: ErrorSink): GuidanceCap | null {
  if (v === undefined || v === null) return null;
  if (!isFields(v)) {
    error(['guidance_cap'], 'must be null or `{ "bytes", "truncation_fragment" }`');
    return null;
  }
  unknownKeys(v, ['bytes', 'truncation_fragment'], ['guidance_cap'], error);
  const bytes = v['bytes'];
  if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes <= 0) error(['guidance_cap', 'bytes'], 'must be a positive whole number of bytes');
  const problem = nameProblem(v['truncation_fragment'], 'fragment');
  if (problem) error(['guidance_cap', 'truncation_fragment'], problem);
  return problem || typeof bytes !== 'number' ? null : { bytes, truncationFragment: v['truncation_fragment'] as string };
}

function quoted(values: readonly string[]): string {
  return values.map((v) => `"${v}"`).join(', ');
}

function isFields(v: unknown): v is Fields {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One line per error: `3:18 selections[1].by: must be one of …`. */
export function describeProfileErrors(errors: readonly ProfileFileError[], limit = 3): string {
  const shown = errors.slice(0, limit).map((e) => {
    const where = e.range ? `line ${e.range.start.line + 1}, column ${e.range.start.character + 1}: ` : '';
    const path = describePath(e.path);
    return `${where}${path === '' ? '' : `${path}: `}${e.message}`;
  });
  return errors.length > limit ? `${shown.join('; ')}; and ${errors.length - limit} more` : shown.join('; ');
}
