import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{core,store,projections,api,web,tests}/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: ["tests/support/global-setup.ts"],
  },
});
