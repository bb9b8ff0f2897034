// The runs of the suite, shared by both runners. Activation can only be seen
// once per window, so each language gets a fresh window in which its file
// opens first; the full run covers the pack language and everything else.
export const passes = [
  {
    name: 'activation by a .prompts file',
    env: { PACKS_E2E_GREP: '^activation ', PACKS_E2E_ACTIVATION_LANGUAGE: 'spec-prompts' },
  },
  {
    name: 'the whole suite (activation by a pack)',
    env: { PACKS_E2E_ACTIVATION_LANGUAGE: 'loom-pack' },
  },
  {
    // Workspace trust left on: the fresh profile opens the workspace in restricted mode.
    name: 'restricted mode',
    env: { PACKS_E2E_GREP: '^restricted mode ', PACKS_E2E_RESTRICTED: '1' },
  },
  {
    // A real window reload in the browser workbench: the suite runs again in
    // the reloaded window (test/e2e/suite/windowReload.test.ts). Not tried
    // in desktop VS Code's test runner.
    name: 'a window reload (the Session Review restored by its serializer)',
    env: { PACKS_E2E_GREP: '^window reload ', PACKS_E2E_RELOAD: '1' },
    reload: true,
  },
  {
    // The web extension in VS Code's web worker extension host, as on
    // vscode.dev: its own suite, bundled for the browser (test/e2e/web).
    name: 'web extension (web worker extension host)',
    env: {},
    web: true,
  },
];
