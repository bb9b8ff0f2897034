// Debian's Chromium driven by playwright-core: headless, quiet on a closed
// network, with its profile in the run's temporary folder.
import * as path from 'node:path';
import { chromium } from 'playwright-core';

/** Without the background-networking flags Chromium floods a closed network with refused connections. */
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const viewport = { width: 1280, height: 800 };

/** A browser context; close it to end the browser. */
export async function launchBrowser({ toolchain, stateDir, viewport: size = viewport }) {
  return chromium.launchPersistentContext(path.join(stateDir, 'chromium'), {
    executablePath: toolchain.chromium,
    headless: true,
    args: flags,
    viewport: size,
    deviceScaleFactor: 1,
  });
}
