// `npm run screenshots`: packages the extension, installs the .vsix into the
// browser VS Code with nothing else, opens the demo workspace, checks that
// the extension activated (its language server runs), and saves each shot
// below as a 1280x800 PNG in docs/images/. A shot is one entry: the file to
// open, the steps to take, what to wait for, the image name. A shot whose
// command this build does not contribute is skipped; one whose wait times
// out keeps the old image and fails the run (`-- --anyway` takes it all the
// same, to check the framing before a feature exists). Name images as
// arguments to take only those. `-- --check` takes no picture: it only
// proves that the .vsix, installed alone, activates on a pack and on a
// .prompts file (each in a fresh window) and starts its language server.
// PACKS_SCREENSHOT_THEME="Default Light Modern" (or "Default High Contrast",
// …) takes them in that theme instead of the dark one the README shows, to
// check a page in every theme before committing the dark pictures.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { packageExtension } from './package.mjs';
import { launchBrowser } from './e2e/browser.mjs';
import { buildDemoWorkspace } from './e2e/demoWorkspace.mjs';
import { freshStateDir, repoRoot } from './e2e/paths.mjs';
import { ProcessGroup } from './e2e/processes.mjs';
import { ensureDebianTool, ensureToolchain, MissingPiece } from './e2e/toolchain.mjs';
import { languageServerRunning, openFile, openWorkbench, paletteLabel, runFromPalette, startUserWorkbench, waitUntil } from './e2e/workbench.mjs';

const showProblems = { keys: 'Control+Shift+M' };
const problemRows = { selector: '.markers-panel .monaco-list-row', what: 'rows in the Problems panel' };
const errorSquiggle = { selector: '.monaco-editor .squiggly-error', what: 'an error squiggle in the editor' };
/** Inside a webview: its outer frame, then the frame holding the page. */
const inWebview = (selector) => `iframe.webview >> internal:control=enter-frame >> iframe#active-frame >> internal:control=enter-frame >> ${selector}`;
const renderedPrompt = { selector: inWebview('.render .src'), what: 'the rendered prompt in the preview' };
const codeLens = { selector: '.monaco-editor .codelens-decoration a', what: 'the code lens on the first line' };
const packStatus = { selector: '.statusbar-item:has-text("corrupting")', what: 'the pack split in the status bar' };
// The previous shot's language server can outlive its window, so "a server
// runs" does not prove this window's is ready; its status bar item does.
const packReady = { wait: packStatus };

/** Collapses the Explorer's folder section, so the Outline below it gets the side bar's height. */
const collapseFolders = { click: { selector: '.pane-header[aria-label^="Explorer Section"]', what: "the Explorer's folder section header" } };
const warningSquiggle = { selector: '.monaco-editor .squiggly-warning', what: 'a warning squiggle in the editor' };
/** Selects the first match of `text` in the editor: find it, then close the find widget (the match stays selected). */
const selectText = (text) => [
  { wait: errorSquiggle },
  { keys: 'Control+F' },
  { wait: { selector: '.find-widget.visible textarea', what: 'the find widget' } },
  { type: text },
  { keys: 'Enter' },
  { keys: 'Escape' },
];

/**
 * Steps: `{ keys }` presses a key chord, `{ type }` types text, `{ wait }`
 * waits for a selector, `{ click }` clicks one, `{ palette }` runs a built-in command by its
 * palette label, `{ command }` runs one of ours (label from the manifest).
 * `waitFor`: selectors that must be visible before the shot (`settled`:
 * and done animating, for widgets that fade in).
 */
const shots = [
  {
    image: 'pack-diagnostics.png',
    open: 'packs/support-agent.pack',
    steps: [showProblems],
    waitFor: [errorSquiggle, problemRows, packStatus, codeLens],
  },
  {
    image: 'prompts-diagnostics.png',
    open: 'prompts/fix-flaky-test.prompts',
    steps: [showProblems],
    waitFor: [errorSquiggle, problemRows],
  },
  {
    // Secrets of several kinds (a comment, a webhook, a database URL, a key over a ''' string) and one an allow comment silences.
    image: 'prompts-secrets.png',
    open: 'prompts/fix-billing-deploy.prompts',
    steps: [showProblems],
    waitFor: [warningSquiggle, problemRows],
  },
  {
    // The demo's feature-login.prompts has one hand edit since HEAD and no [[edits]] entry.
    image: 'hand-edit-quick-fix.png',
    open: 'prompts/feature-login.prompts',
    steps: [{ wait: warningSquiggle }, { keys: 'F8' }, { keys: 'Escape' }, { keys: 'Control+.' }],
    waitFor: [
      warningSquiggle,
      { selector: '.action-widget :text("Record in [[edits]]")', what: 'the quick-fix menu offering Record in [[edits]]' },
      { selector: '.statusbar-item :text("unlogged")', what: 'the status bar counting unlogged hand edits' },
    ],
  },
  {
    // The README's redaction walkthrough, 1 of 2: a secret selected, the context menu open on it.
    image: 'redact-selection-menu.png',
    open: 'prompts/fix-flaky-test.prompts',
    steps: [...selectText('token=abcd1234efgh5678'), { keys: 'Shift+F10' }],
    waitFor: [{ selector: '.context-view .monaco-menu :text("Redact Selection")', what: 'the context menu offering Redact Selection' }],
  },
  {
    // 2 of 2: redacted, and the [[edits]] entry appended with its reason selected to type over.
    image: 'redact-selection-done.png',
    open: 'prompts/fix-flaky-test.prompts',
    steps: [...selectText('token=abcd1234efgh5678'), { command: 'packsAndPrompts.redactSelection' }],
    waitFor: [
      { selector: '.monaco-editor .view-lines :text("[REDACTED]")', what: 'the redacted text' },
      { selector: '.monaco-editor .view-lines :text("Redacted text in turn 0.")', what: 'the appended entry' },
      { selector: '.statusbar-item :text("all 1 logged")', what: 'the status bar saying the edit is logged' },
    ],
  },
  {
    // The demo's main.prompts holds the login session as merged; its branch file has been edited since.
    image: 'bundle-merged-copy.png',
    open: 'prompts/main.prompts',
    steps: [showProblems],
    waitFor: [warningSquiggle, problemRows, { selector: '.markers-panel .monaco-list-row :text("feature-login.prompts")', what: 'the related location in the branch file' }],
  },
  {
    image: 'outline.png',
    open: 'packs/support-agent.pack',
    steps: [{ palette: 'Explorer: Focus on Outline View' }, collapseFolders],
    waitFor: [{ selector: '.outline-pane .monaco-list-row', what: 'sections in the Outline view' }],
  },
  {
    image: 'prompts-outline.png',
    open: 'prompts/feature-login.prompts',
    steps: [{ palette: 'Explorer: Focus on Outline View' }, collapseFolders],
    waitFor: [{ selector: '.outline-pane .monaco-list-row', what: 'sessions and turns in the Outline view' }],
  },
  {
    image: 'preview.png',
    open: 'loom-9/coding-agent.pack',
    steps: [packReady, { keys: 'Control+B' }, { command: 'packsAndPrompts.showPreviewToSide' }],
    waitFor: [renderedPrompt, packStatus],
  },
  {
    // The demo's code-reviewer.pack has one reworded line since HEAD and the same version.
    image: 'preview-vs-head.png',
    open: 'loom-9/code-reviewer.pack',
    steps: [packReady, { keys: 'Control+B' }, { command: 'packsAndPrompts.showPreviewToSide' }],
    waitFor: [
      renderedPrompt,
      { selector: inWebview('.baseline.changed'), what: 'the preview saying the render changed since HEAD, with its common prefix' },
      { selector: inWebview('.difference a.link'), what: 'the first difference linked to its pack line' },
      warningSquiggle,
    ],
  },
  {
    // The Session Review beside the demo's feature-login.prompts: its card, turns and tool calls, and the unlogged hand edit marked where it is.
    image: 'session-review.png',
    open: 'prompts/feature-login.prompts',
    steps: [{ wait: warningSquiggle }, { keys: 'Control+B' }, { command: 'packsAndPrompts.openSessionReviewToSide' }],
    waitFor: [
      { selector: inWebview('.card .turn .tool'), what: 'the turns and tool calls in the review' },
      { selector: inWebview('.mark.unlogged'), what: 'the unlogged hand edit marked on its turn' },
    ],
  },
  {
    // fix-flaky-test.prompts: the pasted token masked, the validation errors marked on their card and turn.
    image: 'session-review-secrets.png',
    open: 'prompts/fix-flaky-test.prompts',
    steps: [{ wait: errorSquiggle }, { keys: 'Control+B' }, { command: 'packsAndPrompts.openSessionReviewToSide' }],
    waitFor: [
      { selector: inWebview('.piece.secret'), what: 'the secret masked in the turn' },
      { selector: inWebview('.mark.error'), what: 'an error marked in the review' },
    ],
  },
  {
    // The review's search over the whole file: the count, and the matches highlighted in the cards.
    image: 'session-review-search.png',
    open: 'prompts/feature-login.prompts',
    steps: [{ wait: warningSquiggle }, { keys: 'Control+B' }, { command: 'packsAndPrompts.openSessionReviewToSide' }, { click: { selector: inWebview('input.search-box') } }, { type: 'form' }, { keys: 'Enter' }],
    waitFor: [{ selector: inWebview('.search-count:has-text(" of ")'), what: 'the search count at its first place' }],
  },
  {
    // A filter narrowing the cards and the counts: sessions with problems.
    image: 'session-review-filters.png',
    open: 'prompts/fix-flaky-test.prompts',
    steps: [{ wait: errorSquiggle }, { keys: 'Control+B' }, { command: 'packsAndPrompts.openSessionReviewToSide' }, { click: { selector: inWebview('button.problems') } }],
    waitFor: [{ selector: inWebview('.filtered-badge'), what: 'the counts marked Filtered' }],
  },
  {
    // A short pane (the Problems panel open below): the header on one line.
    image: 'session-review-compact.png',
    open: 'prompts/feature-login.prompts',
    steps: [{ wait: warningSquiggle }, { keys: 'Control+B' }, { command: 'packsAndPrompts.openSessionReviewToSide' }, showProblems],
    waitFor: [{ selector: inWebview('.card .turn'), what: 'the cards below a one-line header' }, problemRows],
  },
  {
    image: 'pack-hover.png',
    open: 'packs/support-agent.pack',
    steps: [packReady, { palette: 'Go to Line/Column...' }, { type: '20:3' }, { keys: 'Enter' }, { palette: 'Show or Focus Hover' }],
    waitFor: [{ selector: '.monaco-hover:has(.hover-contents)', what: 'the hover on {network}', settled: true }],
  },
  {
    // examples/fork: a pack that names an operator's profile file; the hover on its `%% # profile:` line.
    image: 'pack-profile.png',
    open: 'fork/acme-agent.pack',
    steps: [packReady, { palette: 'Go to Line/Column...' }, { type: '3:6' }, { keys: 'Enter' }, { palette: 'Show or Focus Hover' }],
    waitFor: [
      { selector: '.monaco-hover:has(.hover-contents)', what: 'the hover on the profile comment', settled: true },
      { selector: '.statusbar-item:has-text("acme-loom")', what: 'the status bar naming the profile' },
    ],
  },
  {
    image: 'pack-completion.png',
    open: 'packs/support-agent.pack',
    steps: [packReady, { palette: 'Go to Line/Column...' }, { type: '16:72' }, { keys: 'Enter' }, { keys: 'End' }, { type: ' Reply from {' }, { keys: 'Control+Space' }],
    waitFor: [{ selector: '.suggest-widget.visible .monaco-list-row', what: 'binding names in the completion list' }],
  },
];

/** For `--check`: open, wait for the language server, no picture. */
const installChecks = [
  { name: 'activation by a pack', open: 'packs/support-agent.pack', steps: [], waitFor: [] },
  { name: 'activation by a .prompts file', open: 'prompts/feature-login.prompts', steps: [], waitFor: [] },
];

const imagesDir = path.join(repoRoot, 'docs', 'images');
const waitMs = 30_000;

async function takeShot({ shot, toolchain, stateDir, origin, workspace, manifest, anyway }) {
  const context = await launchBrowser({ toolchain, stateDir: path.join(stateDir, `browser-${shot.image ?? shot.name}`) });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openWorkbench(page, origin, workspace);
    await openFile(page, shot.open);
    await waitUntil(() => languageServerRunning(stateDir), 'the extension to activate and start its language server');
    for (const step of shot.steps) {
      if (step.keys) await page.keyboard.press(step.keys);
      else if (step.type !== undefined) await page.keyboard.type(step.type);
      else if (step.wait) await page.locator(step.wait.selector).first().waitFor({ timeout: waitMs });
      else if (step.click) await page.locator(step.click.selector).first().click({ timeout: waitMs });
      else if (step.palette) await runFromPalette(page, step.palette);
      else await runFromPalette(page, paletteLabel(manifest, step.command));
    }
    const missed = [];
    for (const { selector, what, settled } of shot.waitFor) {
      try {
        const target = page.locator(selector).first();
        await target.waitFor({ timeout: waitMs });
        if (settled) await target.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      } catch {
        // Recorded, not thrown: the caller decides whether the picture still counts.
        missed.push(`${what} (\`${selector}\`)`);
      }
    }
    if (missed.length > 0 && !anyway) throw new Error(`${shot.image}: timed out after ${waitMs / 1000} s waiting for ${missed.join(', ')}`);
    if (!shot.image) return { missed };
    // Let the cursor's blink and hover fade not decide the picture.
    await page.mouse.move(0, 0);
    const file = path.join(imagesDir, shot.image);
    await page.screenshot({ path: file });
    return { file, missed };
  } finally {
    await context.close();
  }
}

/** Chromium writes large PNGs: recompress them losslessly. */
function optimise(file) {
  execFileSync(ensureDebianTool('optipng', 'optipng', 'optipng (shrinks the screenshots)'), ['-quiet', '-o2', '-strip', 'all', file]);
}

async function main() {
  const only = process.argv.slice(2).filter((a) => a.endsWith('.png'));
  const anyway = process.argv.includes('--anyway');
  const check = process.argv.includes('--check');
  const toolchain = await ensureToolchain();
  process.stdout.write('Packaging...\n');
  const { vsix } = packageExtension({ quiet: true });
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const stateDir = freshStateDir('screenshots');
  const group = new ProcessGroup();
  const logLines = [];
  const log = (line) => logLines.push(line);
  let failures = 0;
  try {
    const { root: workspace } = buildDemoWorkspace(stateDir);
    if (check) {
      // Each check needs a window in which nothing has activated the extension yet: a fresh server.
      for (const shot of installChecks) {
        const checkDir = path.join(stateDir, shot.name.replaceAll(' ', '-'));
        const checkGroup = new ProcessGroup();
        try {
          const server = await startUserWorkbench({ group: checkGroup, toolchain, stateDir: checkDir, vsix, log });
          await takeShot({ shot, toolchain, stateDir: checkDir, origin: server.origin, workspace, manifest, anyway });
          process.stdout.write(`- ok: ${shot.name}: the installed .vsix started its language server\n`);
        } catch (e) {
          failures++;
          process.stderr.write(`- FAILED ${shot.name}: ${e.message}\n`);
        } finally {
          await checkGroup.stopAll();
          checkGroup.dispose();
        }
      }
      return failures === 0 ? 0 : 1;
    }
    const theme = process.env.PACKS_SCREENSHOT_THEME;
    const { origin } = await startUserWorkbench({ group, toolchain, stateDir, vsix, log, settings: theme ? { 'workbench.colorTheme': theme } : {} });
    mkdirSync(imagesDir, { recursive: true });
    for (const shot of shots) {
      if (only.length > 0 && !only.includes(shot.image)) continue;
      const missing = shot.steps.find((s) => s.command && !paletteLabel(manifest, s.command));
      if (missing) {
        process.stdout.write(`- ${shot.image}: skipped, this build contributes no command ${missing.command}\n`);
        continue;
      }
      try {
        const { file, missed } = await takeShot({ shot, toolchain, stateDir, origin, workspace, manifest, anyway });
        optimise(file);
        process.stdout.write(`- ${path.relative(repoRoot, file)}${missed.length > 0 ? ` (taken anyway, without ${missed.join(', ')})` : ''}\n`);
      } catch (e) {
        failures++;
        process.stderr.write(`- FAILED ${e.message}${existsSync(path.join(imagesDir, shot.image)) ? ' (the old image is kept)' : ''}\n`);
      }
    }
  } finally {
    await group.stopAll();
    group.dispose();
    if (failures === 0) rmSync(stateDir, { recursive: true, force: true });
    else process.stderr.write(`State kept in ${stateDir}; last server lines:\n${logLines.slice(-20).join('\n')}\n`);
  }
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`\nScreenshots failed: ${e instanceof MissingPiece ? e.message : (e.stack ?? e.message)}\n`);
    process.exit(1);
  },
);
