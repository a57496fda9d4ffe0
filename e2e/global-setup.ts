import fs from 'node:fs';
import { chromium } from '@playwright/test';
import config from '../playwright.config.ts';

/** Fail early, and plainly, when there is no browser to drive. */
export default function globalSetup() {
  const configured = config.use?.launchOptions?.executablePath;
  if (configured) return;
  let own: string | undefined;
  try {
    own = chromium.executablePath();
  } catch {
    own = undefined;
  }
  if (!own || !fs.existsSync(own)) {
    throw new Error(
      'No Chromium found for the browser tests. Install one of:\n' +
        '  Debian/Ubuntu: apt-get install -y chromium-headless-shell   (or chromium; or set CHROMIUM_PATH to a Chromium binary)\n' +
        '  elsewhere:     npx playwright install chromium',
    );
  }
}
