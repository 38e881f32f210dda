/**
 * Debian's Chromium through playwright-core: never a browser download, no network, a fresh
 * profile each launch.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.OCPP_CHROMIUM ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<{ browser: BrowserContext; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)`);
  const profile = mkdtempSync(join(tmpdir(), 'ocpp-chromium-'));
  // A persistent context is how playwright takes --user-data-dir: a fresh folder, removed afterwards.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport: { width: 1400, height: 1000 },
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
