// The extension's own strings are ready for translation: l10n/bundle.l10n.json
// is what `@vscode/l10n-dev` extracts from the sources now (`node
// scripts/l10n.mjs` writes it), every `l10n.t` message is a literal the
// extractor sees, the manifest points VS Code at the bundle and the .vsix
// ships it; the core's English localizer fills placeholders as
// `@vscode/l10n` does; and the server keeps only a bundle's well-formed
// messages.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import * as l10n from '@vscode/l10n';
import fc from '../support/fastCheck';
import { english } from '../../src-shared/l10n';
import { l10nBundleOf } from '../../server/src/l10n';
import { repoRoot } from '../support/paths';

// The extraction takes some 5 s of CPU (l10n-dev parses each source that says l10n); the deadline is for a hang only.
test('l10n/bundle.l10n.json is what the sources make (run node scripts/l10n.mjs)', () => {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'l10n.mjs'), '--check'], { cwd: repoRoot, encoding: 'utf8', timeout: 600_000 });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  const bundle = JSON.parse(readFileSync(path.join(repoRoot, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
  // One from each place: the client, the server, the pure core through a Localizer, the client's vscode-free rules.
  for (const message of ['Open a prompt pack (.pack) first.', 'Open rendered prompt', 'Hand edits off: {0}', '{0} times in the last {1} minutes']) {
    assert.equal(bundle[message], message);
  }
});

test('the manifest names the bundle folder and the .vsix ships it', () => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { l10n?: string };
  assert.equal(manifest.l10n, './l10n');
  assert.match(readFileSync(path.join(repoRoot, '.vscodeignore'), 'utf8'), /^!l10n\/\*\*$/m);
});

test('the English localizer fills {n} as @vscode/l10n does without a bundle', () => {
  const piece = fc.oneof(fc.constantFrom('{0}', '{1}', '{2}', '{x}', '{', '}', ' '), fc.string({ maxLength: 4 }));
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 8 }), fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean()), { maxLength: 3 }), (pieces, args) => {
      const message = pieces.join('');
      assert.equal(english.t(message, ...args), l10n.t(message, ...args));
    }),
  );
});

test('the server keeps a bundle\'s well-formed messages and drops the rest', () => {
  assert.equal(l10nBundleOf(undefined), undefined);
  assert.equal(l10nBundleOf({ l10nBundle: 'x' }), undefined);
  assert.equal(l10nBundleOf({ l10nBundle: [] }), undefined);
  assert.deepEqual(l10nBundleOf({ l10nBundle: { a: 'A', b: 2, c: { message: 'C', comment: ['why', 4] }, d: { message: 1, comment: [] }, e: null } }), {
    a: 'A',
    c: { message: 'C', comment: ['why'] },
  });
});
