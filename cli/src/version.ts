// The command line's version: the manifest's, written in by the bundler
// (scripts/cliBundle.mjs), so the npm package and the extension say the same.

declare const PACKS_AND_PROMPTS_VERSION: string | undefined;

export const version: string = typeof PACKS_AND_PROMPTS_VERSION === 'string' ? PACKS_AND_PROMPTS_VERSION : 'unknown (an unbundled build)';
