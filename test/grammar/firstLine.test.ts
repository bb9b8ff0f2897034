// A file with no `.pack` extension opens as a pack when its first line is
// the header: VS Code tests `contributes.languages[].firstLine` as a
// JavaScript regular expression against the file's first line (without its
// line break or a byte-order mark). Here, without a VS Code, the same test on
// package.json's pattern: the e2e suite's extensionless `SYSTEM_PROMPT` and
// the header as written by hand match; other first lines do not.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../support/paths';

interface Language {
  id: string;
  extensions?: string[];
  firstLine?: string;
}

const languages = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { contributes: { languages: Language[] } }).contributes.languages;

/** The language VS Code gives a file with no known extension, by its first line: the first contribution whose firstLine matches. */
function languageByFirstLine(text: string): string | undefined {
  const first = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0]!;
  return languages.find((l) => l.firstLine !== undefined && new RegExp(l.firstLine).test(first))?.id;
}

test('the pack header on the first line makes a file with no extension a pack', () => {
  const systemPrompt = readFileSync(path.join(repoRoot, 'test', 'e2e', 'workspace', 'Prompt Packs ü', 'SYSTEM_PROMPT'), 'utf8');
  assert.equal(languageByFirstLine(systemPrompt), 'loom-pack');
  for (const header of ['%% loom-prompt-pack 1', '%%loom-prompt-pack 1', '%%   loom-prompt-pack 1\r\n%% version v1', '\uFEFF%% loom-prompt-pack 1\n', '%% loom-prompt-pack 2']) {
    assert.equal(languageByFirstLine(header), 'loom-pack', JSON.stringify(header));
  }
});

test('other first lines do not: an indented header, another directive, the header on a later line, a .prompts file', () => {
  for (const text of [' %% loom-prompt-pack 1', '%% version v1\n%% loom-prompt-pack 1', '\n%% loom-prompt-pack 1', '# loom-prompt-pack 1', 'loom-prompt-pack 1', 'schema = "spec.prompts/v0.1"']) {
    assert.equal(languageByFirstLine(text), undefined, JSON.stringify(text));
  }
});

test('.pack files need no header: the extension alone makes a pack', () => {
  assert.deepEqual(languages.find((l) => l.id === 'loom-pack')?.extensions, ['.pack']);
});
