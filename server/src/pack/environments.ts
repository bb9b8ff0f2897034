// The environment each open pack renders against, as the client last said
// (`packs/setEnvironment`). Until told, a pack gets the first built-in
// preset, the same default as the command line's `render`.

import type { Environment } from '../../../src-shared/pack/environment';
import { describeEnvironmentErrors, environmentFromJson, environmentToJson } from '../../../src-shared/pack/environmentFile';
import { environmentPresets } from '../../../src-shared/pack/presets';
import type { EnvironmentRef } from '../../../src-shared/protocol';

/** An environment ready to render with, and how the client names it. */
export interface NamedEnvironment {
  readonly id: string;
  readonly label: string;
  readonly environment: Environment;
}

const firstPreset = environmentPresets[0]!;

export const defaultEnvironment: NamedEnvironment = {
  id: `preset:${firstPreset.id}`,
  label: firstPreset.name,
  environment: firstPreset.environment,
};

/** The reference the client would send for the default, for tests and symmetry. */
export function defaultEnvironmentRef(): EnvironmentRef {
  return { id: defaultEnvironment.id, label: defaultEnvironment.label, fields: environmentToJson(firstPreset.environment) };
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
