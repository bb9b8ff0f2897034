// `check PATH...`: every finding in every file the paths name or hold.

import { resolveSettings } from '../../src-shared/settings';
import { isProfileName } from '../../src-shared/pack/profiles';
import { parseArgs, stringOption, UsageError } from './args';
import { kindByExtension, kindOf } from './fileKinds';
import { readFile, statPath, walk } from './files';
import { humanFindings, jsonFindings, summary, type FileFindings } from './output';
import type { Io } from './io';
import { unloggedAsErrors } from './handEdits';

export function checkCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, {
    json: { value: false },
    profile: { value: true },
    'strict-unknown': { value: false },
    'strict-edits': { value: false },
  });
  const profile = stringOption(args, 'profile');
  if (profile !== undefined && !isProfileName(profile)) throw new UsageError(`unknown profile ${profile} (loom-9 or loom-1)`);
  if (args.positionals.length === 0) throw new UsageError('check needs at least one PATH');
  const settings = resolveSettings({
    pack: { profile: profile ?? 'loom-9' },
    prompts: { strictUnknownTools: args.options.has('strict-unknown') },
  });

  const problems: string[] = [];
  const targets: string[] = [];
  for (const p of args.positionals) {
    const entry = statPath(p);
    if (entry.kind === 'missing') problems.push(`cannot read ${p}: ${entry.reason}`);
    else if (entry.kind === 'file') targets.push(p);
    else {
      const found = walk(p, (file) => kindByExtension(file) !== undefined);
      targets.push(...found.files);
      problems.push(...found.errors.map((e) => `cannot read ${e.path}: ${e.reason}`));
    }
  }

  const results: FileFindings[] = [];
  for (const file of targets) {
    const read = readFile(file);
    if (!read.ok) {
      problems.push(`cannot read ${file}: ${read.reason}`);
      continue;
    }
    const kind = kindOf(file, read.text);
    if (!kind) {
      problems.push(`cannot check ${file}: not a prompt pack (*.pack, or a first line starting \`%% loom-prompt-pack\`)`);
      continue;
    }
    const findings = kind.check(read.text, settings, file);
    results.push({ file, findings: args.options.has('strict-edits') ? unloggedAsErrors(findings) : findings });
  }

  const json = args.options.has('json');
  io.stdout(json ? jsonFindings(results) : humanFindings(results));
  for (const p of problems) io.stderr(`${p}\n`);
  if (!json) io.stderr(summary(results));
  if (problems.length > 0) return 2;
  return results.some((r) => r.findings.some((f) => f.severity === 'error')) ? 1 : 0;
}
