// What `check` knows how to check, one row per file kind: how to recognise
// a file and which core checker gives its findings. A new format is one
// more row.

import type { FileFormat } from '../../src-shared/fileLimits';
import type { Settings } from '../../src-shared/settings';
import type { EnvironmentFiles } from './environmentFiles';
import { checkPromptsFile, type FileCheck } from './handEdits';
import type { CliProfiles } from './profileFiles';
import { checkPackFile } from './packDiscipline';
import type { Strictness } from './strict';
import type { TokenBudgets } from '../../src-shared/pack/renderDiscipline';

/** What a check may need beyond the file: the workspace's environment files and profiles, and which strict flags fail closed. */
export interface CheckContext {
  readonly environments: EnvironmentFiles;
  readonly profiles: CliProfiles;
  readonly strict: Strictness;
  /** `--max-render-tokens` and `--min-cached-tokens`, when either is given. */
  readonly tokens?: TokenBudgets;
  /** The revision renders are compared with (tokens.ts). */
  readonly revision: 'HEAD';
}

export interface FileKind {
  readonly name: FileFormat;
  readonly extensions: readonly string[];
  /** Recognises a named file by its first line when its extension is not one of ours. */
  readonly firstLine?: RegExp;
  check(text: string, settings: Settings, path: string, context: CheckContext): FileCheck;
}

export const fileKinds: readonly FileKind[] = [
  {
    name: 'pack',
    extensions: ['.pack'],
    firstLine: /^\uFEFF?%%\s*loom-prompt-pack/,
    // Render discipline too, against HEAD and the byte budget, in every preset and environment file.
    check: (text, settings, path, context) =>
      checkPackFile(text, settings, path, context.environments, { strictRenders: context.strict.renders, choice: context.profiles.choose(text, path), revision: context.revision, ...(context.tokens && { tokens: context.tokens }) }),
  },
  {
    name: 'prompts',
    extensions: ['.prompts'],
    // Hand edits too, against HEAD, when the file is committed in a git repository.
    check: (text, settings, path, context) => checkPromptsFile(text, settings.prompts, path, { strictEdits: context.strict.edits }),
  },
];

/** The kind of a file found by walking a directory: by extension only, so a walk reads no file it will not check. */
export function kindByExtension(path: string): FileKind | undefined {
  return fileKinds.find((k) => k.extensions.some((e) => path.endsWith(e)));
}

/** The kind of a file named on the command line: by extension, else by its first line. */
export function kindOf(path: string, text: string): FileKind | undefined {
  return kindByExtension(path) ?? fileKinds.find((k) => k.firstLine?.test(text.slice(0, 200)));
}
