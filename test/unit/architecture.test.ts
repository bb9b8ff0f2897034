// ARCHITECTURE.md and CONTRIBUTING.md stay true: every path they name in
// backticks exists, so a move that forgets the map fails here.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../support/paths';

// A path in backticks under one of the tracked top-level folders.
const roots = ['src-shared', 'src-node', 'server', 'client', 'cli', 'test', 'bench', 'scripts', 'syntaxes', 'schemas', 'docs', 'examples', '.vscode'];
const pathLike = new RegExp(`\`((?:${roots.join('|').replace(/\./g, '\\.')})/[\\w./-]*)\``, 'g');

function namedPaths(doc: string): string[] {
  const text = readFileSync(path.join(repoRoot, doc), 'utf8');
  return [...new Set([...text.matchAll(pathLike)].map((m) => m[1]!))];
}

for (const doc of ['ARCHITECTURE.md', 'CONTRIBUTING.md']) {
  test(`every path ${doc} names exists`, () => {
    const paths = namedPaths(doc);
    assert.ok(paths.length >= 10, `${doc} names ${paths.length} paths: the pattern no longer finds them`);
    assert.deepEqual(paths.filter((p) => !existsSync(path.join(repoRoot, p))), []);
  });
}
