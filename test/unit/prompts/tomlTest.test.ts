// toml-test's TOML 1.0.0 list through the core, as the command line reads a
// file (the text, then its bytes' UTF-8): every valid case accepted, every
// invalid case refused, as Python's `tomllib` (upstream's reader) does. The
// 1.1.0 list's cases that only TOML 1.1 makes valid are refused with a
// message saying so.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { invalidUtf8Findings } from '../../../src-shared/encodingFindings';
import { checkPrompts } from '../../../src-shared/prompts/rules/check';
import { defaultSettings } from '../../../src-shared/settings';
import { refuses, tomlTestCases, type TomlTestCase } from '../../support/tomlTestCases';

function coreRefuses(c: TomlTestCase): boolean {
  const text = c.bytes.toString('utf8');
  return refuses([...checkPrompts(text, defaultSettings.prompts), ...invalidUtf8Findings(c.bytes, text, 'prompts')]);
}

test("toml-test's 1.0.0 list: all 709 cases judged as tomllib judges them", () => {
  const cases = tomlTestCases('1.0.0');
  assert.equal(cases.length, 709);
  assert.deepEqual(
    cases.filter((c) => coreRefuses(c) === c.valid).map((c) => c.path),
    [],
  );
});

// The valid cases of the 1.1.0 list that `tomllib` refuses, but for its two
// with a byte order mark (measured with Python 3.11's tomllib; docs/toml.md).
const onlyTomlOnePointOne = [
  'valid/datetime/no-seconds.toml',
  'valid/inline-table/newline-comment.toml',
  'valid/inline-table/newline.toml',
  'valid/key/empty-05.toml',
  'valid/spec-1.1.0/common-12.toml',
  'valid/spec-1.1.0/common-29.toml',
  'valid/spec-1.1.0/common-31.toml',
  'valid/spec-1.1.0/common-34.toml',
  'valid/spec-1.1.0/common-47.toml',
  'valid/string/escape-esc.toml',
  'valid/string/hex-escape.toml',
];

test("toml-test's 1.1.0 list: exactly what only TOML 1.1 allows is refused, with a message saying it is TOML 1.1", () => {
  const refused = tomlTestCases('1.1.0')
    .filter((c) => c.valid)
    .map((c) => ({ path: c.path, syntax: checkPrompts(c.bytes.toString('utf8'), defaultSettings.prompts).filter((f) => f.code === 'prompts/toml-syntax') }))
    .filter((c) => c.syntax.length > 0);
  assert.deepEqual(
    refused.map((c) => c.path),
    onlyTomlOnePointOne,
  );
  for (const c of refused) assert.match(c.syntax[0]!.message, /is TOML 1\.1; upstream reads TOML 1\.0/, c.path);
});
