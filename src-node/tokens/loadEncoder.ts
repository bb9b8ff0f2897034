// Loads an encoding's encoder in Node (the server, the command line): from
// the bundle's own chunk beside it (dist/tokenizers/<name>.js) when there is
// one, else the module itself (the compiled tests in out/). Loaded once per
// process, on the first count.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { EncodingName, TokenEncoder } from '../../src-shared/pack/tokens/tokenizers';

const loaded = new Map<EncodingName, TokenEncoder>();

export function loadEncoder(name: EncodingName): TokenEncoder {
  let encoder = loaded.get(name);
  if (!encoder) {
    const chunk = path.join(__dirname, 'tokenizers', `${name}.js`);
    // Through createRequire, not `require`: the bundler must leave the chunk out of the bundle that loads it.
    const load = createRequire(__filename);
    const module = load(existsSync(chunk) ? chunk : path.join(__dirname, name)) as { encode: TokenEncoder };
    encoder = module.encode;
    loaded.set(name, encoder);
  }
  return encoder;
}
