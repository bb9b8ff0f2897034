// Which profile judges a pack: the pack's own comment directive
// (`%% # profile: NAME|PATH`, a comment, so every decoder skips it), else
// the setting, else the default. A name is a built-in's or a workspace
// profile file's `name`; a path names a `*.loomprofile.json` (relative to
// the pack for the directive, to the workspace for the setting). When the
// chosen profile cannot be used, the pack is judged under the default and
// the choice says why, so a broken profile never breaks a pack.

import type { Range } from '../text/range';
import { describeProfileErrors, profileFileSuffix, type ProfileFileResult } from './profileFile';
import { defaultProfile, profileNames, profileOf, profiles, type Profile } from './profiles';

/** A workspace profile file as read. */
export interface ProfileFile {
  readonly uri: string;
  /** How people name it: workspace-relative (or as given on the command line). */
  readonly path: string;
  readonly result: ProfileFileResult;
}

export interface ProfileChoice {
  /** The profile the pack is judged under (the default when the requested one cannot be used). */
  readonly profile: Profile;
  /** Who asked for it. */
  readonly via: 'directive' | 'setting' | 'option' | 'default';
  /** What was asked for, as written. */
  readonly requested: string;
  /** Set when the requested profile could not be used: why, in one sentence. */
  readonly fallback?: string;
  /** The directive line, when the pack chose. */
  readonly directiveRange?: Range;
  /** The profile file it came from, when it came from one. */
  readonly file?: string;
}

export interface ProfileDirective {
  readonly value: string;
  readonly range: Range;
}

// `%% # profile: x` and `%%# profile:x`; only in column 0, like every directive. The value is
// trimmed in code: a lazy group before trailing blanks would backtrack quadratically on a long line.
const directivePattern = /^%%[ \t]*#[ \t]*profile[ \t]*:([^\r\n]*)/m;

/** The pack's first `%% # profile:` comment, if any. */
export function profileDirective(text: string): ProfileDirective | undefined {
  if (typeof text !== 'string') return undefined;
  const m = directivePattern.exec(text);
  const value = m?.[1]?.trim();
  if (!m || !value) return undefined;
  const line = countNewlines(text, m.index);
  return { value, range: { start: { line, character: 0 }, end: { line, character: m[0].length } } };
}

function countNewlines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export interface ProfileRequest {
  readonly directive?: ProfileDirective;
  /** The setting's value (or the command line's `--profile`). */
  readonly setting?: string;
  readonly settingVia?: 'setting' | 'option';
  /** The pack's URI, which a directive's relative path is resolved against. */
  readonly packUri?: string;
}

/** The profile a pack is judged under, and why. Total: anything unusable falls back to the default. */
export function chooseProfile(request: ProfileRequest, files: readonly ProfileFile[]): ProfileChoice {
  const { directive } = request;
  if (directive) {
    const base = request.packUri === undefined ? undefined : directoryOf(request.packUri);
    return choice(directive.value, 'directive', lookUp(directive.value, files, base), directive.range);
  }
  const setting = request.setting?.trim();
  if (setting && setting !== defaultProfile) return choice(setting, request.settingVia ?? 'setting', lookUp(setting, files, undefined));
  return { profile: profileOf(defaultProfile), via: 'default', requested: defaultProfile };
}

type LookUp = { ok: true; profile: Profile; file?: string } | { ok: false; reason: string };

function choice(requested: string, via: ProfileChoice['via'], found: LookUp, directiveRange?: Range): ProfileChoice {
  const base = { via, requested, ...(directiveRange && { directiveRange }) };
  if (found.ok) return { ...base, profile: found.profile, ...(found.file !== undefined && { file: found.file }) };
  return { ...base, profile: profileOf(defaultProfile), fallback: `${found.reason}; judged under ${defaultProfile} instead` };
}

function lookUp(requested: string, files: readonly ProfileFile[], base: string | undefined): LookUp {
  if (Object.prototype.hasOwnProperty.call(profiles, requested)) return { ok: true, profile: profiles[requested]! };
  if (requested.endsWith('.json') || requested.includes('/')) {
    const wanted = base === undefined ? undefined : resolveUri(base, requested);
    const file = files.find((f) => f.uri === wanted || f.uri === requested || f.path === requested || f.path === requested.replace(/^\.\//, ''));
    // The same words whether a file is missing or outside what may be read: never an oracle.
    if (!file) return { ok: false, reason: `no profile file \`${requested}\` inside the checked tree${requested.endsWith(profileFileSuffix) ? '' : ` (profile files end in \`${profileFileSuffix}\`)`}` };
    return fromFile(file);
  }
  const named = files.filter((f) => (f.result.ok ? f.result.profile.name : f.result.name) === requested);
  const file = named.find((f) => f.result.ok) ?? named[0];
  if (file) return fromFile(file);
  const known = [...profileNames, ...new Set(files.flatMap((f) => (f.result.ok ? [f.result.profile.name] : [])))];
  // A file too broken to have a name may be the one meant: say what is wrong with it.
  const nameless = files.filter((f) => !f.result.ok && f.result.name === undefined);
  const unread = nameless.map((f) => `${f.path} is not valid: ${f.result.ok ? '' : describeProfileErrors(f.result.errors, 1)}`);
  return { ok: false, reason: `no profile named \`${requested}\` (known: ${known.join(', ')})${unread.length > 0 ? `; ${unread.join('; ')}` : ''}` };
}

function fromFile(file: ProfileFile): LookUp {
  if (!file.result.ok) return { ok: false, reason: `profile file ${file.path} is not valid: ${describeProfileErrors(file.result.errors)}` };
  if (Object.prototype.hasOwnProperty.call(profiles, file.result.profile.name)) {
    return { ok: false, reason: `profile file ${file.path} is named \`${file.result.profile.name}\`, which is a built-in profile's name; rename it` };
  }
  return { ok: true, profile: file.result.profile, file: file.path };
}

function directoryOf(uri: string): string {
  const slash = uri.lastIndexOf('/');
  return slash === -1 ? '' : uri.slice(0, slash);
}

/** `file:///w/packs` + `../p/x.loomprofile.json` → `file:///w/p/x.loomprofile.json` (an absolute path keeps the scheme). */
export function resolveUri(base: string, relative: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(base)?.[0] ?? '';
  // A URI's segments are percent-encoded (VS Code writes a space as %20); the path a person typed is not.
  const typed = relative.split('/').map((s) => (scheme === '' || s === '..' || s === '.' ? s : encodeURIComponent(s)));
  const segments = relative.startsWith('/') ? typed : [...base.slice(scheme.length).split('/'), ...typed];
  const out: string[] = [];
  for (const s of segments) {
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return `${scheme}/${out.join('/')}`;
}

/** `pack judged under loom-roster (from the pack's profile comment)`: for hovers and tooltips. */
export function describeChoice(c: ProfileChoice): string {
  const from = c.file ? ` from ${c.file}` : '';
  if (c.fallback) return `${c.profile.name} (fallback: ${c.fallback})`;
  const why = { directive: "the pack's `%% # profile:` comment", setting: 'the packsAndPrompts.pack.profile setting', option: '--profile', default: 'the default' }[c.via];
  return `${c.profile.name}${from} (${why})`;
}
