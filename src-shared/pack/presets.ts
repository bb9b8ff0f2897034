// Built-in environments to render a pack against, offered by the command
// line (`--preset`) and the preview's picker. Between them they cover every
// enforcement posture and every network posture, with and without tools,
// tool snippets, protected paths and repository guidance.

import { environment, type Environment } from './environment';

export interface EnvironmentPreset {
  /** Short kebab-case id, as typed after `--preset`. */
  readonly id: string;
  /** What a person picks from a list. */
  readonly name: string;
  readonly environment: Environment;
}

const developerTools = ['bash', 'git', 'node', 'npm', 'rg'];

const toolSnippets = [
  'read: read a file by path, optionally a range of lines',
  'edit: replace one exact string in a file with another',
  'write: create or overwrite a file with the given content',
  'bash: run a command in the workspace shell and return its output',
  'grep: search file contents with a regular expression',
  'task: hand a self-contained job to a sub-agent and wait for its report',
];

const guidance = `# AGENTS.md

- Run \`npm test\` before calling a change done: it builds, type-checks and runs every suite.
- Source lives in \`src/\`, tests mirror it under \`test/\`. Never edit \`dist/\`; it is generated.
- Keep commits small, one concern each, with a message that says why.
- Public functions need a doc comment that states the invariant they keep.`;

export const environmentPresets: readonly EnvironmentPreset[] = [
  {
    id: 'linux-enforced-offline',
    name: 'Linux workstation: fully enforced, offline',
    environment: environment({
      workspace: '/home/dev/billing',
      platform: 'linux/x86_64',
      shell: '/bin/bash',
      tools: developerTools,
      availableTools: toolSnippets,
      enforcement: 'FullyEnforced',
      network: { posture: 'blocked' },
      protectedPaths: ['.git', '.env', 'secrets/'],
    }),
  },
  {
    id: 'ci-platform-proxied',
    name: 'CI runner: platform-enforced, proxied to package registries, with guidance',
    environment: environment({
      workspace: '/runner/work/billing',
      platform: 'linux/aarch64',
      shell: '/bin/bash',
      tools: developerTools,
      availableTools: toolSnippets,
      enforcement: 'PlatformEnforced',
      network: { posture: 'proxied', allow: ['registry.npmjs.org', 'github.com', 'objects.githubusercontent.com'] },
      protectedPaths: ['.git'],
      repositoryGuidance: guidance,
    }),
  },
  {
    id: 'macos-degraded-open',
    name: 'macOS laptop: sandbox degraded (refusing), open network, no tools',
    environment: environment({
      workspace: '/Users/dev/Projects/billing',
      platform: 'darwin/arm64',
      shell: '/bin/zsh',
      enforcement: 'DegradedRefusing',
      network: { posture: 'open' },
    }),
  },
  {
    id: 'devcontainer-best-effort',
    name: 'Dev container: best effort, open network, tools and guidance',
    environment: environment({
      workspace: '/workspaces/billing',
      platform: 'linux/x86_64',
      shell: '/bin/bash',
      tools: developerTools,
      availableTools: toolSnippets,
      enforcement: 'BestEffort',
      network: { posture: 'open' },
      protectedPaths: ['.git', '.devcontainer/'],
      repositoryGuidance: guidance,
    }),
  },
  {
    id: 'self-test-offline',
    name: 'Self-test: best effort, offline, bare (no tools, no paths, no guidance)',
    environment: environment({
      workspace: '/tmp/loom-self-test',
      platform: 'linux/x86_64',
      shell: '/bin/sh',
      enforcement: 'BestEffort',
      network: { posture: 'blocked' },
    }),
  },
  {
    id: 'windows-enforced-proxied',
    name: 'Windows workstation: fully enforced, proxied, tools but no snippets',
    environment: environment({
      workspace: 'C:\\Users\\dev\\source\\billing',
      platform: 'windows/x86_64',
      shell: 'pwsh',
      tools: ['git', 'node', 'npm', 'pwsh'],
      enforcement: 'FullyEnforced',
      network: { posture: 'proxied', allow: ['registry.npmjs.org'] },
      protectedPaths: ['.git'],
    }),
  },
];

export function findPreset(id: string): EnvironmentPreset | undefined {
  return environmentPresets.find((p) => p.id === id);
}
