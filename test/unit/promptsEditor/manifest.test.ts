// The manifest's `.prompts` contributions: a setting for every field of the
// prompts settings, with the same default, and this extension as the
// default formatter of the language.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { languageIds, settingsSection } from '../../../src-shared/protocol/common';
import { defaultSettings } from '../../../src-shared/settings';
import { readManifest } from '../../support/manifest';

const manifest = readManifest() as {
  publisher: string;
  name: string;
  contributes: {
    configuration: { properties: Record<string, { type: string; default: unknown; markdownDescription: string }> };
    configurationDefaults: Record<string, Record<string, unknown>>;
  };
};

test('every prompts setting is contributed with its default', () => {
  const properties = manifest.contributes.configuration.properties;
  for (const [key, value] of Object.entries(defaultSettings.prompts)) {
    const p = properties[`${settingsSection}.prompts.${key}`];
    assert.ok(p, key);
    assert.equal(p.type, typeof value);
    assert.equal(p.default, value);
    assert.ok(p.markdownDescription.length > 20);
  }
});

test('this extension formats .prompts files by default', () => {
  assert.equal(manifest.contributes.configurationDefaults[`[${languageIds.prompts}]`]?.['editor.defaultFormatter'], `${manifest.publisher}.${manifest.name}`);
});
