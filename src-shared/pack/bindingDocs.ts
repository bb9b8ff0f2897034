// What each binding name means, in a sentence: hovers and completion items
// show it. Keyed by name, so it covers every profile's bindings at once
// (a unit test holds it to the profiles' tables).

import type { Condition, Profile } from './profiles';

export const bindingDocs: Readonly<Record<string, string>> = {
  workspace: 'The workspace root the agent works in.',
  platform: 'The operating system and architecture, e.g. `linux/x86_64`.',
  shell: 'The shell commands run in.',
  tools: 'The installed command names, sorted, joined with `, `.',
  protected_paths: 'The protected paths, sorted, joined with `, `.',
  network_allow: 'The hosts a proxied network allows, joined with `, `; empty unless the network is proxied.',
  available_tools_list: 'The tool snippets, one per line as a `- ` bullet, in the order given.',
  repository_guidance_text: "The repository's own guidance, inserted verbatim (never scanned for placeholders).",
  enforcement: 'The fragment for the sandbox enforcement posture.',
  network: 'The fragment for the network posture.',
  protected: 'The protected-paths fragment, when there are protected paths.',
  available_tools: 'The tool-snippets fragment, when there are tool snippets.',
  repository_guidance: 'The repository-guidance fragment, when there is guidance.',
  delegation: 'The delegation wording for the tools this host has.',
  delegation_common: 'What both delegation wordings share.',
  code_mode_discovery: 'How to read a prelude module\'s signatures, with `code_mode`.',
  checkpoint_api: 'How to write checkpoint notes on this host.',
};

/** When a selection case applies, in words: `when enforcement is FullyEnforced`. */
export function describeCondition(when: Condition): string {
  switch (when.kind) {
    case 'enforcement':
      return `when enforcement is ${when.value}`;
    case 'network':
      return `when the network is ${when.value}`;
    case 'tool':
      return `when the tools include \`${when.name}\``;
    case 'present':
      return {
        tools: 'when there are tools',
        protected_paths: 'when there are protected paths',
        available_tools: 'when there are tool snippets',
        repository_guidance: 'when there is repository guidance',
      }[when.field];
  }
}

/** What a binding means: the profile's own words when its file gives some, else the shared sentence. */
export function bindingDoc(profile: Profile, name: string): string {
  const own = profile.literalBindings.find((l) => l.name === name)?.doc ?? profile.selections.find((s) => s.name === name)?.doc;
  return own ?? bindingDocs[name] ?? '';
}
