// The manifest contributes exactly the hand-edit commands the client
// registers (protocol/prompts.ts names them), Redact Selection is in the `.prompts`
// editor's context menu and on its keybinding, and the command the code
// actions run stays out of the palette.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { applyHandEditFixCommand, handEditCommands } from '../../../src-shared/protocol/prompts';
import { languageIds } from '../../../src-shared/protocol/common';
import { readManifest } from '../../support/manifest';

interface Manifest {
  contributes: {
    commands: { command: string; title: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    keybindings: { command: string; key: string; mac?: string; when?: string }[];
  };
}

const manifest = readManifest() as Manifest;
const inPrompts = `editorLangId == ${languageIds.prompts}`;

test('every hand-edit command the client registers is contributed, with its title', () => {
  const titles = Object.fromEntries(manifest.contributes.commands.map((c) => [c.command, c.title]));
  assert.deepEqual(
    [...Object.values(handEditCommands), applyHandEditFixCommand].map((id) => [id, titles[id]]),
    [
      [handEditCommands.redactSelection, 'Redact Selection'],
      [handEditCommands.recordAllEdits, 'Record All Unlogged Hand Edits in [[edits]]'],
      [handEditCommands.makeSessionPrivate, 'Make Session Private'],
      [applyHandEditFixCommand, 'Apply a Hand-Edit Fix'],
    ],
  );
});

test('Redact Selection: the context menu of a .prompts editor with a selection, and ctrl+alt+r (ctrl+cmd+r on macOS)', () => {
  const menu = manifest.contributes.menus['editor/context']!.find((m) => m.command === handEditCommands.redactSelection);
  assert.equal(menu?.when, `${inPrompts} && editorHasSelection`);
  const key = manifest.contributes.keybindings.find((k) => k.command === handEditCommands.redactSelection);
  assert.deepEqual(key && [key.key, key.mac], ['ctrl+alt+r', 'ctrl+cmd+r']);
  assert.match(key?.when ?? '', new RegExp(`editorTextFocus && ${inPrompts}`));
});

test('the palette shows the commands only in .prompts editors, and never the code actions\' command', () => {
  const palette = Object.fromEntries(manifest.contributes.menus['commandPalette']!.map((m) => [m.command, m.when]));
  for (const id of Object.values(handEditCommands)) assert.equal(palette[id], inPrompts);
  assert.equal(palette[applyHandEditFixCommand], 'false');
});
