// Loads an encoding's encoder in Node (the server, the command line), once
// per process, on the first count: from the bundle's own chunk beside it
// (dist/tokenizers/<name>.js: the extension and the repository's build),
// else the compiled module (the tests in out/), else gpt-tokenizer as the
// user installed it (the command line's npm package ships without the
// chunks, 3.7 MB: a project that wants exact counts installs
// `gpt-tokenizer@4.0.0` beside it). None of them: no encoder, and the
// command line says its count is an estimate (cli/src/tokens.ts).

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { EncodingName, TokenEncoder } from '../../src-shared/pack/tokens/tokenizers';
import { plainText } from './plainText';

/** The gpt-tokenizer release the chunks are built from, and the one the docs tell users to install. */
export const encoderPackage = 'gpt-tokenizer@4.0.0';

const loaded = new Map<EncodingName, TokenEncoder | undefined>();

/** The encoder, or undefined when neither a chunk nor an installed gpt-tokenizer has it. */
export function findEncoder(name: EncodingName): TokenEncoder | undefined {
  if (!loaded.has(name)) loaded.set(name, ownEncoder(name) ?? installedEncoder(name));
  return loaded.get(name);
}

/** The encoder, for a host that ships it (the extension's server): its absence is a broken build. */
export function loadEncoder(name: EncodingName): TokenEncoder {
  const encoder = findEncoder(name);
  if (!encoder) throw new Error(`the ${name} encoder is missing beside ${__filename} (dist/tokenizers/${name}.js)`);
  return encoder;
}

// Through createRequire, not `require`: the bundler must leave the chunk out of the bundle that loads it.
const load = createRequire(__filename);

function ownEncoder(name: EncodingName): TokenEncoder | undefined {
  for (const file of [path.join(__dirname, 'tokenizers', `${name}.js`), path.join(__dirname, `${name}.js`)]) {
    if (existsSync(file)) return (load(file) as { encode: TokenEncoder }).encode;
  }
  return undefined;
}

type GptTokenizerEncode = (text: string, options: typeof plainText) => number[];

// Beside the package (node_modules/gpt-tokenizer), else from the project the command runs in.
function installedEncoder(name: EncodingName): TokenEncoder | undefined {
  for (const from of [load, createRequire(path.join(process.cwd(), 'package.json'))]) {
    let resolved: string;
    try {
      resolved = from.resolve(`gpt-tokenizer/encoding/${name}`);
    } catch {
      continue;
    }
    const encode = (load(resolved) as { encode: GptTokenizerEncode }).encode;
    return (text) => encode(text, plainText);
  }
  return undefined;
}
