// Pinned versions in what users copy (the README's and docs' recipes, the
// example workflows, the command line's README) are the release's: a
// recipe that pins another version installs a command line that judges
// by other rules than the extension beside it.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../support/paths';

const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };

function pages(): string[] {
  const under = (dir: string, ends: RegExp) =>
    existsSync(path.join(repoRoot, dir)) ? readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' }).filter((f) => ends.test(f)).map((f) => path.join(dir, f)) : [];
  return ['README.md', path.join('cli', 'README.md'), ...under('docs', /\.md$/), ...under('examples', /\.ya?ml$/)];
}

// `packs-and-prompts@1.2.3`, a hook's `rev: v1.2.3`, a tag URL's `/v1.2.3/`.
const pins = [/packs-and-prompts@(\d+\.\d+\.\d+)/g, /\brev: v(\d+\.\d+\.\d+)/g, /packs-and-prompts\/v(\d+\.\d+\.\d+)\//g];

test('every pinned version users copy is the manifest\'s', () => {
  let seen = 0;
  for (const page of pages()) {
    const text = readFileSync(path.join(repoRoot, page), 'utf8');
    for (const pin of pins) {
      for (const m of text.matchAll(pin)) {
        seen++;
        assert.equal(m[1], version, `${page}: ${m[0]}`);
      }
    }
  }
  assert.ok(seen >= 3, `${seen} pins found`);
});

// `gpt-tokenizer@4.0.0` where the docs say what to install for exact counts: the encoders the extension's chunks are built from.
test('every gpt-tokenizer users are told to install is the one the chunks are built from, and the package\'s peer', () => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const built = manifest.dependencies?.['gpt-tokenizer'] ?? manifest.devDependencies?.['gpt-tokenizer'];
  const peer = (JSON.parse(readFileSync(path.join(repoRoot, 'cli', 'package.json'), 'utf8')) as { peerDependencies?: Record<string, string> }).peerDependencies?.['gpt-tokenizer'];
  assert.equal(peer, built, 'cli/package.json peerDependencies');
  let seen = 0;
  for (const page of pages()) {
    for (const m of readFileSync(path.join(repoRoot, page), 'utf8').matchAll(/gpt-tokenizer@([\w.-]*\w)/g)) {
      seen++;
      assert.equal(m[1], built, `${page}: ${m[0]}`);
    }
  }
  assert.ok(seen >= 3, `${seen} pins found`);
});
