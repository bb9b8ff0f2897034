// `check PATH...`: every finding in every file the paths name or hold
// (`*.packenv.json` files found on the way are environments packs are
// judged in, not files to check), and for each folder the rules across the
// files of its bundle (bundle.ts).

import { refusalFinding, refusalOf, textFacts } from '../../src-shared/fileLimits';
import { resolveSettings } from '../../src-shared/settings';
import { isProfileName } from '../../src-shared/pack/profiles';
import { parseArgs, stringOption, UsageError } from './args';
import { kindByExtension, kindOf } from './fileKinds';
import { readFile, statPath, walk } from './files';
import { humanFindings, jsonFindings, summary, type FileFindings } from './output';
import type { Io } from './io';
import { EnvironmentFiles, isEnvironmentFile } from './environmentFiles';
import { trackedEnvironmentFiles } from './packDiscipline';
import { asErrors, strictEditCodes, strictRenderCodes } from './strict';
import { bundleRootFor, checkBundles, ciCodes, withBundleFindings } from './bundle';

export function checkCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, {
    json: { value: false },
    profile: { value: true },
    'strict-unknown': { value: false },
    'strict-edits': { value: false },
    'max-render-bytes': { value: true },
    'strict-renders': { value: false },
    'max-file-size-mb': { value: true },
    ci: { value: false },
  });
  const profile = stringOption(args, 'profile');
  if (profile !== undefined && !isProfileName(profile)) throw new UsageError(`unknown profile ${profile} (loom-9 or loom-1)`);
  const budget = stringOption(args, 'max-render-bytes');
  if (budget !== undefined && !/^\d{1,15}$/.test(budget)) throw new UsageError(`--max-render-bytes takes a whole number of bytes (0: no budget), not ${budget}`);
  const sizeLimit = stringOption(args, 'max-file-size-mb');
  if (sizeLimit !== undefined && !(Number(sizeLimit) > 0)) throw new UsageError(`--max-file-size-mb takes a number of megabytes above 0, not ${sizeLimit}`);
  if (args.positionals.length === 0) throw new UsageError('check needs at least one PATH');
  const settings = resolveSettings({
    pack: { profile: profile ?? 'loom-9', maxRenderBytes: budget === undefined ? null : Number(budget) },
    prompts: { strictUnknownTools: args.options.has('strict-unknown') },
    ...(sizeLimit !== undefined && { maxFileSizeMB: Number(sizeLimit) }),
  });
  const maxBytes = settings.maxFileSizeMB * 1024 * 1024;

  const problems: string[] = [];
  const notes: string[] = [];
  const targets: string[] = [];
  const environmentFiles: string[] = [];
  const bundleRoots: string[] = [];
  for (const p of args.positionals) {
    const entry = statPath(p);
    if (entry.kind === 'missing') problems.push(`cannot read ${p}: ${entry.reason}`);
    else if (entry.kind === 'file') targets.push(p);
    else {
      bundleRoots.push(bundleRootFor(p));
      const found = walk(p, (file) => kindByExtension(file) !== undefined || isEnvironmentFile(file));
      targets.push(...found.files.filter((f) => !isEnvironmentFile(f)));
      environmentFiles.push(...found.files.filter(isEnvironmentFile));
      problems.push(...found.errors.map((e) => `cannot read ${e.path}: ${e.reason}`));
    }
  }
  const context = { environments: new EnvironmentFiles(environmentFiles, trackedEnvironmentFiles, (text) => notes.push(text)) };
  const strictCodes = new Set([
    ...(args.options.has('strict-edits') ? strictEditCodes : []),
    ...(args.options.has('strict-renders') ? strictRenderCodes : []),
    ...(args.options.has('ci') ? ciCodes : []),
  ]);

  let results: FileFindings[] = [];
  for (const file of targets) {
    const read = readFile(file, maxBytes);
    if (!read.ok && !('tooLarge' in read)) {
      problems.push(`cannot read ${file}: ${read.reason}`);
      continue;
    }
    const kind = read.ok ? kindOf(file, read.text) : kindByExtension(file);
    if (!kind) {
      problems.push(read.ok ? `cannot check ${file}: not a prompt pack (*.pack, or a first line starting \`%% loom-prompt-pack\`)` : `cannot check ${file}: ${read.reason}`);
      continue;
    }
    // Too large to read, or binary: the editor's one note instead of a check.
    const refusal = read.ok ? refusalOf(textFacts(read.text), kind.name, settings.maxFileSizeMB) : { kind: 'tooLarge' as const, limitMB: settings.maxFileSizeMB };
    if (refusal) {
      results.push({ file, findings: [refusalFinding(refusal, kind.name)] });
      continue;
    }
    if (!read.ok) continue;
    const findings = kind.check(read.text, settings, file, context);
    results.push({ file, findings: asErrors(findings, strictCodes) });
  }

  results = withBundleFindings(results, checkBundles(bundleRoots, maxBytes, problems)).map((r) => ({ file: r.file, findings: asErrors(r.findings, strictCodes) }));

  const json = args.options.has('json');
  io.stdout(json ? jsonFindings(results) : humanFindings(results));
  for (const n of notes) io.stderr(n);
  for (const p of problems) io.stderr(`${p}\n`);
  if (!json) io.stderr(summary(results));
  if (problems.length > 0) return 2;
  return results.some((r) => r.findings.some((f) => f.severity === 'error')) ? 1 : 0;
}
