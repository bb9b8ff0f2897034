// `check DIR`: the rules across the files of the bundle DIR is or holds
// (FORMATS.md B.7). The bundle is found from DIR: DIR itself if it holds a
// `spec.yaml`; else the nearest folder above with a `spec.yaml` whose
// `prompts/` DIR lies in; else DIR (its parent, when DIR is a `prompts`
// folder). Every file under its `prompts/` is placed; each `.prompts` file
// is read once for its facts (the texts are not kept), and read again
// only when a merged copy must be compared with its original. `--ci` makes
// the review tier's pending note an error, as the upstream gate refuses it.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Finding } from '../../src-shared/finding';
import { sortFindings } from '../../src-shared/finding';
import type { Bundle, BundleFile } from '../../src-shared/prompts/bundle/bundle';
import { checkBundle, mergeComparisons } from '../../src-shared/prompts/bundle/check';
import { bundleCodes } from '../../src-shared/prompts/bundle/codes';
import { sessionDigests } from '../../src-shared/prompts/bundle/content';
import { factsOfText } from '../../src-shared/prompts/bundle/facts';
import { readFile, walk } from './files';
import type { FileFindings } from './output';

/** With `--ci`, files awaiting review fail the check, as the upstream gate refuses them. */
export function withCiErrors(findings: readonly Finding[], ci: boolean): Finding[] {
  return findings.map((f) => (ci && f.code === bundleCodes.pendingReview.code ? { ...f, severity: 'error' } : f));
}

/** The bundle root for a folder named on the command line. */
export function bundleRootFor(dir: string): string {
  const start = path.resolve(dir);
  if (fs.existsSync(path.join(start, 'spec.yaml'))) return start;
  for (let up = path.dirname(start), below = start; up !== below; below = up, up = path.dirname(up)) {
    if (path.basename(below) === 'prompts' && fs.existsSync(path.join(up, 'spec.yaml'))) return up;
  }
  return path.basename(start) === 'prompts' ? path.dirname(start) : start;
}

/** The bundle findings of each bundle root, by absolute file path; unreadable files are reported in `problems`. */
export function checkBundles(roots: readonly string[], maxBytes: number, problems: string[]): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  for (const root of new Set(roots)) {
    const prompts = path.join(root, 'prompts');
    if (!fs.existsSync(prompts)) continue;
    const found = walk(prompts, (f) => !path.basename(f).startsWith('.'));
    problems.push(...found.errors.map((e) => `cannot read ${e.path}: ${e.reason}`));
    const files: BundleFile[] = [];
    for (const file of found.files) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (!file.endsWith('.prompts')) {
        files.push({ name: file, path: rel });
        continue;
      }
      // Unreadable or too large: the main check reports it; the bundle goes on without it.
      const read = readFile(file, maxBytes);
      if (read.ok) files.push({ name: file, path: rel, facts: factsOfText(read.text) });
    }
    const bundle: Bundle = { complete: true, files };
    const digests = new Map<string, Map<string, string>>();
    for (const [name, ids] of mergeComparisons(bundle)) {
      const read = readFile(name, maxBytes);
      if (read.ok) digests.set(name, sessionDigests(read.text, ids));
    }
    for (const [name, findings] of checkBundle(bundle, digests)) out.set(name, findings);
  }
  return out;
}

/** `results` with each bundle finding added to its file's entry (an entry of its own for a file not checked otherwise). */
export function withBundleFindings(results: readonly FileFindings[], bundle: ReadonlyMap<string, Finding[]>): FileFindings[] {
  if (bundle.size === 0) return [...results];
  const left = new Map(bundle);
  const merged = results.map((r) => {
    const extra = left.get(path.resolve(r.file));
    if (!extra) return r;
    left.delete(path.resolve(r.file));
    return { file: r.file, findings: sortFindings([...r.findings, ...extra]) };
  });
  for (const [file, findings] of left) merged.push({ file: path.relative(process.cwd(), file) || file, findings: sortFindings(findings) });
  return merged;
}

