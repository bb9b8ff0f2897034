// The pack core's public surface: what the server, the command line and the
// preview import. Each name lives in the file named for what it holds.

export { assess, describeProblem, isScorable, problems, severity } from './problems';
export type { Assessment, Problem, ProblemSeverity } from './problems';
export { bindingValues, maxRenderLength, render, renderDetailed, renderOutcome } from './render';
export type { EmptyPlaceholder, RenderDetail, RenderSpan } from './render';
export { checkDecoded, checkPack, corruptionMessage, packCodes } from './check';
export type { MissingSectionData, UnknownPlaceholderData } from './check';
export {
  boundary,
  corruptionKinds,
  describeCorruption,
  formatVersion,
  maxContextLength,
  maxNameLength,
  reportOf,
} from './corruption';
export type { Corruption, CorruptionKind, CorruptionReport } from './corruption';
export { decode, decodeAll, isValidSectionName, isValidVersion } from './decode';
export type { Decoded, DecodeResult } from './decode';
export { digest, digestBytes } from './digest';
export { utf8Length } from '../text/utf8';
export { encode } from './encode';
export { compareCodePoints, enforcements, environment, networkPostures } from './environment';
export type { Enforcement, Environment, EnvironmentInput, Network, NetworkPosture } from './environment';
export { environmentFromJson, environmentToJson, parseEnvironmentFile } from './environmentFile';
export type { EnvironmentFileError, EnvironmentFileResult } from './environmentFile';
export { contentOf, findSection, forEachBodyLine, isFragment } from './model';
export type { Pack, PackContent, Section, SectionContent } from './model';
export { placeholderNames, placeholderOccurrences, placeholders, scanPlaceholders } from './placeholders';
export type { PlaceholderMatch, PlaceholderOccurrence } from './placeholders';
export { environmentPresets, findPreset } from './presets';
export type { EnvironmentPreset } from './presets';
export { bindingNames, defaultProfile, isProfileName, profileNames, profileOf, profiles } from './profiles';
export type { Condition, LiteralRule, Profile, ProfileName, SelectionCase, SelectionRule } from './profiles';
export { literalBindings, selectedFragment } from './bindings';
