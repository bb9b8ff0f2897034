// Profiles on the command line: `--profile NAME|FILE` is what the editor's
// setting is (the profile for packs that do not name their own in a
// `%% # profile:` comment), and every `*.loomprofile.json` the walk of the
// command's directories finds is a workspace profile a name can pick, and
// a file `check` reports on, each error at its JSON position. A file the
// repository names or links (a pack's `%% # profile: PATH`, a profile file
// beside a pack) is read only inside the checked tree (checkedTree.ts);
// anything else is "no profile file", whether it exists or not.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sortFindings, type Finding } from '../../src-shared/finding';
import { chooseProfile, profileDirective, type ProfileChoice, type ProfileFile } from '../../src-shared/pack/profileChoice';
import { parseProfileFile, profileFileSuffix, type ProfileFileError } from '../../src-shared/pack/profileFile';
import { isProfileName, profileNames } from '../../src-shared/pack/profiles';
import { describePath } from '../../src-shared/text/jsonPositions';
import { UsageError } from './args';
import type { CheckedTree } from './checkedTree';
import { readFile } from './files';

export const profileInvalidCode = 'profile/invalid';

export function isProfileFile(file: string): boolean {
  return file.endsWith(profileFileSuffix);
}

export class CliProfiles {
  private readonly files = new Map<string, ProfileFile>();
  /** What `--profile` asks for: a built-in's or a read file's name. */
  private readonly setting: string | undefined;

  /**
   * `option`: `--profile`'s value; `walked`: the profile files the walk found; `tree`: where a
   * file the repository names may be read from. Throws a UsageError for a name no profile has.
   */
  constructor(
    option: string | undefined,
    walked: readonly string[],
    private readonly tree: CheckedTree,
  ) {
    for (const file of walked) this.loadInTree(file);
    if (option === undefined || isProfileName(option)) {
      this.setting = option;
      return;
    }
    const asFile = option.endsWith('.json') || option.includes('/') || option.includes(path.sep) ? this.load(option) : undefined;
    if (asFile) {
      // A file named on the command line that is not valid is the user's mistake to see now, not a quiet fallback.
      if (!asFile.result.ok) throw new ProfileOptionError(option, asFile);
      this.setting = asFile.uri;
      return;
    }
    const named = [...this.files.values()].find((f) => f.result.ok && f.result.profile.name === option);
    if (!named) {
      throw new UsageError(`unknown profile ${option} (built-in: ${profileNames.join(', ')}; or the path of a *${profileFileSuffix} file)`);
    }
    this.setting = option;
  }

  /** The profile a pack (its text, at `file`) is judged under. */
  choose(text: string, file: string): ProfileChoice {
    const directive = profileDirective(text);
    if (directive && !isProfileName(directive.value)) {
      if (directive.value.endsWith('.json') || directive.value.includes('/')) this.loadInTree(path.resolve(path.dirname(file), directive.value));
      // A name no file read so far has: the profile files beside the pack, as a workspace would hold them.
      else if (![...this.files.values()].some((f) => f.result.ok && f.result.profile.name === directive.value)) this.loadBeside(file);
    }
    return chooseProfile(
      { ...(directive && { directive }), ...(this.setting !== undefined && { setting: this.setting, settingVia: 'option' as const }), packUri: fileUri(file) },
      [...this.files.values()],
    );
  }

  private loadBeside(file: string): void {
    const folder = path.dirname(path.resolve(file));
    let names: string[];
    try {
      names = fs.readdirSync(folder);
    } catch {
      // An unreadable folder holds no profile: the pack falls back and says which name was not found.
      return;
    }
    for (const name of names) if (isProfileFile(name)) this.loadInTree(path.join(folder, name));
  }

  /** A file the repository chose: only a profile file inside the tree, else nothing is read and nothing said. */
  private loadInTree(file: string): void {
    if (isProfileFile(file) && this.tree.contains(file)) this.load(file);
  }

  private load(file: string): ProfileFile | undefined {
    const uri = fileUri(file);
    const known = this.files.get(uri);
    if (known) return known;
    const read = readFile(file, 16 * 1024 * 1024);
    const result = read.ok ? parseProfileFile(read.text) : { ok: false as const, errors: [{ path: [], message: `cannot be read: ${read.reason}` }] };
    const entry: ProfileFile = { uri, path: file, result };
    this.files.set(uri, entry);
    return entry;
  }
}

/** `--profile FILE` named a file that is not a valid profile: its errors, as `check` prints findings. */
export class ProfileOptionError extends Error {
  readonly findings: readonly Finding[];

  constructor(
    readonly option: string,
    readonly file: ProfileFile,
  ) {
    super(`--profile ${option}: not a valid profile file`);
    this.findings = file.result.ok ? [] : errorFindings(file.result.errors);
  }
}

/** Every error of a profile file, each at its JSON position. */
export function checkProfileFile(text: string): Finding[] {
  const result = parseProfileFile(text);
  return result.ok ? [] : sortFindings(errorFindings(result.errors));
}

function errorFindings(errors: readonly ProfileFileError[]): Finding[] {
  return errors.map((e) => ({
    range: e.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: 'error' as const,
    code: profileInvalidCode,
    message: e.path.length > 0 ? `${describePath(e.path)}: ${e.message}` : e.message,
  }));
}

function fileUri(file: string): string {
  return pathToFileURL(path.resolve(file)).href;
}
