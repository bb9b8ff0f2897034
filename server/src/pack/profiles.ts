// The workspace's profile files, as the client last sent them
// (`packs/workspaceProfiles`), and the profile each pack is judged under:
// its `%% # profile:` comment, else the setting, else the default. A
// profile file that is not valid never reaches a pack: the pack falls back
// to the default and says why (profileChoice.ts). The file itself gets the
// faults its JSON Schema cannot express as diagnostics, each at its range
// (VS Code's JSON support shows the schema's own beside them).

import type { Connection, Diagnostic } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { describePath } from '../../../src-shared/text/jsonPositions';
import { parseProfileFile } from '../../../src-shared/pack/profileFile';
import { isProfileName } from '../../../src-shared/pack/profiles';
import { chooseProfile, profileDirective, type ProfileChoice, type ProfileDirective, type ProfileFile } from '../../../src-shared/pack/profileChoice';
import { workspaceProfilesNotification, type WorkspaceProfileFile, type WorkspaceProfilesParams } from '../../../src-shared/protocol/pack';
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

/** The diagnostics of one profile file: what the schema cannot say, and a built-in's name taken. */
export function profileFileDiagnostics(file: ProfileFile): Diagnostic[] {
  const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const diagnostic = (range: Diagnostic['range'] | undefined, message: string): Diagnostic => ({
    range: range ?? at,
    severity: DiagnosticSeverity.Error,
    code: 'profile/invalid',
    source: 'packs-and-prompts',
    message,
  });
  if (file.result.ok) {
    const name = file.result.profile.name;
    return isProfileName(name) ? [diagnostic(undefined, `\`${name}\` is a built-in profile's name: packs naming it get the built-in, never this file; rename it`)] : [];
  }
  return file.result.errors
    .filter((e) => e.beyondSchema)
    .map((e) => diagnostic(e.range, describePath(e.path) === '' ? e.message : `${describePath(e.path)}: ${e.message}`));
}

/** `packs/workspaceProfiles`: the files read, their diagnostics published (and cleared for files gone), `changed` when packs must be judged again. */
export function registerProfileSupport(connection: Connection, profiles: PackProfiles, changed: () => void): void {
  let published = new Set<string>();
  connection.onNotification(workspaceProfilesNotification, (params: WorkspaceProfilesParams) => {
    if (!profiles.setWorkspace(params?.files ?? [])) return;
    const now = new Set<string>();
    for (const file of profiles.workspaceFiles()) {
      const diagnostics = profileFileDiagnostics(file);
      if (diagnostics.length === 0 && !published.has(file.uri)) continue;
      void connection.sendDiagnostics({ uri: file.uri, diagnostics });
      if (diagnostics.length > 0) now.add(file.uri);
    }
    for (const uri of published) if (!now.has(uri) && !profiles.workspaceFiles().some((f) => f.uri === uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    published = now;
    changed();
  });
}
