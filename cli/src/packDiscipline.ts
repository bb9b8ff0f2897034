// `check` on a pack: the source's findings, and once it decodes, the same
// render discipline the editor shows: judged against the pack as committed
// at the base (`--base`, default HEAD) when it is in a git repository (read
// with the server's git programs, run synchronously, baseline.ts), in every
// built-in preset and workspace environment file, and against
// `--max-render-bytes`. A pack with no committed version (outside a
// repository, new at the base, no git) is judged on its budget only; under
// `--strict-renders`, a git that is missing inside a work tree, refuses the
// repository or fails, a base git cannot find, or a committed version that
// does not decode leaves it not checked.

import * as path from 'node:path';
import { sortFindings } from '../../src-shared/finding';
import { checkDecoded } from '../../src-shared/pack/check';
import { decode, decodeAll } from '../../src-shared/pack/decode';
import type { Pack } from '../../src-shared/pack/model';
import { chooseProfile, type ProfileChoice } from '../../src-shared/pack/profileChoice';
import { checkRenderDiscipline, presetEnvironments, type TokenBudgets } from '../../src-shared/pack/renderDiscipline';
import type { Settings } from '../../src-shared/settings';
import { nodeSyncSpawner, type SyncSpawner } from '../../src-node/git/command';
import { runSync, trackedFiles } from '../../src-node/git/repository';
import { Baselines, unparseableBaseline, unreadableBaseline } from './baseline';
import { type EnvironmentFiles, environmentFileSuffix } from './environmentFiles';
import type { FileCheck } from './handEdits';

export interface RenderOptions {
  /** Fail closed when the base's version cannot be read. */
  readonly strictRenders?: boolean;
  /** The profile that judges the pack (its comment, `--profile`, the default). */
  readonly choice?: ProfileChoice;
  /** Where baselines come from (default: HEAD, through git). */
  readonly baselines?: Baselines;
  /** For a default `baselines`: the spawner git runs through. */
  readonly spawner?: SyncSpawner;
  /** The budgets in tokens (`--max-render-tokens`, `--min-cached-tokens`). */
  readonly tokens?: TokenBudgets;
}

export function checkPackFile(text: string, settings: Settings, file: string, environments: EnvironmentFiles, options: RenderOptions = {}): FileCheck {
  const baselines = options.baselines ?? new Baselines(undefined, options.spawner);
  const choice = options.choice ?? chooseProfile({ setting: settings.pack.profile }, []);
  const decoded = decodeAll(text);
  const findings = checkDecoded(decoded, settings.pack, choice);
  if (decoded.corruptions.length > 0) return { findings };
  const absolute = path.resolve(file);
  const repository = baselines.repositoryOf(absolute);
  const committed = baselines.committed(absolute);
  let baseline: Pack | undefined;
  let notChecked: string | undefined;
  if (committed.kind === 'text') {
    const read = decode(committed.text);
    if (read.ok) baseline = read.pack;
    else if (options.strictRenders) notChecked = unparseableBaseline(baselines.nameOf(committed), '--strict-renders', 'does not decode (a corrupt pack)');
  } else if (options.strictRenders) notChecked = unreadableBaseline(committed, absolute, '--strict-renders', baselines.base);
  const discipline = checkRenderDiscipline({
    current: decoded.pack,
    baseline,
    environments: [...presetEnvironments, ...environments.for('kind' in repository ? undefined : repository.root)],
    profile: choice.profile,
    settings: settings.pack,
    base: baselines.base,
    ...(options.tokens && { tokens: options.tokens }),
  });
  return { findings: sortFindings([...findings, ...discipline]), ...(notChecked !== undefined && { notChecked }) };
}

/** The environment files a repository tracks (none when git cannot list them). */
export function trackedEnvironmentFiles(root: string, spawner: SyncSpawner = nodeSyncSpawner, location: readonly string[] = []): string[] {
  const listed = runSync(trackedFiles(root, environmentFileSuffix, location), spawner);
  return Array.isArray(listed) ? listed : [];
}
