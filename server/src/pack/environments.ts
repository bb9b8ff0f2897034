// The environment each open pack renders against, as the client last said
// (`packs/setEnvironment`). Until told, a pack gets the first built-in
// preset, the same default as the command line's `render`. Also every
// environment a pack is judged in (render discipline): the presets and
// the workspace's files (`packs/workspaceEnvironments`).

import type { Environment } from '../../../src-shared/pack/environment';
import { describeEnvironmentErrors, environmentFromJson, environmentToJson } from '../../../src-shared/pack/environmentFile';
import { presetEnvironments } from '../../../src-shared/pack/renderDiscipline';
import type { EnvironmentRef } from '../../../src-shared/protocol/pack';

/** An environment ready to render with, and how the client names it. */
export interface NamedEnvironment {
  readonly id: string;
  readonly label: string;
  readonly environment: Environment;
}

export const defaultEnvironment: NamedEnvironment = presetEnvironments[0]!;

/** The reference the client would send for the default, for tests and symmetry. */
export function defaultEnvironmentRef(): EnvironmentRef {
  return { id: defaultEnvironment.id, label: defaultEnvironment.label, fields: environmentToJson(defaultEnvironment.environment) };
}

/** The environment a reference describes, or the reasons it does not describe one. */
export function resolveEnvironment(ref: EnvironmentRef): { ok: true; value: NamedEnvironment } | { ok: false; message: string } {
  const parsed = environmentFromJson(ref?.fields);
  if (!parsed.ok) {
    return { ok: false, message: describeEnvironmentErrors(parsed.errors) };
  }
  return { ok: true, value: { id: String(ref.id), label: String(ref.label), environment: parsed.environment } };
}

export class PackEnvironments {
  private readonly byUri = new Map<string, NamedEnvironment>();
  private workspace: readonly NamedEnvironment[] = [];
  private workspaceKey = '[]';

  /** The presets, then the workspace's environment files. */
  judged(): readonly NamedEnvironment[] {
    return [...presetEnvironments, ...this.workspace];
  }

  /** Replaces the workspace's environments; false when they are the ones already held. */
  setWorkspace(environments: readonly NamedEnvironment[]): boolean {
    const key = JSON.stringify(environments.map((e) => [e.id, e.label, environmentToJson(e.environment)]));
    if (key === this.workspaceKey) return false;
    this.workspaceKey = key;
    this.workspace = environments;
    return true;
  }

  get(uri: string): NamedEnvironment {
    return this.byUri.get(uri) ?? defaultEnvironment;
  }

  set(uri: string, environment: NamedEnvironment): void {
    this.byUri.set(uri, environment);
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }
}
