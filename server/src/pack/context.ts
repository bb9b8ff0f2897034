// What every pack feature receives: the document version's model and
// settings (as for any language), plus the profile the settings name and
// the environment the client chose for this pack.

import { profileOf, type Profile } from '../../../src-shared/pack/profiles';
import type { FeatureContext } from '../languageService';
import type { NamedEnvironment } from './environments';
import type { PackModel } from './model';

export interface PackContext extends FeatureContext<PackModel> {
  readonly profile: Profile;
  readonly environment: NamedEnvironment;
}

export function packContext(ctx: FeatureContext<PackModel>, environment: NamedEnvironment): PackContext {
  return { ...ctx, profile: profileOf(ctx.settings.pack.profile), environment };
}
