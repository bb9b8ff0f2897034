// A pack open in the editor: the real server publishes each corrupt line
// as a diagnostic at its range, with its code and upstream's words, then
// assess's problems once the pack decodes, and nothing once it is fixed.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import { LspSession, trusted } from '../support/lspSession';
import { examplesDir } from '../support/paths';

const uri = 'file:///workspace/prompts/agent.pack';

const corrupt = [
  '%% loom-prompt-pack 1',
  '%% version agent-1',
  'stray prose',
  '%% section Identity',
  'You are an agent.',
  '%% sectoin conduct',
  'Be brief.',
].join('\r\n');

test('a corrupt pack gets one diagnostic per mistake; fixing it clears them', async () => {
  const session = await LspSession.start();
  try {
    await session.open(uri, 'loom-pack', corrupt);
    const first = await session.diagnosticsAt(uri, 1);
    assert.deepEqual(
      first.map((d) => [d.range, d.severity, d.code, d.source, d.message]),
      [
        [{ start: { line: 2, character: 0 }, end: { line: 2, character: 11 } }, DiagnosticSeverity.Error, 'pack/text-outside-section', 'packs-and-prompts', 'expected a directive or a blank line, got: stray prose'],
        [
          { start: { line: 3, character: 0 }, end: { line: 3, character: 19 } },
          DiagnosticSeverity.Error,
          'pack/bad-section-name',
          'packs-and-prompts',
          'expected a section name of 1-64 characters from [a-z0-9_], got: Identity',
        ],
        [
          { start: { line: 5, character: 0 }, end: { line: 5, character: 18 } },
          DiagnosticSeverity.Error,
          'pack/unknown-keyword',
          'packs-and-prompts',
          'expected one of `loom-prompt-pack`, `version`, `section`, got: sectoin conduct',
        ],
      ],
    );

    const typo = fs.readFileSync(path.join(examplesDir, 'loom-9', 'coding-agent.pack'), 'utf8').replace('Platform: {platform}', 'Platform: {platfrom}');
    const line = typo.split('\n').findIndex((l) => l.includes('{platfrom}'));
    const v2 = await session.replace(uri, typo);
    const second = await session.diagnosticsAt(uri, v2);
    assert.deepEqual(
      second.map((d) => [d.range, d.severity, d.code, d.data]),
      [
        [
          { start: { line, character: 10 }, end: { line, character: 20 } },
          DiagnosticSeverity.Error,
          'pack/unknown-placeholder',
          { name: 'platfrom', section: 'environment', closest: 'platform', distance: 1 },
        ],
      ],
    );

    const v3 = await session.replace(uri, typo.replace('{platfrom}', '{platform}'));
    assert.deepEqual(await session.diagnosticsAt(uri, v3), []);
  } finally {
    await session.stop();
  }
});

test('the severity settings reach the pack diagnostics', async () => {
  const session = await LspSession.start({ ...trusted, settings: { pack: { profile: 'loom-9', severity: { 'pack/unknown-keyword': 'warning', 'pack/text-outside-section': 'off' } } } });
  try {
    await session.open(uri, 'loom-pack', corrupt);
    const found = await session.diagnosticsAt(uri, 1);
    assert.deepEqual(
      found.map((d) => [d.code, d.severity]),
      [
        ['pack/bad-section-name', DiagnosticSeverity.Error],
        ['pack/unknown-keyword', DiagnosticSeverity.Warning],
      ],
    );
  } finally {
    await session.stop();
  }
});
