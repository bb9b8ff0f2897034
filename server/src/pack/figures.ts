// assess's split for a model, in counts: what the status bar, the code lens
// and the preview's header show. Upstream's truth, so the user's severity
// overrides do not change it.

import { assess, isScorable } from '../../../src-shared/pack/problems';
import { describeChoice, type ProfileChoice } from '../../../src-shared/pack/profileChoice';
import type { PackFigures } from '../../../src-shared/protocol/pack';
import type { PackModel } from './model';

export function packFigures(model: PackModel, choice: ProfileChoice): PackFigures {
  const profile = choice.profile;
  const about = {
    profile: profile.name,
    profileNote: describeChoice(choice),
    ...(choice.fallback !== undefined && { profileFallback: true }),
    postures: [...profile.enforcements],
  };
  const corruptions = model.all.corruptions.length;
  if (corruptions > 0) return { corruptions, corrupting: 0, shaping: 0, scorable: false, ...about };
  const assessment = assess(model.all.pack, profile);
  return {
    corruptions: 0,
    corrupting: assessment.corrupting.length,
    shaping: assessment.shaping.length,
    scorable: isScorable(assessment),
    ...about,
  };
}
