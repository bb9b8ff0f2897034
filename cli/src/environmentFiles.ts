// The workspace environments `check` judges packs in (besides the built-in
// presets): every `*.packenv.json` found in the walked directories, and
// every one the pack's git repository tracks (listed once per repository,
// as the editor watches the whole workspace). A file that is not a valid
// environment is skipped: with a note on stderr when the walk found it,
// silently when only the repository holds it (the editor's picker and the
// file's JSON schema say what is wrong with it).

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeEnvironmentErrors, parseEnvironmentFile } from '../../src-shared/pack/environmentFile';
import type { JudgedEnvironment } from '../../src-shared/pack/renderDiscipline';
import { readFile } from './files';

export const environmentFileSuffix = '.packenv.json';

export function isEnvironmentFile(file: string): boolean {
  return file.endsWith(environmentFileSuffix);
}

export class EnvironmentFiles {
  private readonly inRepository = new Map<string, readonly string[]>();
  private readonly read = new Map<string, JudgedEnvironment | undefined>();

  private readonly walked: ReadonlySet<string>;

  /**
   * `walked`: environment files the walk of the command's directories found;
   * `tracked`: the ones a repository tracks, by its root.
   */
  constructor(
    walked: readonly string[],
    private readonly tracked: (root: string) => readonly string[],
    private readonly note: (text: string) => void,
  ) {
    this.walked = new Set(walked.map((f) => path.resolve(f)));
  }

  /** The workspace environments for a pack in `repositoryRoot` (undefined: not in a repository), by path. */
  for(repositoryRoot: string | undefined): JudgedEnvironment[] {
    const files = new Set(this.walked);
    if (repositoryRoot !== undefined) for (const f of this.repositoryFiles(repositoryRoot)) files.add(f);
    return [...files]
      .sort()
      .map((f) => this.environment(f))
      .filter((e) => e !== undefined);
  }

  private repositoryFiles(root: string): readonly string[] {
    let files = this.inRepository.get(root);
    if (!files) {
      files = this.tracked(root);
      this.inRepository.set(root, files);
    }
    return files;
  }

  private environment(file: string): JudgedEnvironment | undefined {
    if (this.read.has(file)) return this.read.get(file);
    let environment: JudgedEnvironment | undefined;
    const text = readFile(file);
    const problem = (reason: string) => {
      if (this.walked.has(file)) this.note(`${file}: skipped as an environment: ${reason}\n`);
    };
    if (!text.ok) problem(text.reason);
    else {
      const parsed = parseEnvironmentFile(text.text);
      if (parsed.ok) environment = { id: `file:${pathToFileURL(file).href}`, label: parsed.name ?? path.basename(file), environment: parsed.environment };
      else problem(describeEnvironmentErrors(parsed.errors));
    }
    this.read.set(file, environment);
    return environment;
  }
}
