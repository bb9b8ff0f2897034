// assess's split for a model, in counts: what the status bar, the code lens
// and the preview's header show. Upstream's truth, so the user's severity
// overrides do not change it.

import { assess, isScorable } from '../../../src-shared/pack/problems';
import type { Profile } from '../../../src-shared/pack/profiles';
import type { PackFigures } from '../../../src-shared/protocol/pack';
import type { PackModel } from './model';

export function packFigures(model: PackModel, profile: Profile): PackFigures {
  const corruptions = model.all.corruptions.length;
  if (corruptions > 0) return { corruptions, corrupting: 0, shaping: 0, scorable: false, profile: profile.name };
  const assessment = assess(model.all.pack, profile);
  return {
    corruptions: 0,
    corrupting: assessment.corrupting.length,
    shaping: assessment.shaping.length,
    scorable: isScorable(assessment),
    profile: profile.name,
  };
}
