// `check PATH...`: every finding in every file the paths name or hold
// (`*.packenv.json` files found on the way are environments packs are
// judged in, not files to check), and for each folder the rules across the
// files of its bundle (bundle.ts). A gate that fails closed: a file it did
// not check (over a limit, or under a strict flag whose baseline git could
// not give) is an error finding and a line on stderr saying why and how to
// check it, and the exit is 2, as for a path that cannot be read, or a
// folder with nothing in it to check (unless `--allow-empty`).

import { invalidUtf8Findings } from '../../src-shared/encodingFindings';
import { type FileFormat, limitHint, type LimitHints, type Refusal, refusalFacts, refusalFinding, refusalOf, sizeRefusal, structureLimits, textFacts } from '../../src-shared/fileLimits';
import type { Finding } from '../../src-shared/finding';
import { sortFindings } from '../../src-shared/finding';
import { resolveSettings } from '../../src-shared/settings';
import { parseArgs, stringOption, UsageError } from './args';
import * as path from 'node:path';
import { nodeSyncSpawner } from '../../src-node/git/command';
import { baselinesFor } from './baseline';
import { type FileKind, kindByExtension, kindByFirstLine, kindOf, walkedKind } from './fileKinds';
import { readFile, readFirstBytes, statPath, walk } from './files';
import { humanFindings, jsonFindings, printable, summary, type FileFindings } from './output';
import type { Io } from './io';
import { EnvironmentFiles, isEnvironmentFile } from './environmentFiles';
import { trackedEnvironmentFiles } from './packDiscipline';
import { asErrors, type Strictness } from './strict';
import { bundleRootFor, checkBundles, withBundleFindings, withCiErrors } from './bundle';
import { checkProfileFile, CliProfiles, isProfileFile } from './profileFiles';
import { CheckedTree } from './checkedTree';
import { counterFor, tokenizerOption, tokenOption, uncheckedBudgets } from './tokens';

/** The command line's own ways past each limit, for the refusal's message. */
const cliHints: LimitHints = {
  notChecked: 'so it is not checked',
  size: 'Raise the limit with `--max-file-size-mb N` to check it.',
  structure: { prompts: 'Raise the limit with `--max-tables N` to check it.', pack: 'Raise the limit with `--max-pack-pieces N` to check it.' },
};

export function checkCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, {
    json: { value: false },
    profile: { value: true },
    'strict-unknown': { value: false },
    'strict-edits': { value: false },
    'strict-secrets': { value: false },
    strict: { value: false },
    'max-render-bytes': { value: true },
    'max-render-tokens': { value: true },
    'min-cached-tokens': { value: true },
    tokenizer: { value: true },
    'strict-renders': { value: false },
    'max-file-size-mb': { value: true },
    'max-tables': { value: true },
    'max-pack-pieces': { value: true },
    ci: { value: false },
    'allow-empty': { value: false },
    'skip-others': { value: false },
    base: { value: true },
  });
  const baselines = baselinesFor(args);
  const profile = stringOption(args, 'profile');
  const budget = stringOption(args, 'max-render-bytes');
  if (budget !== undefined && !/^\d{1,15}$/.test(budget)) throw new UsageError(`--max-render-bytes takes a whole number of bytes (0: no budget), not ${budget}`);
  const maxRenderTokens = tokenOption(args, 'max-render-tokens');
  const minCachedTokens = tokenOption(args, 'min-cached-tokens');
  const tokenizer = tokenizerOption(args);
  const sizeLimit = stringOption(args, 'max-file-size-mb');
  if (sizeLimit !== undefined && !(Number(sizeLimit) > 0)) throw new UsageError(`--max-file-size-mb takes a number of megabytes above 0, not ${sizeLimit}`);
  const structure: Record<FileFormat, number> = { prompts: countOption(args, 'max-tables', structureLimits.prompts.limit), pack: countOption(args, 'max-pack-pieces', structureLimits.pack.limit) };
  if (args.positionals.length === 0) throw new UsageError('check needs at least one PATH');
  const settings = resolveSettings({
    pack: { maxRenderBytes: budget === undefined ? null : Number(budget) },
    prompts: { strictUnknownTools: args.options.has('strict-unknown') },
    ...(sizeLimit !== undefined && { maxFileSizeMB: Number(sizeLimit) }),
  });
  const maxBytes = settings.maxFileSizeMB * 1024 * 1024;
  const all = args.options.has('strict');
  const strict: Strictness = {
    all,
    edits: all || args.options.has('strict-edits'),
    renders: all || args.options.has('strict-renders'),
    secrets: all || args.options.has('strict-secrets'),
  };

  const problems: string[] = [];
  const notes: string[] = [];
  const targets: string[] = [];
  const environmentFiles: string[] = [];
  const bundleRoots: string[] = [];
  const profileFiles: string[] = [];
  const tree = new CheckedTree(args.positionals);
  /** Files named one by one, and the bundles they lie in (their `prompts/` folder's, as `check FOLDER` would take it). */
  const named: string[] = [];
  for (const p of args.positionals) {
    const entry = statPath(p);
    if (entry.kind === 'missing') problems.push(`cannot read ${p}: ${entry.reason}`);
    else if (entry.kind === 'file') {
      targets.push(p);
      named.push(p);
    } else {
      bundleRoots.push(bundleRootFor(p));
      const found = walk(p, (file) => isEnvironmentFile(file) || isProfileFile(file) || walkedKind(file) !== undefined);
      // A link out of the tree is not followed: its target's contents would reach the log.
      const files: string[] = [];
      for (const f of found.files) {
        if (tree.contains(f)) files.push(f);
        else problems.push(`cannot read ${f}: not a file inside the checked tree`);
      }
      const toCheck = files.filter((f) => !isEnvironmentFile(f));
      // A folder with nothing to check is no pass: a mistyped or moved path would pass every run.
      if (toCheck.length === 0 && found.errors.length === 0 && !args.options.has('allow-empty')) {
        problems.push(`${p}: no pack, .prompts or .loomprofile.json file in it, so nothing was checked (pass --allow-empty if that is expected)`);
      }
      targets.push(...toCheck);
      profileFiles.push(...files.filter(isProfileFile));
      environmentFiles.push(...files.filter(isEnvironmentFile));
      problems.push(...found.errors.map((e) => `cannot read ${e.path}: ${e.reason}`));
    }
  }
  const profiles = new CliProfiles(profile, [...profileFiles, ...targets.filter(isProfileFile)], tree);
  // The encoder is loaded only when a budget in tokens asks for counts.
  const tokens = maxRenderTokens !== null || minCachedTokens !== null ? { counter: counterFor(tokenizer), maxRenderTokens, minCachedTokens } : undefined;
  // A budget in tokens judged on an estimate the user did not choose would pass or fail by chance: the gate fails closed.
  const unchecked = tokens && uncheckedBudgets(tokens.counter, [...(maxRenderTokens !== null ? ['--max-render-tokens'] : []), ...(minCachedTokens !== null ? ['--min-cached-tokens'] : [])]);
  if (unchecked !== undefined) {
    io.stderr(`${unchecked}\n`);
    return 2;
  }
  const tracked = (root: string) => trackedEnvironmentFiles(root, nodeSyncSpawner, baselines.location);
  const context = {
    environments: new EnvironmentFiles(environmentFiles, tracked, (text) => notes.push(text)),
    profiles,
    strict,
    baselines,
    ...(tokens && { tokens }),
    maxTables: structure.prompts,
  };
  const namedBundles = bundlesOfFiles(named);

  let results: FileFindings[] = [];
  /** The files whose rules really ran: the summary counts these, not every file a line names. */
  const checked = new Set<string>();
  let notChecked = 0;
  /** Too large to read, binary, or past the structure limit: the editor's one finding, an error here. */
  const refuse = (file: string, kind: FileFormat, refusal: Refusal): void => {
    const finding: Finding = { ...refusalFinding(refusal, kind, cliHints), severity: 'error' };
    results.push({ file, findings: [finding] });
    // A binary file was judged (it is no text of its format); a file over a limit was not.
    if (refusal.kind !== 'binary') {
      problems.push(`${file}: not checked: it ${refusalFacts(refusal, kind)}. ${limitHint(refusal, kind, cliHints)}`);
      notChecked++;
    } else checked.add(path.resolve(file));
  };
  const skipOthers = args.options.has('skip-others');
  for (const file of targets) {
    // A hook's file list holds every staged file: one that is no pack by name or first line, no capture, no profile
    // and no member of a bundle is no concern of ours. Only its first bytes are read.
    if (skipOthers && isOther(file, namedBundles.members)) continue;
    const read = readFile(file, maxBytes);
    if (!read.ok && !('tooLarge' in read)) {
      problems.push(`cannot read ${file}: ${read.reason}`);
      continue;
    }
    if (isProfileFile(file)) {
      if (read.ok) {
        results.push({ file, findings: checkProfileFile(read.text) });
        checked.add(path.resolve(file));
      } else problems.push(`cannot check ${file}: ${read.reason}`);
      continue;
    }
    const kind = read.ok ? kindOf(file, read.text) : kindByExtension(file);
    // A file of a bundle's `prompts/` that is no pack or capture (a `.md`, a note): the bundle rules judge it.
    if (!kind && namedBundles.members.has(path.resolve(file))) continue;
    if (!kind) {
      problems.push(read.ok ? `cannot check ${file}: not a prompt pack (*.pack, or a first line starting \`%% loom-prompt-pack\`)` : `cannot check ${file}: ${read.reason}`);
      continue;
    }
    const refusal = !read.ok ? { kind: 'tooLarge' as const, limitMB: settings.maxFileSizeMB } : refusalBeforeCheck(read.text, kind, settings.maxFileSizeMB, structure[kind.name]);
    if (refusal) {
      refuse(file, kind.name, refusal);
      continue;
    }
    if (!read.ok) continue;
    const check = kind.check(read.text, settings, file, context);
    if (check.refusal) {
      refuse(file, kind.name, check.refusal);
      continue;
    }
    const findings = sortFindings([...check.findings, ...invalidUtf8Findings(read.bytes, read.text, kind.name)]);
    results.push({ file, findings: asErrors(findings, strict) });
    if (check.notChecked !== undefined) {
      problems.push(`${file}: not checked: ${check.notChecked}`);
      notChecked++;
    } else checked.add(path.resolve(file));
  }

  const bundleFindings = checkBundles(bundleRoots, maxBytes, problems);
  // A bundle found only through files named one by one (a pre-commit hook's): its findings in those files.
  const folderRoots = new Set(bundleRoots);
  const fileOnlyRoots = [...namedBundles.roots].filter((r) => !folderRoots.has(r));
  for (const [file, findings] of checkBundles(fileOnlyRoots, maxBytes, problems)) {
    if (namedBundles.members.has(file)) bundleFindings.set(file, findings);
  }
  // A file only the bundle rules judge (no pack, no capture) counts as checked when they did: named, or with a finding.
  for (const file of [...namedBundles.members, ...bundleFindings.keys()]) if (!kindByExtension(file) && !checked.has(file)) checked.add(file);

  results = withBundleFindings(results, bundleFindings).map((r) => ({
    file: r.file,
    findings: withCiErrors(asErrors(r.findings, strict), args.options.has('ci')),
  }));

  const json = args.options.has('json');
  io.stdout(json ? jsonFindings(results) : humanFindings(results));
  for (const n of notes) io.stderr(printable(n.replace(/\n$/, '')) + '\n');
  for (const p of problems) io.stderr(`${printable(p)}\n`);
  if (!json) io.stderr(summary(results, checked.size, notChecked));
  if (problems.length > 0) return 2;
  return results.some((r) => r.findings.some((f) => f.severity === 'error')) ? 1 : 0;
}

/** Binary or over the size limit, or past the structure limit unless the kind's check measures that itself. */
function refusalBeforeCheck(text: string, kind: FileKind, maxFileSizeMB: number, structureLimit: number): Refusal | undefined {
  const facts = textFacts(text);
  return kind.checkMeasuresStructure ? sizeRefusal(facts, maxFileSizeMB) : refusalOf(facts, kind.name, maxFileSizeMB, structureLimit);
}

/**
 * Whether `--skip-others` skips a named file: no pack (by extension or first line), capture, profile or bundle
 * member. A file whose first bytes cannot be read is not skipped: it may be a pack, so it is read, and its error
 * said, as without the option.
 */
function isOther(file: string, bundleMembers: ReadonlySet<string>): boolean {
  if (isProfileFile(file) || bundleMembers.has(path.resolve(file)) || kindByExtension(file)) return false;
  const head = readFirstBytes(file);
  return head !== undefined && kindByFirstLine(head) === undefined;
}

/** The bundle roots the files named one by one lie in, and those of the files that are members (absolute paths). */
function bundlesOfFiles(files: readonly string[]): { roots: Set<string>; members: Set<string> } {
  const roots = new Set<string>();
  const members = new Set<string>();
  for (const file of files) {
    const absolute = path.resolve(file);
    let folder = path.dirname(absolute);
    while (path.basename(folder) !== 'prompts' && path.dirname(folder) !== folder) folder = path.dirname(folder);
    if (path.basename(folder) !== 'prompts') continue;
    const root = bundleRootFor(folder);
    if (path.join(root, 'prompts') !== folder) continue;
    roots.add(root);
    members.add(absolute);
  }
  return { roots, members };
}

function countOption(args: ReturnType<typeof parseArgs>, name: string, fallback: number): number {
  const value = stringOption(args, name);
  if (value === undefined) return fallback;
  if (!/^\d{1,15}$/.test(value) || Number(value) === 0) throw new UsageError(`--${name} takes a whole number above 0, not ${value}`);
  return Number(value);
}
