// The environments a pack can render against: the built-in presets and
// every `*.packenv.json` in the workspace (found at start, then watched,
// and read from the open editor while one is being edited; in restricted
// mode only those open in an editor, until the workspace is trusted). The choice is
// remembered per pack in the workspace state and told to the server
// (`packs/setEnvironment`) whenever a pack opens or its environment changes;
// the valid files are told to it as a list (`packs/workspaceEnvironments`),
// since every pack's render discipline is judged in each of them.

import { baseName } from '../../src-shared/text/uriPath';
import * as vscode from 'vscode';
import { type BaseLanguageClient as LanguageClient, State } from 'vscode-languageclient';
import { describeEnvironmentErrors, environmentToJson, parseEnvironmentFile } from '../../src-shared/pack/environmentFile';
import type { Environment } from '../../src-shared/pack/environment';
import { environmentPresets } from '../../src-shared/pack/presets';
import { formatCount } from '../../src-shared/pack/summary';
import { languageIds } from '../../src-shared/protocol/common';
import {
  setEnvironmentNotification,
  workspaceEnvironmentsNotification,
  type EnvironmentRef,
  type SetEnvironmentParams,
  type WorkspaceEnvironmentsParams,
} from '../../src-shared/protocol/pack';

export interface EnvironmentEntry {
  readonly ref: EnvironmentRef;
  /** Where it comes from: `built-in` or the file's workspace-relative path. */
  readonly origin: string;
  /** One line about what it holds, for the picker. */
  readonly summary: string;
  /** Set for a file that is not a valid environment: it cannot be chosen. */
  readonly error?: string;
}

const filePattern = '**/*.packenv.json';
/** The presets' origin (a file's is its path). */
const builtIn = 'built-in';
const mementoKey = 'packsAndPrompts.environmentByPack';

export class Environments implements vscode.Disposable {
  private readonly files = new Map<string, EnvironmentEntry>();
  /** Per pack: the profile that judged it and the postures it knows, as the server last said. */
  private readonly postures = new Map<string, { readonly profile: string; readonly postures: readonly string[] }>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[] = [this.changed];
  /** Fires when the list changes, a file's content changes, or a pack's choice changes. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly client: LanguageClient,
    private readonly memento: vscode.Memento,
  ) {}

  async start(): Promise<void> {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (isEnvironmentFile(e.document.uri)) this.setFile(e.document.uri, e.document.getText());
      }),
      vscode.workspace.onDidOpenTextDocument((d) => {
        if (d.languageId === languageIds.pack) this.tellServer(d.uri.toString());
        else if (isEnvironmentFile(d.uri) && !vscode.workspace.isTrusted) this.setFile(d.uri, d.getText());
      }),
      this.onDidChange(() => this.tellServerAll()),
      // A restarted server (after a crash) knows no environment nor any pack's choice: it hears them all again.
      this.client.onDidChangeState((e) => e.newState === State.Running && this.tellServerAll()),
    );
    if (vscode.workspace.isTrusted) await this.discover();
    else {
      // Restricted mode reads no file that is not open: the environment files open in an editor count until trust is granted.
      for (const d of vscode.workspace.textDocuments) if (isEnvironmentFile(d.uri)) this.setFile(d.uri, d.getText(), false);
      this.subscriptions.push(
        vscode.workspace.onDidGrantWorkspaceTrust(async () => {
          await this.discover();
          this.changed.fire();
        }),
      );
    }
    this.tellServerAll();
  }

  /** Every `*.packenv.json` of the workspace, read from disk (or its open editor), then watched. */
  private async discover(): Promise<void> {
    const watcher = vscode.workspace.createFileSystemWatcher(filePattern);
    this.subscriptions.push(
      watcher,
      watcher.onDidCreate((uri) => void this.readFile(uri)),
      watcher.onDidChange((uri) => void this.readFile(uri)),
      watcher.onDidDelete((uri) => this.dropFile(uri)),
    );
    const found = await vscode.workspace.findFiles(filePattern, '**/node_modules/**');
    await Promise.all(found.map((uri) => this.readFile(uri, false)));
  }

  /** Presets first, then files by path. */
  entries(): EnvironmentEntry[] {
    const presets = environmentPresets.map((p) => ({
      ref: { id: `preset:${p.id}`, label: p.name, fields: environmentToJson(p.environment) },
      origin: builtIn,
      summary: describe(p.environment),
    }));
    const files = [...this.files.values()].sort((a, b) => a.origin.localeCompare(b.origin));
    return [...presets, ...files];
  }

  find(id: string): EnvironmentEntry | undefined {
    return this.entries().find((e) => e.ref.id === id && e.error === undefined);
  }

  /** The pack's remembered environment, or the first preset when none is remembered or it is gone or broken. */
  current(packUri: string): EnvironmentRef {
    const remembered = this.memento.get<Record<string, string>>(mementoKey, {})[packUri];
    return (remembered !== undefined ? this.find(remembered)?.ref : undefined) ?? this.entries()[0]!.ref;
  }

  async choose(packUri: string, id: string): Promise<void> {
    const all = { ...this.memento.get<Record<string, string>>(mementoKey, {}), [packUri]: id };
    await this.memento.update(mementoKey, all);
    this.changed.fire();
  }

  /** The pack's profile and its postures (from the status bar's summary), which the picker marks environments against. */
  setProfilePostures(packUri: string, profile: string, postures: readonly string[] | undefined): void {
    if (postures) this.postures.set(packUri, { profile, postures });
  }

  /** Why `entry` renders `{enforcement}` empty under the pack's profile, or undefined when it does not. */
  postureGap(packUri: string, entry: EnvironmentEntry): string | undefined {
    const known = this.postures.get(packUri);
    const enforcement = (entry.ref.fields as { enforcement?: unknown } | null)?.enforcement;
    if (!known || typeof enforcement !== 'string' || known.postures.includes(enforcement)) return undefined;
    return vscode.l10n.t('{0} has no {1} posture', known.profile, enforcement);
  }

  /** The quick pick; resolves with the chosen entry once it is in effect, or `undefined` when dismissed. */
  async pick(packUri: string, placeHolder = vscode.l10n.t('Environment to render this pack against')): Promise<EnvironmentEntry | undefined> {
    const entry = await this.pickEntry(placeHolder, this.current(packUri).id, packUri);
    if (entry) await this.choose(packUri, entry.ref.id);
    return entry;
  }

  /**
   * A quick pick over the environments, without remembering anything,
   * marked against `packUri`'s profile. It opens with `activeId`'s row
   * highlighted (default: the current one), so Enter keeps what is in effect.
   */
  async pickEntry(placeHolder: string, currentId?: string, packUri?: string, activeId = currentId): Promise<EnvironmentEntry | undefined> {
    type Item = vscode.QuickPickItem & { entry?: EnvironmentEntry };
    const items: Item[] = [];
    let lastOrigin: string | undefined;
    for (const entry of this.entries()) {
      const group = entry.origin === builtIn ? vscode.l10n.t('Built-in presets') : vscode.l10n.t('Workspace environment files');
      if (group !== lastOrigin) items.push({ label: group, kind: vscode.QuickPickItemKind.Separator });
      lastOrigin = group;
      // The environments follow the profile's postures: one it lacks renders {enforcement} empty, so it says so.
      const gap = packUri === undefined ? undefined : this.postureGap(packUri, entry);
      items.push({
        label: `${entry.error ? '$(warning) ' : entry.ref.id === currentId ? '$(check) ' : ''}${entry.ref.label}`,
        description: gap ? `${originLabel(entry)} · ${gap}` : originLabel(entry),
        detail: entry.error ?? entry.summary,
        entry,
      });
    }
    const chosen = await new Promise<Item | undefined>((resolve) => {
      const pick = vscode.window.createQuickPick<Item>();
      pick.placeholder = placeHolder;
      pick.matchOnDescription = true;
      pick.matchOnDetail = true;
      pick.items = items;
      const active = items.find((i) => i.entry !== undefined && i.entry.ref.id === activeId);
      if (active) pick.activeItems = [active];
      let accepted: Item | undefined;
      pick.onDidAccept(() => {
        accepted = pick.selectedItems[0] ?? pick.activeItems[0];
        pick.hide();
      });
      pick.onDidHide(() => {
        pick.dispose();
        resolve(accepted);
      });
      pick.show();
    });
    if (!chosen?.entry) return undefined;
    if (chosen.entry.error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} is not a valid environment: {1}', chosen.entry.origin, chosen.entry.error));
      return undefined;
    }
    return chosen.entry;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  private async readFile(uri: vscode.Uri, announce = true): Promise<void> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    let text: string;
    try {
      text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (e) {
      this.store(uri, { ok: false, error: vscode.l10n.t('cannot be read: {0}', e instanceof Error ? e.message : String(e)) }, announce);
      return;
    }
    this.setFile(uri, text, announce);
  }

  private setFile(uri: vscode.Uri, text: string, announce = true): void {
    const parsed = parseEnvironmentFile(text);
    this.store(uri, parsed.ok ? { ok: true, name: parsed.name, environment: parsed.environment } : { ok: false, error: describeEnvironmentErrors(parsed.errors) }, announce);
  }

  private store(uri: vscode.Uri, read: { ok: true; name: string | null; environment: Environment } | { ok: false; error: string }, announce: boolean): void {
    const id = `file:${uri.toString()}`;
    const origin = vscode.workspace.asRelativePath(uri);
    const fileName = baseName(uri.path);
    this.files.set(
      uri.toString(),
      read.ok
        ? { ref: { id, label: read.name ?? fileName, fields: environmentToJson(read.environment, read.name) }, origin, summary: describe(read.environment) }
        : { ref: { id, label: fileName, fields: null }, origin, summary: '', error: read.error },
    );
    if (announce) this.changed.fire();
  }

  private dropFile(uri: vscode.Uri): void {
    if (this.files.delete(uri.toString())) this.changed.fire();
  }

  private tellServer(packUri: string): void {
    const params: SetEnvironmentParams = { uri: packUri, environment: this.current(packUri) };
    void this.client.sendNotification(setEnvironmentNotification, params);
  }

  private tellServerAll(): void {
    for (const d of vscode.workspace.textDocuments) if (d.languageId === languageIds.pack) this.tellServer(d.uri.toString());
    // Every pack is judged in each valid file too (render discipline); the server ignores a list it already has.
    const params: WorkspaceEnvironmentsParams = { environments: [...this.files.values()].filter((e) => e.error === undefined).map((e) => e.ref) };
    void this.client.sendNotification(workspaceEnvironmentsNotification, params);
  }
}

/** Where an entry comes from, as the picker says it. */
function originLabel(entry: EnvironmentEntry): string {
  return entry.origin === builtIn ? vscode.l10n.t('built-in') : entry.origin;
}

function isEnvironmentFile(uri: vscode.Uri): boolean {
  return uri.path.endsWith('.packenv.json');
}

/** An environment's label cut to its head (`Linux workstation` of `Linux workstation: fully enforced, offline`), for tight places. */
export function shortLabel(label: string): string {
  const head = label.split(':')[0]!;
  return head.length > 40 ? `${head.slice(0, 39)}…` : head;
}

/** `FullyEnforced · network blocked · 5 tools · 3 protected paths · guidance` */
export function describe(env: Environment): string {
  const parts = [env.enforcement, vscode.l10n.t('network {0}', env.network.posture), env.platform];
  parts.push(env.tools.length === 0 ? vscode.l10n.t('no tools') : env.tools.length === 1 ? vscode.l10n.t('1 tool') : vscode.l10n.t('{0} tools', formatCount(env.tools.length)));
  if (env.availableTools.length > 0) parts.push(env.availableTools.length === 1 ? vscode.l10n.t('1 tool snippet') : vscode.l10n.t('{0} tool snippets', formatCount(env.availableTools.length)));
  if (env.protectedPaths.length > 0) parts.push(env.protectedPaths.length === 1 ? vscode.l10n.t('1 protected path') : vscode.l10n.t('{0} protected paths', formatCount(env.protectedPaths.length)));
  if (env.repositoryGuidance !== null) parts.push(vscode.l10n.t('guidance'));
  return parts.join(' · ');
}

export async function registerEnvironments(context: vscode.ExtensionContext, client: LanguageClient): Promise<Environments> {
  const environments = new Environments(client, context.workspaceState);
  context.subscriptions.push(environments);
  await environments.start();
  return environments;
}
