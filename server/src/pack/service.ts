// The prompt-pack language service: a document's model (decode with
// recovery, verdict, placeholders, digest) is built once per version and
// shared by every feature; each feature lives in its own file. Features
// that show rendered values read the environment the client chose for the
// pack from `environments`.

import type { Hover, Location, Position } from 'vscode-languageserver';
import { checkDecodedInSteps } from '../../../src-shared/pack/check';
import type { Settings } from '../../../src-shared/settings';
import { finish } from '../../../src-shared/steps';
import { languageIds } from '../../../src-shared/protocol/common';
import type { FeatureContext, LanguageService } from '../languageService';
import { provideCodeActions } from './codeActions';
import { provideCodeLenses } from './codeLens';
import { provideCompletion } from './completion';
import { packContext, type PackContext } from './context';
import { provideDefinition, provideReferences } from './definition';
import type { PackEnvironments } from './environments';
import type { PackProfiles } from './profiles';
import { provideHover } from './hover';
import { buildPackModel, buildPackModelInSteps, type PackModel } from './model';
import { provideDocumentSymbols, provideFoldingRanges } from './symbols';

export interface PackLanguageService extends LanguageService<PackModel> {
  /** The context pack features take, for the pack requests outside standard LSP (render, summary). */
  context(ctx: FeatureContext<PackModel>): PackContext;
  // A pack's features need nothing beyond the pack: they answer at once.
  hover?(ctx: FeatureContext<PackModel>, position: Position): Hover | null;
  definition?(ctx: FeatureContext<PackModel>, position: Position): Location[];
  references?(ctx: FeatureContext<PackModel>, position: Position, includeDeclaration: boolean): Location[];
}

export function createPackService(environments: PackEnvironments, profiles: PackProfiles): PackLanguageService {
  const context = (ctx: FeatureContext<PackModel>) => packContext(ctx, environments.get(ctx.document.uri), profiles);
  const checkInSteps = (model: PackModel, settings: Settings, uri: string) => checkDecodedInSteps(model.all, settings.pack, profiles.choose(model, settings, uri));
  return {
    languageId: languageIds.pack,
    parse: buildPackModel,
    parseInSteps: buildPackModelInSteps,
    check: (model, settings, uri) => finish(checkInSteps(model, settings, uri)),
    checkInSteps,
    context,
    hover: (ctx, position) => provideHover(context(ctx), position),
    completion: (ctx, position) => provideCompletion(context(ctx), position),
    definition: (ctx, position) => provideDefinition(context(ctx), position),
    references: (ctx, position, includeDeclaration) => provideReferences(context(ctx), position, includeDeclaration),
    documentSymbols: (ctx) => provideDocumentSymbols(context(ctx)),
    foldingRanges: (ctx) => provideFoldingRanges(context(ctx)),
    codeActions: (ctx, range, diagnostics) => provideCodeActions(context(ctx), range, diagnostics),
    codeLenses: (ctx) => provideCodeLenses(context(ctx)),
  };
}
