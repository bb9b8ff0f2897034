// The scopes the grammars pick are visible where it matters in the themes
// most users have (Dark+ and Light+): directives, canonical sections and
// fragments apart, placeholders stand out while literal braces stay plain
// text, spec headers apart from other tables, every TOML value coloured.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { IRawTheme } from 'vscode-textmate';
import { repoRoot } from '../support/paths';
import { colorize, styleOf, type Painted } from './tokenize';

const { themes } = JSON.parse(
  readFileSync(path.join(repoRoot, 'test', 'grammar', 'fixtures', 'default-themes.json'), 'utf8'),
) as { themes: IRawTheme[] };

const PACK = [
  '%% loom-prompt-pack 1',
  '%% version loom-9',
  '%% # a note',
  '%% section identity',
  'You work in {workspace}, not {Workspace}.',
  '%% section _network_open',
  '%% bogus',
].join('\n');

const PROMPTS = [
  '[commit]',
  'branch = "main" # note',
  '[[sessions]]',
  '  [[sessions.turns]]',
  '    [[sessions.turns.tool_calls]]',
  '[[edits]]',
  '[extra]',
  'values = [0x1F, 1.5, inf, true, 2026-04-21T11:58:03Z, 1979-05-27, "e\\n"]',
].join('\n');

function defaultForeground(theme: IRawTheme): string {
  const global = theme.settings.find((s) => s.scope === undefined);
  return (global?.settings.foreground ?? '').toLowerCase();
}

const color = (painted: Painted, text: string, nth = 0): string => styleOf(painted, text, nth).foreground;

for (const theme of themes) {
  const plain = defaultForeground(theme);

  test(`${theme.name ?? '?'}: pack directives, sections, fragments and placeholders are coloured apart`, async () => {
    const painted = await colorize('loom-pack', PACK, theme);
    for (const text of ['%%', 'loom-prompt-pack', '1', 'loom-9', ' a note', 'identity', '_network_open', 'workspace', 'bogus']) {
      assert.notEqual(color(painted, text), plain, `${text} is uncoloured`);
    }
    assert.notEqual(color(painted, 'identity'), color(painted, '_network_open'), 'section and fragment look alike');
    assert.ok(styleOf(painted, 'identity').bold, 'canonical section name is not bold');
    assert.notEqual(color(painted, 'section'), color(painted, 'identity'), 'keyword and section name look alike');
    assert.notEqual(color(painted, 'bogus'), color(painted, 'section'), 'unknown keyword looks valid');
  });

  test(`${theme.name ?? '?'}: a placeholder stands out; literal braces look like the text around them`, async () => {
    const painted = await colorize('loom-pack', PACK, theme);
    assert.equal(color(painted, '{', 0), color(painted, 'workspace'), 'placeholder braces differ from its name');
    assert.notEqual(color(painted, 'workspace'), plain);
    assert.equal(color(painted, '{', 1), plain, 'literal brace is coloured');
    assert.equal(color(painted, 'Workspace'), plain);
    assert.equal(color(painted, 'You work in '), plain);
  });

  test(`${theme.name ?? '?'}: spec headers differ from other tables; keys and every value kind are coloured`, async () => {
    const painted = await colorize('spec-prompts', PROMPTS, theme);
    for (const name of ['commit', 'turns', 'tool_calls', 'edits']) {
      assert.ok(styleOf(painted, name).bold, `${name} is not bold`);
      assert.notEqual(color(painted, name), plain, `${name} is uncoloured`);
    }
    assert.notEqual(color(painted, 'extra'), color(painted, 'commit'), 'a generic table looks like a spec header');
    assert.equal(styleOf(painted, 'extra').bold, false);
    for (const text of ['branch', 'main', ' note', '0x1F', '1.5', 'inf', 'true', '2026-04-21T11:58:03Z', '1979-05-27', '\\n']) {
      assert.notEqual(color(painted, text), plain, `${text} is uncoloured`);
    }
    assert.notEqual(color(painted, '\\n'), color(painted, 'main'), 'escape looks like string text');
  });
}
