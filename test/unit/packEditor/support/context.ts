// In-memory pack documents for provider tests: a context as the server
// builds it (model, settings, profile, environment), and positions found
// by searching the text rather than counted by hand.

import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position } from 'vscode-languageserver/node';
import { findPreset } from '../../../../src-shared/pack/presets';
import { defaultSettings, type ProfileName } from '../../../../src-shared/settings';
import { packContext, type PackContext } from '../../../../server/src/pack/context';
import { defaultEnvironment, type NamedEnvironment } from '../../../../server/src/pack/environments';
import { buildPackModel } from '../../../../server/src/pack/model';
import { PackProfiles } from '../../../../server/src/pack/profiles';

export const uri = 'file:///work/agent.pack';

export function packCtx(text: string, options: { profile?: ProfileName; preset?: string; profiles?: PackProfiles } = {}): PackContext {
  const document = TextDocument.create(uri, 'loom-pack', 1, text);
  const settings = { ...defaultSettings, pack: { ...defaultSettings.pack, profile: options.profile ?? 'loom-9' } };
  return packContext({ document, model: buildPackModel(text), settings }, options.preset ? presetEnvironment(options.preset) : defaultEnvironment, options.profiles ?? new PackProfiles());
}

export function presetEnvironment(id: string): NamedEnvironment {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  return { id: `preset:${id}`, label: preset.name, environment: preset.environment };
}

/** The position of the `nth` occurrence of `needle` in `text`, moved `within` characters into it. */
export function positionOf(text: string, needle: string, within = 0, nth = 0): Position {
  let offset = -1;
  for (let i = 0; i <= nth; i++) {
    offset = text.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`${JSON.stringify(needle)} occurs fewer than ${nth + 1} times`);
  }
  return TextDocument.create(uri, 'loom-pack', 1, text).positionAt(offset + within);
}

/** A small pack from sections given as [name, body] pairs. */
export function packText(...sections: Array<[string, string]>): string {
  return `%% loom-prompt-pack 1\n%% version v1\n\n${sections.map(([n, b]) => `%% section ${n}\n${b}\n`).join('\n')}`;
}

/** Where the cursor is after typing all of `text`. */
export function endOf(text: string): Position {
  return TextDocument.create(uri, 'loom-pack', 1, text).positionAt(text.length);
}
