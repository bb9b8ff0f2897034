// The pack settings (package.json's contributes.configuration) take effect
// through the protocol: the profile changes what is a binding and what is
// missing, and a severity override changes or hides one kind of finding,
// including when the settings change while the pack is open.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DiagnosticSeverity, type PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { LspSession, trusted } from '../support/lspSession';
import { examplesDir } from '../support/paths';

const uri = 'file:///work/agent.pack';
const loom9 = readFileSync(path.join(examplesDir, 'loom-9', 'coding-agent.pack'), 'utf8');

test('profile loom-1 makes a loom-9 pack\'s loom-9-only bindings unknown', async () => {
  const session = await LspSession.start({ settings: { pack: { profile: 'loom-1' } } });
  try {
    await session.open(uri, 'loom-pack', loom9);
    const found = await session.diagnosticsAt(uri, 1);
    const unknown = found.filter((d) => d.code === 'pack/unknown-placeholder').map((d) => (d.data as { name: string }).name);
    assert.deepEqual([...new Set(unknown)].sort(), ['available_tools', 'available_tools_list']);
    assert.ok(found.some((d) => d.code === 'pack/missing-fragment' && /_repository_guidance_truncated/.test(d.message)));
    assert.equal(found.some((d) => d.code === 'pack/missing-section'), false, 'loom-1 has no available_tools section to miss');
  } finally {
    await session.stop();
  }
});

test('severity overrides: each level, and off; a settings change re-publishes', async () => {
  const session = await LspSession.start({ ...trusted, settings: { pack: { severity: { 'pack/missing-section': 'information' } } } });
  try {
    const text = loom9.replace(/%% section delegation\n[\s\S]*?(?=%% section conduct)/, '');
    await session.open(uri, 'loom-pack', text);
    const first = await session.diagnosticsAt(uri, 1);
    assert.deepEqual(first.map((d) => [d.code, d.severity]), [['pack/missing-section', DiagnosticSeverity.Information]]);

    session.setSettings({ pack: { severity: { 'pack/missing-section': 'error' } } });
    const errors = await session.waitForDiagnostics(uri, (p: PublishDiagnosticsParams) => p.diagnostics[0]?.severity === DiagnosticSeverity.Error);
    assert.equal(errors.length, 1);

    session.setSettings({ pack: { severity: { 'pack/missing-section': 'off' } } });
    assert.deepEqual(await session.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0), []);

    session.setSettings({});
    const back = await session.waitForDiagnostics(uri, (p) => p.diagnostics.length === 1);
    assert.equal(back[0]!.severity, DiagnosticSeverity.Warning);
  } finally {
    await session.stop();
  }
});
