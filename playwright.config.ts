import { defineConfig } from '@playwright/test';
import { assertChromium, CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

assertChromium();

const realTimeouts = { timeout: 60_000, expect: { timeout: 15_000 } };

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
  // Each area's last check (nothing leaked, after every journey signed in, acted and signed out) is a project of
  // its own that depends on the journeys, so it runs after them whatever the file names or the worker count.
  // `--project=sim` / `--project=real` run the journeys and then that check (`--no-deps` only the check).
  projects: [
    // The journeys against the simulators (demo organization, fault knobs, restarts).
    { name: 'sim-journeys', testIgnore: [/real\//, /final\//] },
    { name: 'sim', testDir: 'e2e/final', dependencies: ['sim-journeys'] },
    // The same kinds of journeys against the real Zulip server of ../shared/real-zulip (skipped, with the reason
    // printed, where it is absent). Its server answers more slowly than the simulator.
    { name: 'real-journeys', testDir: 'e2e/real', testIgnore: /final\//, ...realTimeouts },
    { name: 'real', testDir: 'e2e/real/final', dependencies: ['real-journeys'], ...realTimeouts },
  ],
});
