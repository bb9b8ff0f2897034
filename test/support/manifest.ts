// package.json as VS Code shows it: every `%key%` replaced by its English
// text from package.nls.json.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './paths';

// The tests read the manifest's JSON loosely, as they read any JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readManifest<T = any>(): T {
  const nls = JSON.parse(readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
  return JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'), (_key, value: unknown) => {
    if (typeof value !== 'string') return value;
    const m = /^%([^%\s]+)%$/.exec(value);
    if (!m) return value;
    const text = nls[m[1]!];
    if (text === undefined) throw new Error(`package.json names %${m[1]}%, which package.nls.json lacks`);
    return text;
  }) as T;
}
