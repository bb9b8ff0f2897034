// The browser server's encoder loader: the chunk dist/web/tokenizers/<name>.js
// beside this worker's script, run with importScripts, which leaves the
// encoder in a global of its own (scripts/build.mjs names it). A worker
// started from a blob (an extension on a remote) has no folder to find it
// in: the count is then unavailable, and the preview says so.

import type { EncodingName, TokenEncoder } from '../../../src-shared/pack/tokens/tokenizers';

interface WorkerScope {
  readonly location: { readonly href: string };
  importScripts(...urls: string[]): void;
}

export async function importEncoder(name: EncodingName): Promise<TokenEncoder> {
  const scope = globalThis as unknown as WorkerScope & Record<string, { encode?: TokenEncoder } | undefined>;
  if (typeof scope.importScripts !== 'function' || !/^(https?|vscode-[\w-]+|file):/.test(scope.location.href)) throw new Error('no script folder to load it from in this worker');
  scope.importScripts(new URL(`tokenizers/${name}.js`, scope.location.href).href);
  const encode = scope[`packsTokenizer_${name}`]?.encode;
  if (typeof encode !== 'function') throw new Error(`tokenizers/${name}.js defines no encoder`);
  return encode;
}
