// Every JSON example a user may copy into their own repository (the
// examples' and the built-in profiles) still gets its schema there: it
// names no relative `$schema` (which points nowhere once copied and
// replaces the contributed one), and its file name is matched by a schema
// the manifest contributes (`jsonValidation`, matched on the name alone).
// The end-to-end pass copies one of each kind and sees the schema apply
// (test/e2e/suite/copiedExamples.test.ts).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { examplesDir, repoRoot } from '../support/paths';

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const contributed: { fileMatch: string; url: string }[] = manifest.contributes.jsonValidation;

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')).map((f) => path.join(dir, f));
}

/** VS Code's fileMatch without a slash: a pattern on the file's name, `*` any run of characters. */
const matches = (name: string, fileMatch: string) => new RegExp(`^${fileMatch.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(name);

const files = [...jsonFiles(examplesDir), ...jsonFiles(path.join(repoRoot, 'src-shared', 'pack', 'profiles'))];

test('every example JSON file is one a contributed schema matches by name, with no relative $schema', () => {
  assert.ok(files.length >= 8, `${files.length} files`);
  for (const file of files) {
    const name = path.basename(file);
    const schema = (JSON.parse(readFileSync(file, 'utf8')) as { $schema?: unknown }).$schema;
    assert.ok(schema === undefined || (typeof schema === 'string' && /^https:\/\//.test(schema)), `${file}: $schema ${String(schema)}`);
    assert.ok(contributed.some((c) => matches(name, c.fileMatch) && c.url.startsWith('./schemas/')), `${file}: no contributed schema matches ${name}`);
  }
});
