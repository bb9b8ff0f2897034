// The `.prompts` schema as the TOML tools users have really load it. Each
// extension reads `contributes.tomlValidation` its own way (read from their
// sources, taplo e3d1b8e `editors/vscode/src/tomlValidation.ts` and tombi
// 29b9eeb `editors/vscode/src/tomlValidation.ts`); `readers` below is that
// reading as data. Then taplo's and tombi's own command lines (from npm,
// the same engines as Even Better TOML's and tombi's language servers)
// validate the examples against the schema: the valid ones without a word,
// the broken one at its mistakes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { examplesDir, fixturesDir, repoRoot } from '../../support/paths';

type Association = { readonly url: string; readonly glob: string };

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const schemaFile = path.join(repoRoot, 'schemas', 'prompts.schema.json');

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** An absolute URL, as taplo's `Url` and tombi's `SchemaUri` parse one (a relative path fails both). */
function absolute(url: unknown): url is string {
  return typeof url === 'string' && URL.canParse(url);
}

const readers: Record<string, (rules: unknown) => Association[]> = {
  // Every rule with a string url; fileMatch (globbed as `**/` + it) and regexMatch, each optional.
  'Even Better TOML (taplo)': (rules) =>
    asList(rules).flatMap((rule) => {
      if (typeof rule !== 'object' || rule === null) return [];
      const { url, fileMatch } = rule as { url?: unknown; fileMatch?: unknown };
      if (!absolute(url)) return [];
      return asList(fileMatch).flatMap((m) => (typeof m === 'string' ? [{ url, glob: `**${m.startsWith('/') ? m : `/${m}`}` }] : []));
    }),
  // A valibot array of { url: string, fileMatch: string | string[] }: one entry without fileMatch drops the whole list.
  tombi: (rules) => {
    const list = asList(rules);
    const valid = list.every((rule) => {
      const { url, fileMatch } = (rule ?? {}) as { url?: unknown; fileMatch?: unknown };
      return typeof url === 'string' && asList(fileMatch).every((m) => typeof m === 'string') && fileMatch !== undefined;
    });
    if (!valid) return [];
    return list.flatMap((rule) => {
      const { url, fileMatch } = rule as { url: string; fileMatch: string | string[] };
      return absolute(url) ? asList(fileMatch).map((m) => ({ url, glob: String(m).includes('*') ? String(m) : `**/${String(m)}` })) : [];
    });
  },
};

// A glob as both tools' Rust glob crates match a path with their default
// options: a leading double star and slash any folders (or none), a star
// any run of characters, slashes too.
function matchesGlob(file: string, glob: string): boolean {
  const source = glob.split('**/').map((part) => part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')).join('(?:.*/)?');
  return new RegExp(`^${source}$`).test(file);
}

/** Where the release publishes the schema: the repository at the version's tag (docs/release.md). */
function publishedUrl(): string {
  const repo = new URL(manifest.repository.url).pathname.replace(/\.git$/, '');
  return `https://raw.githubusercontent.com${repo}/v${manifest.version}/schemas/prompts.schema.json`;
}

test('Even Better TOML and tombi each read the contribution as an association of our schema with .prompts files', () => {
  for (const [tool, read] of Object.entries(readers)) {
    const found = read(manifest.contributes.tomlValidation);
    assert.deepEqual(found.map((a) => a.url), [publishedUrl()], tool);
    for (const { glob } of found) {
      assert.ok(matchesGlob('/home/a/repo/prompts/captured/main.prompts', glob), `${tool}: ${glob}`);
      assert.ok(!matchesGlob('/home/a/repo/pyproject.toml', glob), `${tool}: ${glob}`);
    }
  }
});

test('the readers refuse what the manifest used to say, so the test above can fail', () => {
  const old = [{ regexMatch: '^.*\\.prompts$', url: './schemas/prompts.schema.json' }];
  for (const [tool, read] of Object.entries(readers)) assert.deepEqual(read(old), [], tool);
});

test('the published URL names a file the repository has, at the manifest\'s version', () => {
  assert.match(manifest.contributes.tomlValidation[0].url, new RegExp(`/v${manifest.version.replace(/\./g, '\\.')}/schemas/prompts\\.schema\\.json$`));
  assert.ok(readFileSync(schemaFile, 'utf8').length > 0);
});

const valid = [
  path.join(examplesDir, 'prompts', 'feature-login.prompts'),
  path.join(fixturesDir, 'prompts', 'every-field.prompts'),
  path.join(fixturesDir, 'prompts', 'prompts', 'captured', 'main.prompts'),
];
const broken = path.join(examplesDir, 'broken', 'fix-flaky-test.prompts');

/** 1-based lines of the broken example's two schema mistakes: a misspelt key and a status outside the enum. */
function brokenLines(): number[] {
  const lines = readFileSync(broken, 'utf8').split('\n');
  return [lines.findIndex((l) => l.startsWith('outcom ')) + 1, lines.findIndex((l) => /status\s*=\s*"done"/.test(l)) + 1];
}

/** A folder holding copies of the files and the tool's own config mapping `*.prompts` to the schema. */
function workspace(files: readonly string[], config: string, configText: string): { dir: string; names: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'packs-toml-tools-'));
  writeFileSync(path.join(dir, config), configText);
  const names = files.map((f, i) => {
    const name = `${i}-${path.basename(f)}`;
    writeFileSync(path.join(dir, name), readFileSync(f));
    return name;
  });
  return { dir, names };
}

const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);
// tombi's binary package for this platform: the only one the registry here
// serves (its wrapper's other platforms' packages would break `npm ci`), an
// optional dependency, so elsewhere its tests are skipped, saying why.
const tombi = path.join(repoRoot, 'node_modules', '@tombi-toml', 'cli-linux-x64', 'tombi');
const tombiHere = process.platform === 'linux' && process.arch === 'x64';
const schemaPath = JSON.stringify(schemaFile);

const tools = {
  taplo: (files: readonly string[]) => {
    const { dir, names } = workspace(files, '.taplo.toml', `include = ["**/*.prompts"]\n[[rule]]\ninclude = ["**/*.prompts"]\n[rule.schema]\npath = ${schemaPath}\n`);
    return spawnSync(bin('taplo'), ['lint', '--colors', 'never', ...names], { cwd: dir, encoding: 'utf8', env: { ...process.env, RUST_LOG: 'error' } });
  },
  tombi: (files: readonly string[]) => {
    const { dir, names } = workspace(files, 'tombi.toml', `toml-version = "v1.0.0"\n[files]\ninclude = ["**/*.prompts"]\n[[schemas]]\npath = ${schemaPath}\ninclude = ["*.prompts"]\n`);
    return spawnSync(tombi, ['lint', '--offline', ...names], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  },
};

for (const [tool, run] of Object.entries(tools)) {
  const skip = tool === 'tombi' && !tombiHere && 'tombi is installed for linux-x64 only (see package.json optionalDependencies)';
  test(`${tool} validates the valid examples against the schema with no error or warning`, { skip }, () => {
    const r = run(valid);
    const out = `${r.stdout}${r.stderr}`;
    assert.equal(r.status, 0, out);
    assert.doesNotMatch(out, /error|warning/i, out);
  });

  test(`${tool} fails the broken example at its misspelt key and its bad status`, { skip }, () => {
    const r = run([broken]);
    const out = `${r.stdout}${r.stderr}`;
    assert.notEqual(r.status, 0, out);
    for (const line of brokenLines()) assert.match(out, new RegExp(`fix-flaky-test\\.prompts:${line}:`), out);
  });
}
