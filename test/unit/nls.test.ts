// package.json's user-facing strings are ready for translation: each is a
// `%key%` of package.nls.json (`node scripts/nls.mjs` writes them), every
// key is used, and nothing user-facing is left as a literal.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../support/paths';

const manifestText = readFileSync(path.join(repoRoot, 'package.json'), 'utf8');
const nls = JSON.parse(readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
const userFacing = new Set(['displayName', 'title', 'category', 'description', 'markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions', 'label', 'deprecationMessage', 'markdownDeprecationMessage']);

function literals(value: unknown, key: string, at: string, found: string[]): void {
  if (typeof value === 'string') {
    if (userFacing.has(key) && !/^%[^%\s]+%$/.test(value)) found.push(`${at}: ${value.slice(0, 60)}`);
  } else if (Array.isArray(value)) value.forEach((v, i) => literals(v, key, `${at}[${i}]`, found));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) literals(v, k, `${at}.${k}`, found);
}

test('no user-facing string of the manifest is a literal (run node scripts/nls.mjs)', () => {
  const manifest = JSON.parse(manifestText) as { contributes: unknown; displayName: unknown; description: unknown; capabilities: unknown };
  const found: string[] = [];
  // The JSON schemas the manifest points at are not in it; languages' aliases are names.
  literals({ displayName: manifest.displayName, description: manifest.description }, '', '', found);
  literals(manifest.capabilities, '', 'capabilities', found);
  literals(manifest.contributes, '', 'contributes', found);
  assert.deepEqual(found.filter((f) => !f.startsWith('contributes.jsonValidation') && !f.startsWith('contributes.grammars')), []);
});

test('every %key% has its text, and every text is used', () => {
  const used = new Set([...manifestText.matchAll(/"%([^%\s"]+)%"/g)].map((m) => m[1]!));
  assert.deepEqual([...used].filter((k) => nls[k] === undefined), []);
  assert.deepEqual(Object.keys(nls).filter((k) => !used.has(k)), []);
});
