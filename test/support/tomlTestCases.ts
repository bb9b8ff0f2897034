// toml-test's cases (test/fixtures/toml-test/cases.json, written by
// scripts/tomlTestCases.mjs) and what counts as refusing one: the findings
// that say Python's `tomllib`, which upstream reads `.prompts` files with,
// would not read the file. A valid case is TOML, not a valid `.prompts`
// file, so schema findings are no verdict on it.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixturesDir } from './paths';

export interface TomlTestCase {
  readonly path: string;
  readonly valid: boolean;
  readonly lists: readonly string[];
  readonly bytes: Buffer;
}

interface StoredCase {
  readonly path: string;
  readonly valid: boolean;
  readonly lists: readonly string[];
  readonly text?: string;
  readonly base64?: string;
}

const stored = JSON.parse(fs.readFileSync(path.join(fixturesDir, 'toml-test', 'cases.json'), 'utf8')) as { commit: string; cases: StoredCase[] };

export const tomlTestCommit = stored.commit;

/** The cases toml-test's list for `version` (`1.0.0` or `1.1.0`) names. */
export function tomlTestCases(version: string): TomlTestCase[] {
  return stored.cases
    .filter((c) => c.lists.includes(version))
    .map((c) => ({ path: c.path, valid: c.valid, lists: c.lists, bytes: c.text !== undefined ? Buffer.from(c.text, 'utf8') : Buffer.from(c.base64 ?? '', 'base64') }));
}

/** Codes that mean the file is not TOML upstream reads: a syntax error, bytes that are not UTF-8, no text at all. */
export const notTomlCodes: ReadonlySet<string> = new Set(['prompts/toml-syntax', 'prompts/invalid-utf8', 'prompts/binary-file']);

export function refuses(findings: readonly { readonly code: string; readonly severity: string }[]): boolean {
  return findings.some((f) => f.severity === 'error' && notTomlCodes.has(f.code));
}
