// What `check` knows how to check, one row per file kind: how to recognise
// a file and which core checker gives its findings. A new format is one
// more row.

import type { FileFormat } from '../../src-shared/fileLimits';
import type { Settings } from '../../src-shared/settings';
import type { EnvironmentFiles } from './environmentFiles';
import { checkPromptsFile, type FileCheck } from './handEdits';
import type { CliProfiles } from './profileFiles';
import type { Baselines } from './baseline';
import { firstBytes } from './files';
import { checkPackFile } from './packDiscipline';
import type { Strictness } from './strict';
import type { TokenBudgets } from '../../src-shared/pack/renderDiscipline';

/** What a check may need beyond the file: the workspace's environment files and profiles, which strict flags fail closed, and the baselines (`--base`). */
export interface CheckContext {
  readonly environments: EnvironmentFiles;
  readonly profiles: CliProfiles;
  readonly strict: Strictness;
  readonly baselines: Baselines;
  /** `--max-render-tokens` and `--min-cached-tokens`, when either is given. */
  readonly tokens?: TokenBudgets;
  /** The structure limit of a `.prompts` file (`--max-tables`), for a kind whose check measures it. */
  readonly maxTables: number;
}

export interface FileKind {
  readonly name: FileFormat;
  readonly extensions: readonly string[];
  /** Recognises a named file by its first line when its extension is not one of ours. */
  readonly firstLine?: RegExp;
  /** Its check measures the structure limit in its own parse (`FileCheck.refusal`), so no pass counts it first. */
  readonly checkMeasuresStructure?: boolean;
  check(text: string, settings: Settings, path: string, context: CheckContext): FileCheck;
}

export const fileKinds: readonly FileKind[] = [
  {
    name: 'pack',
    extensions: ['.pack'],
    firstLine: /^\uFEFF?%%\s*loom-prompt-pack/,
    // Render discipline too, against HEAD and the byte budget, in every preset and environment file.
    check: (text, settings, path, context) =>
      checkPackFile(text, settings, path, context.environments, {
        strictRenders: context.strict.renders,
        choice: context.profiles.choose(text, path),
        baselines: context.baselines,
        ...(context.tokens && { tokens: context.tokens }),
      }),
  },
  {
    name: 'prompts',
    extensions: ['.prompts'],
    // The split the parse makes anyway counts the top-level tables: a pass of its own was a sixth of the command's CPU.
    checkMeasuresStructure: true,
    // Hand edits too, against HEAD, when the file is committed in a git repository.
    check: (text, settings, path, context) =>
      checkPromptsFile(text, settings.prompts, path, { strictEdits: context.strict.edits, baselines: context.baselines, maxTables: context.maxTables }),
  },
];

/** The kind of a file by its extension, in any case (`session.PROMPTS`), as the editor matches them. */
export function kindByExtension(path: string): FileKind | undefined {
  const name = path.toLowerCase();
  return fileKinds.find((k) => k.extensions.some((e) => name.endsWith(e)));
}

/** The kind a file's first line says (`%% loom-prompt-pack`), whatever its name. */
export function kindByFirstLine(text: string): FileKind | undefined {
  return fileKinds.find((k) => k.firstLine?.test(text.slice(0, 200)));
}

/** The kind of a file: by extension, else by its first line. */
export function kindOf(path: string, text: string): FileKind | undefined {
  return kindByExtension(path) ?? kindByFirstLine(text);
}

/** Whether a walk takes `file`: by extension, else by its first bytes (only a regular file's are read). */
export function walkedKind(file: string): FileKind | undefined {
  return kindByExtension(file) ?? kindByFirstLine(firstBytes(file));
}
