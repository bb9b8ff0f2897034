// Custom requests and notifications between the client and the server, in
// one place. Standard LSP covers the rest.

/** The configuration section the server asks the client for. */
export const settingsSection = 'packsAndPrompts';

/** Language ids contributed in package.json. */
export const languageIds = { pack: 'loom-pack', prompts: 'spec-prompts' } as const;
