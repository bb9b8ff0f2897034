// The language configurations do what typing in the editor needs: toggling
// a line comment yields a real comment, double-clicking a placeholder or a
// key selects the name, and the pairs that auto-close are the useful ones.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../support/paths';
import { tokenize } from './tokenize';

interface AutoClosingPair {
  open: string;
  close: string;
  notIn?: string[];
}

interface LanguageConfiguration {
  comments: { lineComment: string };
  brackets: [string, string][];
  colorizedBracketPairs?: [string, string][];
  autoClosingPairs: AutoClosingPair[];
  surroundingPairs: [string, string][];
  wordPattern: string;
}

function configurationOf(languageId: string): LanguageConfiguration {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: { languages: { id: string; configuration: string }[] };
  };
  const language = manifest.contributes.languages.find((l) => l.id === languageId);
  assert.ok(language !== undefined, languageId);
  return JSON.parse(readFileSync(path.join(repoRoot, language.configuration), 'utf8')) as LanguageConfiguration;
}

/** The word VS Code selects on a double-click at `offset` (its getWordAtText, simplified). */
function wordAt(wordPattern: string, line: string, offset: number): string | undefined {
  for (const match of line.matchAll(new RegExp(wordPattern, 'g'))) {
    const start = match.index;
    if (start <= offset && offset < start + match[0].length) return match[0];
  }
  return undefined;
}

const pack = configurationOf('loom-pack');
const prompts = configurationOf('spec-prompts');

test('pack: toggling a line comment on a line yields a comment directive', async () => {
  // VS Code inserts lineComment plus one space before the line's text.
  const line = `${pack.comments.lineComment} Keep the tone neutral. {workspace}`;
  assert.ok(line.startsWith('%%') && line.slice(2).trim().startsWith('#'), 'the decoder would not read a comment');
  const tokens = await tokenize('loom-pack', `%% section identity\n${line}`);
  const commentLine = tokens.slice(tokens.findIndex(([text]) => text === 'identity') + 1);
  assert.ok(commentLine.length > 0);
  for (const [text, scopes] of commentLine) {
    assert.ok(scopes.includes('comment.line.percentage.loom-pack'), `${JSON.stringify(text)}: ${scopes.join(' ')}`);
  }
});

test('pack: double-clicking inside a placeholder selects its name', () => {
  const line = 'Tools: {available_tools}; shell {shell}.';
  assert.equal(wordAt(pack.wordPattern, line, line.indexOf('available') + 4), 'available_tools');
  assert.equal(wordAt(pack.wordPattern, line, line.indexOf('shell}') + 1), 'shell');
  assert.equal(wordAt(pack.wordPattern, line, line.indexOf('{')), undefined);
});

test('pack: { auto-closes and surrounds, and braces are never colourised as unbalanced brackets', () => {
  assert.ok(pack.autoClosingPairs.some((p) => p.open === '{' && p.close === '}'));
  assert.ok(pack.surroundingPairs.some(([open, close]) => open === '{' && close === '}'));
  // Prose quotes and apostrophes must not auto-close.
  assert.deepEqual(pack.autoClosingPairs.map((p) => p.open), ['{']);
  // An unclosed literal { in prose is legal; bracket colourisation would paint it as an error.
  assert.deepEqual(pack.colorizedBracketPairs, []);
});

test('prompts: toggling a line comment yields a TOML comment', async () => {
  const line = `${prompts.comments.lineComment} id = "x"`;
  const tokens = await tokenize('spec-prompts', line);
  for (const [text, scopes] of tokens) {
    assert.ok(scopes.includes('comment.line.number-sign.spec-prompts'), `${JSON.stringify(text)}: ${scopes.join(' ')}`);
  }
});

test('prompts: double-clicking selects whole keys, header segments and ids', () => {
  const key = 'author_email = "alice@example.com"';
  assert.equal(wordAt(prompts.wordPattern, key, 3), 'author_email');
  const header = '    [[sessions.turns.tool_calls]]';
  assert.equal(wordAt(prompts.wordPattern, header, header.indexOf('tool_calls') + 2), 'tool_calls');
  const id = 'id = "d1714569-ab12"';
  assert.equal(wordAt(prompts.wordPattern, id, id.indexOf('ab12')), 'd1714569-ab12');
});

test('prompts: brackets, braces and every string quote auto-close, but not inside strings', () => {
  const opens = prompts.autoClosingPairs.map((p) => p.open);
  for (const open of ['[', '{', '"', "'", '"""', "'''"]) {
    assert.ok(opens.includes(open), `${open} does not auto-close`);
  }
  for (const pair of prompts.autoClosingPairs) {
    assert.ok(pair.notIn?.includes('string'), `${pair.open} auto-closes inside strings`);
  }
  assert.deepEqual(prompts.brackets, [
    ['[', ']'],
    ['{', '}'],
  ]);
});
