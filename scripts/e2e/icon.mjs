// Renders images/icon.svg to images/icon.png (128x128, the Marketplace's
// size) in Debian's Chromium. Run by hand after editing the SVG:
// `node scripts/e2e/icon.mjs`; the PNG is committed.
import { readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { launchBrowser } from './browser.mjs';
import { freshStateDir, repoRoot } from './paths.mjs';
import { ensureChromium } from './toolchain.mjs';

const size = 128;
const svg = readFileSync(path.join(repoRoot, 'images', 'icon.svg'), 'utf8');
const stateDir = freshStateDir('icon');
const context = await launchBrowser({ toolchain: { chromium: ensureChromium() }, stateDir, viewport: { width: size, height: size } });
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: path.join(repoRoot, 'images', 'icon.png'), omitBackground: true });
} finally {
  await context.close();
  rmSync(stateDir, { recursive: true, force: true });
}
