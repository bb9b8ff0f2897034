// The workspace's profile files, as the client last sent them
// (`packs/workspaceProfiles`), and the profile each pack is judged under:
// its `%% # profile:` comment, else the setting, else the default. A
// profile file that is not valid never reaches a pack: the pack falls back
// to the default and says why (profileChoice.ts).

import { parseProfileFile } from '../../../src-shared/pack/profileFile';
import { chooseProfile, profileDirective, type ProfileChoice, type ProfileDirective, type ProfileFile } from '../../../src-shared/pack/profileChoice';
import type { WorkspaceProfileFile } from '../../../src-shared/protocol/pack';
import type { Settings } from '../../../src-shared/settings';
import type { PackModel } from './model';

export class PackProfiles {
  private files: readonly ProfileFile[] = [];
  private key = '[]';
  // A model is one document version, so its directive never changes.
  private readonly directives = new WeakMap<PackModel, ProfileDirective | null>();

  /** Replaces the workspace's files; false when they are the ones already held. */
  setWorkspace(files: readonly WorkspaceProfileFile[]): boolean {
    const valid = (Array.isArray(files) ? (files as unknown[]) : []).filter(isProfileFileMessage);
    const key = JSON.stringify(valid.map((f) => [f.uri, f.path, f.text]));
    if (key === this.key) return false;
    this.key = key;
    this.files = valid.map((f) => ({ uri: f.uri, path: f.path, result: parseProfileFile(f.text) }));
    return true;
  }

  workspaceFiles(): readonly ProfileFile[] {
    return this.files;
  }

  /** The same for a document's text, when no model is at hand. */
  chooseForText(text: string, settings: Settings, uri: string): ProfileChoice {
    const directive = profileDirective(text);
    return chooseProfile({ ...(directive && { directive }), setting: settings.pack.profile, packUri: uri }, this.files);
  }

  /** The profile `model` (the document at `uri`) is judged under. */
  choose(model: PackModel, settings: Settings, uri: string): ProfileChoice {
    let directive = this.directives.get(model);
    if (directive === undefined) {
      directive = profileDirective(model.lines.text) ?? null;
      this.directives.set(model, directive);
    }
    return chooseProfile({ ...(directive && { directive }), setting: settings.pack.profile, packUri: uri }, this.files);
  }
}

// The client's message, checked: a malformed one is ignored rather than trusted.
function isProfileFileMessage(f: unknown): f is WorkspaceProfileFile {
  if (typeof f !== 'object' || f === null) return false;
  const { uri, path, text } = f as Record<string, unknown>;
  return typeof uri === 'string' && typeof path === 'string' && typeof text === 'string';
}
