// What every pack feature receives: the document version's model and
// settings (as for any language), plus the profile that judges the pack
// (its comment, the setting, or the default) and the environment the
// client chose for this pack.

import type { ProfileChoice } from '../../../src-shared/pack/profileChoice';
import type { Profile } from '../../../src-shared/pack/profiles';
import type { FeatureContext } from '../languageService';
import type { NamedEnvironment } from './environments';
import type { PackModel } from './model';
import type { PackProfiles } from './profiles';

export interface PackContext extends FeatureContext<PackModel> {
  readonly profile: Profile;
  /** Why `profile`: who asked for what, and the fallback's reason when it could not be used. */
  readonly profileChoice: ProfileChoice;
  readonly environment: NamedEnvironment;
}

export function packContext(ctx: FeatureContext<PackModel>, environment: NamedEnvironment, profiles: PackProfiles): PackContext {
  const profileChoice = profiles.choose(ctx.model, ctx.settings, ctx.document.uri);
  return { ...ctx, profile: profileChoice.profile, profileChoice, environment };
}
