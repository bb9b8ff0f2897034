// `npm run screenshot:web`: the installed .vsix as a web extension, as
// vscode.dev runs it: the browser VS Code with the extension forced into
// its web worker extension host (no Node process for client or server),
// a pack and its rendered preview, the status bar saying what the browser
// cannot do. Saves docs/images/web-extension.png.
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { packageExtension } from './package.mjs';
import { launchBrowser } from './e2e/browser.mjs';
import { buildDemoWorkspace } from './e2e/demoWorkspace.mjs';
import { freshStateDir, repoRoot } from './e2e/paths.mjs';
import { ProcessGroup } from './e2e/processes.mjs';
import { ensureToolchain } from './e2e/toolchain.mjs';
import { openFile, openWorkbench, runFromPalette, startUserWorkbench } from './e2e/workbench.mjs';

const waitMs = 60_000;
const inWebview = (selector) => `iframe.webview >> internal:control=enter-frame >> iframe#active-frame >> internal:control=enter-frame >> ${selector}`;

const toolchain = await ensureToolchain();
const { vsix } = packageExtension({ quiet: true });
const stateDir = freshStateDir('screenshot-web');
const group = new ProcessGroup();
const lines = [];
try {
  const { root: workspace } = buildDemoWorkspace(stateDir);
  const settings = { 'remote.extensionKind': { 'packs-and-prompts.packs-and-prompts': ['web'] } };
  const { origin } = await startUserWorkbench({ group, toolchain, stateDir, vsix, log: (l) => lines.push(l), settings });
  const context = await launchBrowser({ toolchain, stateDir: path.join(stateDir, 'browser') });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWorkbench(page, origin, workspace);
  const shoot = async (name) => {
    await page.mouse.move(0, 0);
    mkdirSync(path.join(repoRoot, 'docs', 'images'), { recursive: true });
    const file = path.join(repoRoot, 'docs', 'images', name);
    await page.screenshot({ path: file });
    process.stdout.write(`${file}\n`);
  };
  await openFile(page, 'packs/support-agent.pack');
  await page.locator('.statusbar-item:has-text("corrupting")').first().waitFor({ timeout: waitMs });
  await runFromPalette(page, 'Packs & Prompts: Open Rendered Prompt to the Side');
  await page.locator(inWebview('.render .src')).first().waitFor({ timeout: waitMs });
  // The preview says what the browser cannot do: compare with HEAD.
  await page.locator(inWebview(':text("git does not run in the browser")')).first().waitFor({ timeout: waitMs });
  await shoot('web-extension.png');
  await context.close();
} catch (e) {
  process.stderr.write(`${e.stack}\n${lines.slice(-30).join('\n')}\n`);
  process.exitCode = 1;
} finally {
  await group.stopAll();
  group.dispose();
}
