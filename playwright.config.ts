import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's headless shell first: it is the browser Playwright itself runs headless, and here it drew
 * a journey's two pages in 1.4 s against full Chromium's 2.9 s, with half the CPU (full Chromium's
 * new headless mode opens a whole browser window per test). Then Debian's full Chromium; a newcomer
 * elsewhere may have Playwright's own.
 */
function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (found) return found;
  return undefined; // Playwright then looks for its own download and says how to get it.
}

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const VERIFYING_PORT = PORT + 1;
/** The second browser gets a shop of its own (e2e/fixtures.ts, baseURL): PGlite answers one query
 * at a time, in its process, so one shop for both browsers was the suite's bottleneck. */
export const SECOND_PORT = PORT + 2;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two browsers on two cores. A third finished no sooner (8.3 against 8.5 minutes) and, on a
  // busy machine, pushed unrelated checks past their 5 s.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Generous waits: on a loaded machine of this kind a page has taken 3 s to draw and a journey
  // four times its usual length. A wait that passes returns at once, so a green run is no slower.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace for every test, to keep only a failure's, made the journeys about a fifth
    // slower (three specs: 116 against 145 s, 104 against 132 s), and CI's clean clone is thrown
    // away with its traces. To look into a failure: `npx playwright test <spec> --trace on`, or E2E_TRACE=1.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  // Every test runs at phone width, the shop's first reader. At desktop width run only the tests
  // whose screen is laid out differently there, tagged BOTH_WIDTHS (e2e/fixtures.ts says which).
  projects: [
    {
      name: 'phone',
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true, baseURL: `http://localhost:${PORT}` },
    },
    {
      name: 'desktop',
      grep: /@both-widths/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${PORT}` },
    },
  ],
  webServer: [
    {
      command: 'tsx e2e/serve.ts',
      url: `http://localhost:${PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { PORT: String(PORT), NODE_ENV: 'test' },
    },
    {
      command: 'tsx e2e/serve.ts',
      url: `http://localhost:${SECOND_PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { PORT: String(SECOND_PORT), NODE_ENV: 'test' },
    },
    // The same shop with REQUIRE_EMAIL_VERIFICATION on (design.md), for the journeys of that choice.
    {
      command: 'tsx e2e/serve.ts',
      url: `http://localhost:${VERIFYING_PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { PORT: String(VERIFYING_PORT), NODE_ENV: 'test', REQUIRE_EMAIL_VERIFICATION: 'true' },
    },
  ],
});
