// `render PACK`: the prompt the pack renders to for one environment, byte
// for byte, or (--json) the render with its size, digests and assessment.

import { describeCorruption } from '../../src-shared/pack/corruption';
import { redactSecrets } from '../../src-shared/prompts/rules/redactText';
import { decode } from '../../src-shared/pack/decode';
import { digest, digestBytes } from '../../src-shared/pack/digest';
import { utf8Length } from '../../src-shared/text/utf8';
import type { Environment } from '../../src-shared/pack/environment';
import { parseEnvironmentFile } from '../../src-shared/pack/environmentFile';
import { environmentPresets, findPreset } from '../../src-shared/pack/presets';
import { describeProblem, assess, type Problem } from '../../src-shared/pack/problems';
import { CheckedTree } from './checkedTree';
import { CliProfiles } from './profileFiles';
import { maxRenderLength, renderOutcome } from '../../src-shared/pack/render';
import { postureWarning } from '../../src-shared/pack/summary';
import { parseArgs, stringOption, UsageError } from './args';
import { readOrSay } from './files';
import type { Io } from './io';
import { printable } from './output';

export function renderCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, { env: { value: true }, preset: { value: true }, json: { value: false }, profile: { value: true } });
  if (args.positionals.length !== 1) throw new UsageError('render needs exactly one PACK');
  const profiles = new CliProfiles(stringOption(args, 'profile'), [], new CheckedTree(args.positionals));
  const envFile = stringOption(args, 'env');
  const presetId = stringOption(args, 'preset');
  if (envFile !== undefined && presetId !== undefined) throw new UsageError('give --env or --preset, not both');

  let env: Environment;
  if (envFile !== undefined) {
    const read = readOrSay(envFile, io);
    if (!read) return 2;
    const parsed = parseEnvironmentFile(read.text);
    if (!parsed.ok) {
      io.stderr(`${printable(envFile)}: not a valid environment file:\n`);
      for (const e of parsed.errors) io.stderr(`  ${e.path === '' ? '(file)' : e.path}: ${e.message}\n`);
      return 2;
    }
    env = parsed.environment;
  } else if (presetId !== undefined) {
    const preset = findPreset(presetId);
    if (!preset) throw new UsageError(`unknown preset ${presetId}; presets: ${environmentPresets.map((p) => p.id).join(', ')}`);
    env = preset.environment;
  } else {
    env = environmentPresets[0]!.environment;
  }

  const packFile = args.positionals[0]!;
  const read = readOrSay(packFile, io);
  if (!read) return 2;
  const decoded = decode(read.text);
  if (!decoded.ok) {
    // Upstream's report quotes the corrupt line: never a secret it holds.
    io.stderr(`${redactSecrets(describeCorruption(decoded.report))}\n`);
    return 1;
  }
  const choice = profiles.choose(read.text, packFile);
  if (choice.fallback !== undefined) io.stderr(`warning: profile \`${choice.requested}\` cannot be used: ${choice.fallback}\n`);
  const profile = choice.profile;
  const warning = postureWarning(profile, env);
  if (warning !== undefined) io.stderr(`warning: ${warning}\n`);
  const { text, overflow } = renderOutcome(decoded.pack, env, profile);
  if (overflow) {
    io.stderr(`${printable(packFile)}: the prompt would be longer than ${maxRenderLength} characters (fragments selected many times); not printed\n`);
    return 1;
  }
  const assessment = assess(decoded.pack, profile);
  if (args.options.has('json')) {
    const out = {
      render: text,
      bytes: utf8Length(text),
      digest: digestBytes(read.bytes),
      renderDigest: digest(text),
      assess: { corrupting: assessment.corrupting.map(problemJson), shaping: assessment.shaping.map(problemJson) },
    };
    io.stdout(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  io.stdout(text);
  for (const p of assessment.corrupting) io.stderr(`warning: ${describeProblem(p)}\n`);
  return 0;
}

// Structured, with the sentence a person reads: `{kind, name, section?, message}`.
function problemJson(p: Problem): Record<string, string> {
  return { ...p, message: describeProblem(p) };
}
