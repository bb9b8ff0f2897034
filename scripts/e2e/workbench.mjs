// The workbench as a user sees it: code-server with the packaged .vsix
// installed and nothing else, a quiet throwaway profile, and the few
// gestures the screenshot script and `npm run try` need (open a file by
// quick open, run a command from the palette, check that our language
// server is running).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './paths.mjs';
import { installVsix, startCodeServer } from './server.mjs';

/** A calm first start: no welcome page, no trust prompt, no tips or AI panels. */
const userSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'editor.minimap.enabled': false,
  'workbench.colorTheme': 'Default Dark Modern',
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'git.openRepositoryInParentFolders': 'never',
};

/** Installs `vsix` into a fresh profile under `stateDir` and serves the workbench. */
export async function startUserWorkbench({ group, toolchain, stateDir, vsix, log, settings = {} }) {
  const settingsDir = path.join(stateDir, 'user', 'User');
  mkdirSync(settingsDir, { recursive: true });
  writeFileSync(path.join(settingsDir, 'settings.json'), JSON.stringify({ ...userSettings, ...settings }, null, 2));
  await installVsix({ group, toolchain, stateDir, vsix, log });
  return startCodeServer({ group, toolchain, stateDir, log });
}

export function folderUrl(origin, folder) {
  return `${origin}/?${new URLSearchParams({ folder })}`;
}

const deadlineMs = 30_000;

/** Loads the workbench on `folder` and waits until its explorer shows the folder. */
export async function openWorkbench(page, origin, folder) {
  await page.goto(folderUrl(origin, folder));
  await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: deadlineMs });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: deadlineMs });
}

/** Opens a workspace file through quick open (Ctrl+P), as a user would. */
export async function openFile(page, relPath) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: deadlineMs });
  await input.fill(relPath);
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: deadlineMs });
  await page.keyboard.press('Enter');
  const name = path.posix.basename(relPath);
  await page.locator(`.tabs-container .tab.active[aria-label^="${name}"]`).waitFor({ timeout: deadlineMs });
}

/** Runs a command from the palette (F1) by its label as the palette shows it. */
export async function runFromPalette(page, label) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: deadlineMs });
  await input.fill(`>${label}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first().waitFor({ timeout: deadlineMs });
  await page.keyboard.press('Enter');
}

/** The palette label of one of our commands, from the manifest; undefined when this build has no such command. */
export function paletteLabel(manifest, commandId) {
  const command = manifest.contributes?.commands?.find((c) => c.command === commandId);
  if (!command) return undefined;
  // The manifest's strings are `%key%`s of package.nls.json, as VS Code shows them in English.
  const nls = JSON.parse(readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8'));
  const text = (s) => nls[/^%(.+)%$/.exec(s ?? '')?.[1]] ?? s;
  return command.category ? `${text(command.category)}: ${text(command.title)}` : text(command.title);
}

/** Whether our language server (dist/server.js of the extension installed under `stateDir`) is running. */
export function languageServerRunning(stateDir) {
  const marker = path.join(stateDir, 'extensions');
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let cmdline;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      // The process ended between listing and reading: not ours to check.
      continue;
    }
    if (cmdline.includes(marker) && cmdline.includes(path.join('dist', 'server.js'))) return true;
  }
  return false;
}

/** Polls `condition` until it holds; throws `description` after the deadline. */
export async function waitUntil(condition, description, timeoutMs = deadlineMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${description}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
