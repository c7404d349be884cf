import { defineConfig } from "vitest/config";
import SlowFirstSequencer from "./tests/support/sequencer.ts";

/** What every project runs with. */
const common = {
  exclude: ["**/node_modules/**", "**/dist/**"],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // Files run in parallel on two cores: a read model may take longer than the 1.5 s a command waits
  // in production before answering 202. Tests of that bound give their runner its own budget.
  env: { READ_MODEL_WAIT_MS: "10000" },
};

/** The browser suites: a web build lock, NODE_ENV switched while building, Chromium. */
const browser = ["tests/e2e/**/*.test.ts"];
/**
 * The web app's own tests (globals stubbed, fake timers), and the one API test that mocks a module (the
 * profiles' rights narrowed, to reach the dashboard's 403s: no profile of the product reads less than all).
 */
const isolated = ["web/**/*.test.{ts,tsx}", "api/src/dashboard/dashboard-rights.test.ts"];

/**
 * Files that measure the server's answers while it handles hostile files (issue 21: within 200 ms):
 * run last, alone, once the other files no longer share the two cores.
 */
const calm = ["tests/uploads/**/*.test.ts"];

export default defineConfig({
  test: {
    ...common,
    // Vitest would run one file at a time on two cores (cores - 1); much of a file's time is spent
    // waiting on PostgreSQL, Chromium or a child process, so four files share the two cores: measured
    // from clean clones on one machine, the suite took 1,014 s with three and 925 s with four.
    maxWorkers: 4,
    // Once per run, at the root: the projects read what it provides (a project that named it too
    // would make its own templates again).
    globalSetup: ["tests/support/global-setup.ts"],
    // The slowest files start first, so short ones fill in around them (tests/support/sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          ...common,
          name: "shared",
          include: ["{core,store,projections,api,tests,local-platform}/**/*.test.{ts,tsx}"],
          exclude: [...common.exclude, ...browser, ...isolated, ...calm],
          // A worker keeps its modules from one file to the next: importing the API's modules again for
          // each file cost about 400 s of CPU per run (a quarter of the suite's) against 60 s. Files do
          // not mock modules or stub globals (items.test.ts restores its one spy), and module state that
          // depends on what ran before is a bug this finds: the PDF fonts' glyphs were (canvas.ts).
          isolate: false,
        },
      },
      // The browser suites keep their modules from one file to the next too (the API, the web's router,
      // Playwright: seconds of import each); none mocks a module or stubs a global, and the one global
      // a build switches (NODE_ENV) is restored before the file goes on.
      { test: { ...common, name: "browser", include: browser, isolate: false } },
      { test: { ...common, name: "isolated", include: isolated } },
      { test: { ...common, name: "calm", include: calm, sequence: { groupOrder: 1 } } },
    ],
  },
});
