// package.json's pack contributions mirror the code: the settings tree
// (src-shared/settings.ts) with one severity entry per finding code and
// the profiles' names, the commands the client registers (each in the
// "Packs & Prompts" category, the title-bar one with an icon and shown only
// for packs), and the preview's webview for restoring after a reload.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { packCodes } from '../../../src-shared/pack/check';
import { corruptionKinds } from '../../../src-shared/pack/corruption';
import { profileNames } from '../../../src-shared/pack/profiles';
import { clientCommands } from '../../../src-shared/protocol/pack';
import { settingsSection } from '../../../src-shared/protocol/common';
import { defaultSettings, resolveSettings } from '../../../src-shared/settings';
import { outputChannelName, packCommands, previewViewType, showOutputCommand } from '../../../client/src/commandIds';
import { readManifest } from '../../support/manifest';

interface Property {
  type: string;
  enum?: string[];
  default?: unknown;
  properties?: Record<string, Property>;
  additionalProperties?: boolean;
  markdownDescription?: string;
  scope?: string;
}

const manifest = readManifest();
const properties: Record<string, Property> = manifest.contributes.configuration.properties;

test('the profile setting: the profiles by name, the default the code uses', () => {
  const profile = properties[`${settingsSection}.pack.profile`]!;
  // A free string (workspace profiles have their own names); the built-ins are offered as examples.
  assert.equal(profile.enum, undefined);
  assert.deepEqual((profile as { examples?: string[] }).examples, [...profileNames]);
  assert.equal(profile.default, defaultSettings.pack.profile);
  assert.equal(profile.scope, 'resource');
});

test('the severity setting: exactly one entry per pack finding code, each with the four levels and a description', () => {
  const severity = properties[`${settingsSection}.pack.severity`]!;
  const codes = [...Object.values(corruptionKinds).map((k) => k.code), ...Object.values(packCodes)];
  assert.deepEqual(Object.keys(severity.properties!).sort(), [...codes].sort());
  for (const [code, p] of Object.entries(severity.properties!)) {
    assert.deepEqual(p.enum, ['error', 'warning', 'information', 'off'], code);
    assert.ok(p.markdownDescription && p.markdownDescription.length > 20, code);
  }
  assert.equal(severity.additionalProperties, false);
  assert.deepEqual(severity.default, {});
});

test('what the settings tree would hold reads back through resolveSettings', () => {
  const raw = { pack: { profile: 'loom-1', severity: { 'pack/missing-section': 'off' }, maxRenderBytes: 16000, tokenizer: 'cl100k_base' } };
  assert.deepEqual(resolveSettings(raw).pack, raw.pack);
});

test('every pack command is contributed in the category, with palette visibility; the preview button sits in packs\' title bar', () => {
  const contributed = new Map<string, { title: string; category: string; icon?: string }>(manifest.contributes.commands.map((c: { command: string }) => [c.command, c]));
  for (const id of Object.values(packCommands)) {
    assert.equal(contributed.get(id)?.category, 'Packs & Prompts', id);
    assert.ok(manifest.contributes.menus.commandPalette.some((m: { command: string; when?: string }) => m.command === id && m.when), `${id} palette visibility`);
  }
  assert.equal(contributed.get(clientCommands.showPreviewToSide)?.title, 'Open Rendered Prompt to the Side');
  assert.ok(contributed.get(clientCommands.showPreviewToSide)?.icon);
  assert.deepEqual(
    manifest.contributes.menus['editor/title'].find((m: { command: string }) => m.command === clientCommands.showPreviewToSide),
    { command: clientCommands.showPreviewToSide, when: 'editorLangId == loom-pack', group: 'navigation' },
  );
  assert.ok(manifest.activationEvents.includes(`onWebviewPanel:${previewViewType}`));
});

test('Show Output is contributed in the category, always in the palette, under the id the client registers', () => {
  const command = manifest.contributes.commands.find((c: { command: string }) => c.command === showOutputCommand);
  assert.deepEqual([command?.title, command?.category], ['Show Output', 'Packs & Prompts']);
  assert.ok(!manifest.contributes.menus.commandPalette.some((m: { command: string }) => m.command === showOutputCommand), 'no when clause hides it');
  assert.equal(outputChannelName, manifest.displayName);
});

test('the environment file schema is contributed for *.packenv.json', () => {
  assert.ok(manifest.contributes.jsonValidation.some((j: { fileMatch: string; url: string }) => j.fileMatch === '*.packenv.json' && j.url === './schemas/packenv.schema.json'));
});
