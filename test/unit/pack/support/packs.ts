// Small packs for tests: sections given as [name, body] pairs, decoded.

import * as assert from 'node:assert/strict';
import { decode } from '../../../../src-shared/pack/decode';
import type { Pack } from '../../../../src-shared/pack/model';

export function packOf(...sections: Array<[string, string]>): Pack {
  const d = decode(`%% loom-prompt-pack 1\n%% version v\n${sections.map(([n, b]) => `%% section ${n}\n${b}\n`).join('')}`);
  assert.ok(d.ok, 'the test pack decodes');
  return d.pack;
}
