// What each binding name means, in a sentence: hovers and completion items
// show it. Keyed by name, so it covers every profile's bindings at once
// (a unit test holds it to the profiles' tables).

import type { Selector } from './profiles';

export const bindingDocs: Readonly<Record<string, string>> = {
  workspace: 'The workspace root the agent works in.',
  platform: 'The operating system and architecture, e.g. `linux/x86_64`.',
  shell: 'The shell commands run in.',
  tools: 'The installed command names, sorted, joined with `, `.',
  protected_paths: 'The protected paths, sorted, joined with `, `.',
  network_allow: 'The hosts a proxied network allows, joined with `, `; empty unless the network is proxied.',
  available_tools_list: 'The tool snippets, one per line, in the order given.',
  repository_guidance_text: "The repository's own guidance, inserted verbatim (never scanned for placeholders).",
  enforcement: 'The fragment for the sandbox enforcement posture.',
  network: 'The fragment for the network posture.',
  protected: 'The protected-paths fragment, when there are protected paths.',
  available_tools: 'The tool-snippets fragment, when there are tool snippets.',
  repository_guidance: 'The repository-guidance fragment, when there is guidance.',
};

/** When a selection rule picks one of its fragments, in words: the selector and the fragment table's key. */
export const selectedWhen: Readonly<Record<Selector, (key: string) => string>> = {
  enforcement: (key) => `when enforcement is ${key}`,
  network: (key) => `when the network is ${key}`,
  protected_paths: () => 'when there are protected paths',
  available_tools: () => 'when there are tool snippets',
  repository_guidance: () => 'when there is repository guidance',
};
