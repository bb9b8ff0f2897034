// package.json's grammar and language contributions point at files that
// exist and parse, every file under syntaxes/ is contributed, and each
// grammar is internally sound: its includes resolve, every rule is used,
// every regex compiles under Oniguruma (vscode-textmate compiles lazily, so
// a broken rule would otherwise only fail when some line reaches it).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import { repoRoot } from '../support/paths';
import { grammarContributions, tokenize } from './tokenize';
import { readManifest } from '../support/manifest';

interface Manifest {
  contributes: {
    languages: { id: string; configuration?: string }[];
    grammars: { language: string; scopeName: string; path: string }[];
  };
}

const manifest = readManifest() as Manifest;

const inRepo = (file: string): string => path.join(repoRoot, file);
const readJson = (file: string): unknown => JSON.parse(readFileSync(inRepo(file), 'utf8'));

/** A grammar rule as far as these checks care. */
interface Rule {
  include?: string;
  match?: string;
  begin?: string;
  end?: string;
  while?: string;
  patterns?: Rule[];
  captures?: Record<string, Rule>;
  beginCaptures?: Record<string, Rule>;
  endCaptures?: Record<string, Rule>;
}

interface Grammar extends Rule {
  scopeName: string;
  repository?: Record<string, Rule>;
}

/** Every rule nested in `rule`, itself included. */
function* rulesIn(rule: Rule): Generator<Rule> {
  yield rule;
  for (const child of rule.patterns ?? []) yield* rulesIn(child);
  for (const group of [rule.captures, rule.beginCaptures, rule.endCaptures]) {
    for (const child of Object.values(group ?? {})) yield* rulesIn(child);
  }
}

function allRules(grammar: Grammar): Rule[] {
  return [grammar, ...Object.values(grammar.repository ?? {})].flatMap((r) => [...rulesIn(r)]);
}

test('every contributed grammar exists, is JSON and declares the contributed scope name', () => {
  assert.equal(manifest.contributes.grammars.length, 2);
  for (const contribution of manifest.contributes.grammars) {
    assert.ok(existsSync(inRepo(contribution.path)), `${contribution.path} is missing`);
    const grammar = readJson(contribution.path) as Grammar;
    assert.equal(grammar.scopeName, contribution.scopeName, contribution.path);
    assert.ok(manifest.contributes.languages.some((l) => l.id === contribution.language), contribution.language);
  }
});

test('every contributed language has a configuration file that exists and is JSON', () => {
  assert.equal(manifest.contributes.languages.length, 2);
  for (const language of manifest.contributes.languages) {
    assert.ok(language.configuration !== undefined, `${language.id} has no configuration`);
    assert.ok(existsSync(inRepo(language.configuration)), `${language.configuration} is missing`);
    assert.equal(typeof readJson(language.configuration), 'object');
  }
});

test('every file under syntaxes/ is contributed by package.json', () => {
  const referenced = new Set(
    [
      ...manifest.contributes.grammars.map((g) => g.path),
      ...manifest.contributes.languages.flatMap((l) => (l.configuration === undefined ? [] : [l.configuration])),
    ].map((file) => path.normalize(file)),
  );
  for (const file of readdirSync(inRepo('syntaxes'))) {
    assert.ok(referenced.has(path.join('syntaxes', file)), `syntaxes/${file} is not referenced`);
  }
});

test('grammar includes resolve and every repository rule is used', () => {
  for (const contribution of grammarContributions()) {
    const grammar = readJson(contribution.path) as Grammar;
    const repository = Object.keys(grammar.repository ?? {});
    const included = allRules(grammar).flatMap((r) => (r.include === undefined ? [] : [r.include]));
    for (const include of included) {
      assert.ok(include.startsWith('#'), `${contribution.path}: external include ${include}`);
      assert.ok(repository.includes(include.slice(1)), `${contribution.path}: ${include} does not resolve`);
    }
    for (const name of repository) {
      assert.ok(included.includes(`#${name}`), `${contribution.path}: #${name} is never used`);
    }
  }
});

test('every regex in the grammars compiles under Oniguruma', async () => {
  // Tokenizing once loads the WASM engine the scanners below need.
  await tokenize('loom-pack', '');
  for (const contribution of grammarContributions()) {
    const grammar = readJson(contribution.path) as Grammar;
    const regexes = allRules(grammar).flatMap((r) => [r.match, r.begin, r.end, r.while].filter((x) => x !== undefined));
    assert.ok(regexes.length > 0);
    for (const regex of regexes) {
      assert.doesNotThrow(() => oniguruma.createOnigScanner([regex]).dispose(), `${contribution.path}: ${regex}`);
    }
  }
});
