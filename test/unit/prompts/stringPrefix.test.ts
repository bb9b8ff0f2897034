// The start of a string value read from its source (what the outline and
// hovers show of a long turn) is the start of the value smol-toml decodes,
// for every string style, with and without escapes, cut anywhere.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { parse } from 'smol-toml';
import { indexBlock } from '../../../src-shared/prompts/toml/scanner';
import { stringPrefixOf } from '../../../src-shared/prompts/toml/stringPrefix';

// Left out: a line-ending backslash, whose trimmed run of white space can be longer than the source the prefix reads.
const piece = fc.constantFrom('a', 'é', ' ', '"', "'", '\n', '\r\n', '\\n', '\\t', '\\\\', '\\"', '\\u00e9', '\\U0001F600', 'word ', '日本');
const body = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));

test('the prefix of a string read from its source is the prefix of the decoded value', () => {
  fc.assert(
    fc.property(body, fc.constantFrom('"""', "'''", '"', "'"), fc.integer({ min: 0, max: 60 }), (content, quote, max) => {
      const text = `v = ${quote}${quote.length === 3 ? '\n' : ''}${content}${quote}\n`;
      let value: unknown;
      try {
        value = parse(text)['v'];
      } catch {
        return;
      }
      const node = indexBlock(text).root.member('v')?.value;
      assert.ok(node?.kind === 'string');
      assert.equal(stringPrefixOf(text, node, max), (value as string).slice(0, max));
    }),
    { numRuns: 5000 },
  );
});

test('a line-ending backslash and the white space after it are no part of the prefix, however long that run', () => {
  for (const content of ['abc \\\n   def', 'abc \\\r\n\n\t\t  def ghi', `a\\\n${' '.repeat(500)}\n${' '.repeat(500)}b\\u00e9c`]) {
    const text = `v = """\n${content}"""\n`;
    const value = parse(text)['v'] as string;
    const node = indexBlock(text).root.member('v')?.value;
    assert.ok(node?.kind === 'string');
    for (const max of [1, 3, 5, 8, 100]) assert.equal(stringPrefixOf(text, node, max), value.slice(0, max), `${JSON.stringify(content.slice(0, 12))} ${max}`);
  }
});
