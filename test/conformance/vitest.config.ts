// The conformance suite: the stated interface (docs/service-api.md), against the sandbox (default)
// or against any service given CHECKOUT_BASE_URL and CHECKOUT_API_KEY (stated checks only).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/conformance/**/*.test.ts'],
    globalSetup: ['test/conformance/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A real service may rate-limit: one file at a time keeps the request rate modest.
    fileParallelism: false,
  },
});
