// Command-line arguments: a command, its options and its paths. Options may
// come anywhere; `--` ends them, so every argument after it is a path, even
// `-h`. A mistake is a UsageError, which the entry point turns into the
// usage message and exit code 2; `--help` or `-h` as an option is a
// HelpWanted, which it answers with the usage and exit 0.

export class UsageError extends Error {}

export class HelpWanted extends Error {}

export function isHelp(arg: string): boolean {
  return arg === '--help' || arg === '-h';
}

export interface OptionSpec {
  /** Takes a value (`--profile loom-1` or `--profile=loom-1`); otherwise a flag. */
  readonly value: boolean;
}

export interface ParsedArgs {
  readonly options: ReadonlyMap<string, string | true>;
  readonly positionals: readonly string[];
}

export function parseArgs(argv: readonly string[], specs: Readonly<Record<string, OptionSpec>>): ParsedArgs {
  const options = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (isHelp(arg)) throw new HelpWanted();
    if (!arg.startsWith('--') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const spec = specs[name];
    if (!spec) throw new UsageError(`unknown option --${name}`);
    if (options.has(name)) throw new UsageError(`--${name} given twice`);
    if (!spec.value) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      options.set(name, true);
      continue;
    }
    const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    options.set(name, value);
  }
  return { options, positionals };
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const v = args.options.get(name);
  return typeof v === 'string' ? v : undefined;
}
