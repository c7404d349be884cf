import { defineConfig } from "vitest/config";
import SlowFirstSequencer from "./tests/support/sequencer.ts";

export default defineConfig({
  test: {
    include: ["{core,store,projections,api,web,tests}/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 30_000,
    // Vitest would run one file at a time on two cores (cores - 1); most of a file's time is spent
    // waiting on PostgreSQL, Chromium or a child process, so three files share the two cores well.
    maxWorkers: 3,
    hookTimeout: 120_000,
    globalSetup: ["tests/support/global-setup.ts"],
    // The slowest files start first, so short ones fill in around them (tests/support/sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    // Files run in parallel on two cores: a read model may take longer than the 1.5 s a command waits
    // in production before answering 202. Tests of that bound give their runner its own budget.
    env: { READ_MODEL_WAIT_MS: "10000" },
  },
});
