// `review --published --format markdown FILE`: what a public feed would
// show of a `.prompts` file, as Markdown on stdout (public sessions only,
// secrets masked, no email), the same text as the editor's "Export as
// Published Markdown" (src-shared/prompts/review/markdown.ts).

import * as path from 'node:path';
import { parsePrompts } from '../../src-shared/prompts/toml/document';
import { publishedMarkdown } from '../../src-shared/prompts/review/markdown';
import { defaultSettings } from '../../src-shared/settings';
import { parseArgs, stringOption, UsageError } from './args';
import { readOrSay } from './files';
import type { Io } from './io';
import { printable } from './output';

/** The formats `--format` takes. */
const formats = ['markdown'] as const;

export function reviewCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, { published: { value: false }, format: { value: true } });
  if (args.positionals.length !== 1) throw new UsageError('review needs exactly one .prompts FILE');
  // Only the published view leaves the editor: the curator's view holds private sessions.
  if (!args.options.has('published')) throw new UsageError('review prints only what a feed would publish: give --published');
  const format = stringOption(args, 'format') ?? 'markdown';
  if (!(formats as readonly string[]).includes(format)) throw new UsageError(`unknown --format ${format}; formats: ${formats.join(', ')}`);
  const file = args.positionals[0]!;
  const read = readOrSay(file, io, defaultSettings.maxFileSizeMB * 1024 * 1024);
  if (!read) return 2;
  const doc = parsePrompts(read.text);
  if (doc.commit === undefined && doc.sessions.length === 0) {
    io.stderr(`${printable(file)}: not a .prompts file that parses: nothing to publish (run check for where)\n`);
    return 1;
  }
  io.stdout(publishedMarkdown(doc, path.basename(file)).text);
  return 0;
}
