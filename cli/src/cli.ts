// The command line: the same verdicts as the editor, for scripts and CI.
// `check` lists findings; `render` prints a pack's prompt; `review` prints
// what a feed would publish of a `.prompts` file. Exit 0 fine,
// 1 errors found, 2 a usage or I/O error or a file that was not checked.

import { HelpWanted, isHelp, UsageError } from './args';
import { checkCommand } from './checkCommand';
import type { Io } from './io';
import { humanFindings, printable } from './output';
import { ProfileOptionError } from './profileFiles';
import { renderCommand } from './renderCommand';
import { reviewCommand } from './reviewCommand';
import { usage } from './usage';
import { version } from './version';

const commands: Readonly<Record<string, (argv: readonly string[], io: Io) => number>> = {
  check: checkCommand,
  render: renderCommand,
  review: reviewCommand,
};

export function main(argv: readonly string[], io: Io): number {
  try {
    const [name, ...rest] = argv;
    if (name !== undefined && isHelp(name)) throw new HelpWanted();
    if (name === '--version' || name === '-v') {
      io.stdout(`${version}\n`);
      return 0;
    }
    const command = name === undefined ? undefined : commands[name];
    if (!command) throw new UsageError(name === undefined ? 'no command given' : `unknown command ${name}`);
    return command(rest, io);
  } catch (e) {
    if (e instanceof HelpWanted) {
      io.stdout(usage());
      return 0;
    }
    if (e instanceof ProfileOptionError) {
      io.stderr(`packs-and-prompts: ${printable(e.message)}\n${humanFindings([{ file: e.file.path, findings: e.findings }])}`);
      return 2;
    }
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`packs-and-prompts: ${printable(e.message)}\n\n${usage()}`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
