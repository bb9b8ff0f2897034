// `check` on a pack: the source's findings, and once it decodes, the same
// render discipline the editor shows: judged against the pack as committed
// at HEAD when it is in a git repository (read with the server's git
// programs, run synchronously), in every built-in preset and workspace
// environment file, and against `--max-render-bytes`. A pack with no
// committed version (outside a repository, untracked, no git) is judged on
// its budget only; under `--strict-renders`, a git that is missing inside a
// work tree, refuses the repository or fails leaves it not checked.

import * as path from 'node:path';
import { sortFindings } from '../../src-shared/finding';
import { checkDecoded } from '../../src-shared/pack/check';
import { decode, decodeAll } from '../../src-shared/pack/decode';
import type { Pack } from '../../src-shared/pack/model';
import { chooseProfile, type ProfileChoice } from '../../src-shared/pack/profileChoice';
import { checkRenderDiscipline, presetEnvironments, type TokenBudgets } from '../../src-shared/pack/renderDiscipline';
import type { Settings } from '../../src-shared/settings';
import { nodeSyncSpawner, type SyncSpawner } from '../../src-node/git/command';
import { findRepository, headTextIn, runSync, trackedFiles } from '../../src-node/git/repository';
import { unreadableBaseline } from './baseline';
import { type EnvironmentFiles, environmentFileSuffix } from './environmentFiles';
import type { FileCheck } from './handEdits';

export interface RenderOptions {
  /** Fail closed when HEAD's version cannot be read. */
  readonly strictRenders?: boolean;
  /** The profile that judges the pack (its comment, `--profile`, the default). */
  readonly choice?: ProfileChoice;
  readonly spawner?: SyncSpawner;
  /** The budgets in tokens (`--max-render-tokens`, `--min-cached-tokens`). */
  readonly tokens?: TokenBudgets;
  /** The revision the render is compared with. */
  readonly revision?: 'HEAD';
}

export function checkPackFile(text: string, settings: Settings, file: string, environments: EnvironmentFiles, options: RenderOptions = {}): FileCheck {
  const spawner = options.spawner ?? nodeSyncSpawner;
  const choice = options.choice ?? chooseProfile({ setting: settings.pack.profile }, []);
  const decoded = decodeAll(text);
  const findings = checkDecoded(decoded, settings.pack, choice);
  if (decoded.corruptions.length > 0) return { findings };
  const absolute = path.resolve(file);
  const repository = runSync(findRepository(path.dirname(absolute)), spawner);
  let baseline: Pack | undefined;
  let notChecked: string | undefined;
  if (!('kind' in repository)) {
    const head = runSync(headTextIn(repository, absolute), spawner);
    const committed = head.kind === 'text' ? decode(head.text) : undefined;
    baseline = committed?.ok ? committed.pack : undefined;
    if (head.kind === 'off' && options.strictRenders) notChecked = unreadableBaseline(head, absolute, '--strict-renders');
  } else if (options.strictRenders) notChecked = unreadableBaseline(repository, absolute, '--strict-renders');
  const discipline = checkRenderDiscipline({
    current: decoded.pack,
    baseline,
    environments: [...presetEnvironments, ...environments.for('kind' in repository ? undefined : repository.root)],
    profile: choice.profile,
    settings: settings.pack,
    ...(options.tokens && { tokens: options.tokens }),
  });
  return { findings: sortFindings([...findings, ...discipline]), ...(notChecked !== undefined && { notChecked }) };
}

/** The environment files a repository tracks (none when git cannot list them). */
export function trackedEnvironmentFiles(root: string, spawner: SyncSpawner = nodeSyncSpawner): string[] {
  const listed = runSync(trackedFiles(root, environmentFileSuffix), spawner);
  return Array.isArray(listed) ? listed : [];
}
