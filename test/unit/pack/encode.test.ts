// FORMATS.md A.2: encode writes header, version, then each section as its
// directive, its body and a newline; comments and blank lines are not kept.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decode } from '../../../src-shared/pack/decode';
import { encode } from '../../../src-shared/pack/encode';
import { contentOf } from '../../../src-shared/pack/model';
import { examplesDir } from '../../support/paths';

test('encode writes the canonical layout', () => {
  assert.equal(
    encode({ version: 'v1', sections: [{ name: 'identity', body: 'hello\n  world' }, { name: '_frag', body: '' }] }),
    '%% loom-prompt-pack 1\n%% version v1\n%% section identity\nhello\n  world\n%% section _frag\n\n',
  );
  assert.equal(encode({ version: 'v', sections: [] }), '%% loom-prompt-pack 1\n%% version v\n');
});

test('comments, blank lines and CRLF do not survive encoding; the content does', () => {
  const d = decode('%% loom-prompt-pack 1\r\n%% # note\r\n%% version v\r\n\r\n%% section a\r\n\r\n  x\r\n%% # in\r\ny\r\n\r\n');
  assert.ok(d.ok);
  const text = encode(d.pack);
  assert.equal(text, '%% loom-prompt-pack 1\n%% version v\n%% section a\nx\ny\n');
  const again = decode(text);
  assert.ok(again.ok);
  assert.deepEqual(contentOf(again.pack), contentOf(d.pack));
  assert.equal(encode(again.pack), text, 'encoding twice is encoding once');
});

test('the bundled examples round-trip', () => {
  for (const dir of ['loom-9', 'loom-1']) {
    for (const f of fs.readdirSync(path.join(examplesDir, dir))) {
      const d = decode(fs.readFileSync(path.join(examplesDir, dir, f), 'utf8'));
      assert.ok(d.ok, f);
      const back = decode(encode(d.pack));
      assert.ok(back.ok, f);
      assert.deepEqual(contentOf(back.pack), contentOf(d.pack), f);
    }
  }
});

test('a body whose first line starts with %% (an indented line decode trimmed) is written indented, so it decodes back', () => {
  const d = decode('%% loom-prompt-pack 1\n%% version v\n%% section a\n %% not a directive\nmore\n');
  assert.ok(d.ok);
  assert.equal(d.pack.sections[0]!.body, '%% not a directive\nmore');
  const text = encode(d.pack);
  assert.equal(text, '%% loom-prompt-pack 1\n%% version v\n%% section a\n %% not a directive\nmore\n');
  const again = decode(text);
  assert.ok(again.ok);
  assert.deepEqual(contentOf(again.pack), contentOf(d.pack));
  assert.equal(encode(again.pack), text);
});

test('a body line that still ends with "\\r" after decoding (its line ended "\\r\\r") keeps it through encoding', () => {
  const d = decode('%% loom-prompt-pack 1\n%% version v\n%% section a\nx\r\r\ny\n');
  assert.ok(d.ok);
  assert.equal(d.pack.sections[0]!.body, 'x\r\ny');
  const again = decode(encode(d.pack));
  assert.ok(again.ok);
  assert.deepEqual(contentOf(again.pack), contentOf(d.pack));
});
