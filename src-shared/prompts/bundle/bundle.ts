// A spec bundle as the rules see it (FORMATS.md B.7): its files under
// `prompts/`, each named by the caller (a URI in the editor, a path on the
// command line) and placed by its path relative to the bundle's root, with
// the facts of each `.prompts` file. The editor's workspace index, the
// command line's walk and the tests' in-memory bundles all build this.

import type { PromptsFacts } from './facts';

export interface BundleFile {
  /** How the caller names the file; findings and locations name it so. */
  readonly name: string;
  /** `/`-separated, relative to the bundle root: `prompts/main.prompts`. */
  readonly path: string;
  /** Set for `.prompts` files. */
  readonly facts?: PromptsFacts;
}

export interface Bundle {
  readonly files: readonly BundleFile[];
  /**
   * Every file of the bundle is here. False in restricted mode, where only
   * open files are known: a rule that reports something missing from the
   * bundle (a fork's ancestor) stays quiet then.
   */
  readonly complete: boolean;
}

/** Where a file sits among the tiers of `prompts/`. */
export type Tier = 'root' | 'captured' | 'curated' | 'pending' | 'other';

export function tierOf(path: string): Tier | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'prompts' || parts.length < 2) return undefined;
  if (parts.length === 2) return 'root';
  if (parts[1] === 'captured') return 'captured';
  if (parts[1] === 'curated') return parts[2] === '_pending' && parts.length > 3 ? 'pending' : 'curated';
  return 'other';
}

export function isMarkdown(path: string): boolean {
  return /\.(md|markdown)$/i.test(path);
}

/**
 * The bundle a file belongs to, from its `/`-separated path: the nearest of
 * `roots` (folders holding a `spec.yaml`) whose `prompts/` holds it, else
 * the folder above the last `prompts` folder on its path. Undefined when the
 * file is under no `prompts/` folder.
 */
export function bundleRootOf(file: string, roots: readonly string[]): { root: string; path: string } | undefined {
  let best: string | undefined;
  for (const r of roots) {
    const prefix = r === '' || r.endsWith('/') ? `${r}prompts/` : `${r}/prompts/`;
    if (file.startsWith(prefix) && (best === undefined || r.length > best.length)) best = r;
  }
  if (best !== undefined) return { root: best, path: file.slice(best === '' || best.endsWith('/') ? best.length : best.length + 1) };
  const parts = file.split('/');
  for (let i = parts.length - 2; i >= 0; i--) {
    if (parts[i] === 'prompts') return { root: parts.slice(0, i).join('/'), path: parts.slice(i).join('/') };
  }
  return undefined;
}
