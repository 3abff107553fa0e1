import { defineConfig } from '@playwright/test';
import { assertChromium, CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

assertChromium();

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // The journeys against the simulators (demo organization, fault knobs, restarts).
    { name: 'sim', testIgnore: /real\// },
    // The same kinds of journeys against the real Zulip server of ../shared/real-zulip (skipped, with the reason
    // printed, where it is absent). Its server answers more slowly than the simulator.
    { name: 'real', testDir: 'e2e/real', timeout: 60_000, expect: { timeout: 15_000 } },
  ],
});
