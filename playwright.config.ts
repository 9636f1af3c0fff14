import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/support/chromium.ts';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: /electron\//, use: { browserName: 'chromium' } },
    { name: 'electron', testMatch: /electron\/.*\.spec\.ts/ },
  ],
});
