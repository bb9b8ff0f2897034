// `check` on a pack: the source's findings, and once it decodes, the same
// render discipline the editor shows: judged against the pack as committed
// at HEAD when it is in a git repository (read with the server's git
// programs, run synchronously), in every built-in preset and workspace
// environment file, and against `--max-render-bytes`. A pack with no
// committed version (outside a repository, untracked, no git) is judged on
// its budget only.

import * as path from 'node:path';
import type { Finding } from '../../src-shared/finding';
import { sortFindings } from '../../src-shared/finding';
import { checkDecoded } from '../../src-shared/pack/check';
import { decode, decodeAll } from '../../src-shared/pack/decode';
import type { Pack } from '../../src-shared/pack/model';
import { profileOf } from '../../src-shared/pack/profiles';
import { checkRenderDiscipline, presetEnvironments } from '../../src-shared/pack/renderDiscipline';
import type { Settings } from '../../src-shared/settings';
import { nodeSyncSpawner, type SyncSpawner } from '../../src-node/git/command';
import { findRepository, headTextIn, runSync, trackedFiles } from '../../src-node/git/repository';
import { type EnvironmentFiles, environmentFileSuffix } from './environmentFiles';

export function checkPackFile(text: string, settings: Settings, file: string, environments: EnvironmentFiles, spawner: SyncSpawner = nodeSyncSpawner): Finding[] {
  const decoded = decodeAll(text);
  const findings = checkDecoded(decoded, settings.pack);
  if (decoded.corruptions.length > 0) return findings;
  const absolute = path.resolve(file);
  const repository = runSync(findRepository(path.dirname(absolute)), spawner);
  let baseline: Pack | undefined;
  if (!('kind' in repository)) {
    const head = runSync(headTextIn(repository, absolute), spawner);
    const committed = head.kind === 'text' ? decode(head.text) : undefined;
    baseline = committed?.ok ? committed.pack : undefined;
  }
  const discipline = checkRenderDiscipline({
    current: decoded.pack,
    baseline,
    environments: [...presetEnvironments, ...environments.for('kind' in repository ? undefined : repository.root)],
    profile: profileOf(settings.pack.profile),
    settings: settings.pack,
  });
  return sortFindings([...findings, ...discipline]);
}

/** The environment files a repository tracks (none when git cannot list them). */
export function trackedEnvironmentFiles(root: string, spawner: SyncSpawner = nodeSyncSpawner): string[] {
  const listed = runSync(trackedFiles(root, environmentFileSuffix), spawner);
  return Array.isArray(listed) ? listed : [];
}
